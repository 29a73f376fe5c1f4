import type { ExportColumn } from '../../common/export/workbook';
import type { RegistrationExportRow } from '../../repositories/registration.repository';

/** The workbook's columns: the table's columns first, then the record's other details. */
export const REGISTRATION_EXPORT_COLUMNS: ExportColumn<RegistrationExportRow>[] = [
  { header: 'Bill No', value: (r) => r.bill_no },
  { header: 'Name', width: 28, value: (r) => r.name },
  { header: 'Bike Model', value: (r) => r.bike_model },
  { header: 'Branch', width: 24, value: (r) => r.branch },
  { header: 'City', width: 24, value: (r) => r.city },
  { header: 'Registered', value: (r) => r.registered, date: true },
  { header: 'Payment', value: (r) => r.payment_mode },
  { header: 'Register Prize', value: (r) => r.pre_prize },
  { header: 'Buy Prize', value: (r) => r.post_prize },
  { header: 'Total Prize', value: (r) => (r.pre_prize ?? 0) + (r.post_prize ?? 0) },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Address', width: 28, value: (r) => r.address },
  { header: 'Citizenship No/PAN', value: (r) => r.citizenship_no },
  { header: 'Email', width: 28, value: (r) => r.email },
  { header: 'Engine No', value: (r) => r.engine_no },
  { header: 'Chassis No', value: (r) => r.chasis_no },
  { header: 'Registration No', value: (r) => r.registration_no },
  { header: 'Key Handover Shared', value: (r) => (r.shared ? 'Yes' : 'No') },
];
