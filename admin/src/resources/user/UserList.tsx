import { DataTable } from 'react-admin';
import { CatalogueList } from '../../components/CatalogueList';

/** Dealer users: name, email, role title; Create needs create-user. */
export const UserList = () => (
  <CatalogueList title="Dealer Users">
    <DataTable.Col source="name" label="Name" />
    <DataTable.Col source="email" label="Email" />
    <DataTable.Col source="role.title" label="Role" />
  </CatalogueList>
);
