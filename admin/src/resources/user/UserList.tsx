import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { SERVER_ORDER } from '../../components/listDefaults';
import { showRowClick } from '../../routing';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];

/** Dealer users: name, email, role title; Create needs create-user (SPEC section 2). */
export const UserList = () => (
  <List
    title="Dealer Users"
    filters={filters}
    sort={SERVER_ORDER}
    perPage={10}
    actions={
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    }
  >
    <DataTable rowClick={showRowClick} bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="role.title" label="Role" />
    </DataTable>
  </List>
);
