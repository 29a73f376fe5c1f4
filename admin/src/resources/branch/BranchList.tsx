import { CreateButton, DataTable, List, NumberField, SearchInput, TopToolbar } from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { SERVER_ORDER } from '../../components/listDefaults';
import { showRowClick } from '../../routing';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];

/**
 * Dealers (branches): title, state, district, city, location, phone, mobile and Total
 * Sales; Create and Download (Branches.xlsx) (SPEC section 2 "Branch", DESIGN section 5).
 * Title and Total Sales sort; otherwise the server keeps branches in their set order.
 * Phone numbers keep one line (a landline's dash must not break it).
 */
export const BranchList = () => (
  <List
    title="Dealers"
    filters={filters}
    sort={SERVER_ORDER}
    perPage={10}
    actions={
      <TopToolbar>
        <CreateButton />
        <DownloadButton path="/branch/export" filename="Branches.xlsx" />
      </TopToolbar>
    }
  >
    <DataTable rowClick={showRowClick} bulkActionButtons={false}>
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
    </DataTable>
  </List>
);
