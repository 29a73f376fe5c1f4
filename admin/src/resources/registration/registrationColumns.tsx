import { DataTable } from 'react-admin';
import { nepalDateTime } from '../../components/format';

/** The columns the registered list and the trash share: Bill No, Name, Bike Model, (head office: Branch, City), Registered. */
export function registrationColumns(isAdmin: boolean) {
  return [
    <DataTable.Col key="bill_no" source="bill_no" label="Bill No" />,
    <DataTable.Col key="name" source="name" label="Name" />,
    <DataTable.Col key="bike_model" source="bike_model.title" label="Bike Model" render={(r) => r.bike_model?.title ?? '—'} />,
    ...(isAdmin
      ? [
          <DataTable.Col key="branch" source="branch.title" label="Branch" render={(r) => r.branch?.title ?? '—'} />,
          <DataTable.Col key="city" source="branch.city" label="City" render={(r) => r.branch?.city ?? '—'} />,
        ]
      : []),
    <DataTable.Col key="created_at" source="created_at" label="Registered" render={(r) => nepalDateTime(r.created_at)} />,
  ];
}
