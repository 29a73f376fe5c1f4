import { Show, SimpleShowLayout, TextField } from 'react-admin';
import { ShowActions } from '../../components/ShowActions';

/** Name, state, district, city, email, phone, mobile; Edit and Delete. */
export const BranchShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="title" label="Name" />
      <TextField source="title_ne" label="Name (Nepali)" emptyText="—" />
      <TextField source="state" label="State" emptyText="—" />
      <TextField source="district" label="District" emptyText="—" />
      <TextField source="city" label="City" emptyText="—" />
      <TextField source="email" label="Email" emptyText="—" />
      <TextField source="phone" label="Phone" emptyText="—" />
      <TextField source="mobile" label="Mobile" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);
