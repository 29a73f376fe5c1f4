import { FunctionField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { DeleteWithConfirm } from '../../components/DeleteWithConfirm';
import { nepalDateTime } from '../../components/format';
import { bookingTypeLabel } from './bookingType';

/** Delete only (a booking is never edited), behind 'Are you sure?'; back to the list after. */
const Actions = () => (
  <TopToolbar>
    <DeleteWithConfirm />
  </TopToolbar>
);

/**
 * /admin/test-ride/{slug}: name, phone, model, state,
 * district, city, branch; then the type, email, date and referrer the table shows.
 */
export const TestRideShow = () => (
  <Show title="Test Ride" actions={<Actions />}>
    <SimpleShowLayout>
      <TextField source="name" label="Name" />
      <TextField source="phone" label="Phone" />
      <TextField source="bike_model.title" label="Model" emptyText="—" />
      <TextField source="state" label="State" emptyText="—" />
      <TextField source="district" label="District" emptyText="—" />
      <TextField source="city" label="City" emptyText="—" />
      <TextField source="branch.title" label="Branch" emptyText="—" />
      <FunctionField label="Type" render={(r) => bookingTypeLabel(r.type)} />
      <TextField source="email" label="Email" emptyText="—" />
      <FunctionField label="Registered" render={(r) => nepalDateTime(r.created_at) || '—'} />
      <TextField source="referrer.title" label="Referrer" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);
