import { Typography } from '@mui/material';
import { DataTable, SearchInput, useGetIdentity } from 'react-admin';
import { List } from '../../components/List';
import { SERVER_ORDER } from '../../components/listDefaults';
import type { Identity } from '../../providers/authProvider';
import { showRowClick } from '../../routing';
import { RestoreButton } from './RestoreButton';
import { registrationColumns } from './registrationColumns';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];

/**
 * /admin/registration/deleted (delete-registration): the soft-deleted registrations, Bill
 * No, Name, Bike Model, (head office: Branch, City), Registered, each with Restore.
 */
export const RegistrationDeletedList = () => {
  const { identity } = useGetIdentity();
  const isAdmin = !!(identity as Identity | undefined)?.isAdmin;
  return (
    <List
      resource="registration"
      title="Trash"
      storeKey="registration.deleted"
      queryOptions={{ meta: { path: '/registration/deleted' } }}
      filters={filters}
      sort={SERVER_ORDER}
      perPage={10}
      actions={false}
      empty={false}
    >
      <DataTable
        rowClick={showRowClick}
        bulkActionButtons={false}
        empty={
          <Typography variant="body2" sx={{ p: 2 }}>
            No deleted registrations
          </Typography>
        }
      >
        {registrationColumns(isAdmin)}
        <DataTable.Col label="Actions" disableSort>
          <RestoreButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
