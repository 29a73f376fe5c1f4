import { DataTable, NumberField } from 'react-admin';
import { CatalogueList } from '../../components/CatalogueList';
import { DownloadButton } from '../../components/DownloadButton';

/**
 * Dealers (branches): title, state, district, city, location, phone, mobile and Total
 * Sales; Create and Download (Branches.xlsx: docs/decisions.md, "Exports are").
 * Title and Total Sales sort; otherwise the server keeps branches in their set order.
 * Phone numbers keep one line (a landline's dash must not break it).
 */
export const BranchList = () => (
  <CatalogueList title="Dealers" actions={<DownloadButton path="/branch/export" filename="Branches.xlsx" />}>
    <DataTable.Col source="title" label="Title" />
    <DataTable.Col source="state" label="State" disableSort />
    <DataTable.Col source="district" label="District" disableSort />
    <DataTable.Col source="city" label="City" disableSort />
    <DataTable.Col source="location" label="Location" disableSort />
    <DataTable.Col source="phone" label="Phone" disableSort sx={{ whiteSpace: 'nowrap' }} />
    <DataTable.Col source="mobile" label="Mobile" disableSort sx={{ whiteSpace: 'nowrap' }} />
    <DataTable.Col source="registrations_count" label="Total Sales">
      <NumberField source="registrations_count" emptyText="0" />
    </DataTable.Col>
  </CatalogueList>
);
