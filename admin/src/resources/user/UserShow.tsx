import { Labeled, Show, SimpleShowLayout, TextField, WithRecord } from 'react-admin';
import { ShowActions } from '../../components/ShowActions';

/** Full name, role, branch if any, email, phone; Edit and Delete. */
export const UserShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="name" label="Full Name" />
      <TextField source="role.title" label="Role" />
      <WithRecord
        render={(record) =>
          record.branch ? (
            <Labeled label="Branch">
              <TextField source="branch.title" />
            </Labeled>
          ) : null
        }
      />
      <TextField source="email" label="Email" />
      <TextField source="phone" label="Phone" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);
