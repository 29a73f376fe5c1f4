import { rupees } from '@campaign/domain';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, UrlField } from 'react-admin';
import { ShowActions } from '../../components/ShowActions';
import { ThumbnailField } from '../../components/Thumbnail';

/** Title, url, phone, amount, image; Edit and Delete. */
export const VideoShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="title" label="Title" />
      <TextField source="title_ne" label="Title (Nepali)" emptyText="—" />
      <UrlField source="url" label="URL" target="_blank" rel="noopener noreferrer" />
      <TextField source="phone" label="Phone" emptyText="—" />
      <FunctionField source="amount" label="Amount" render={(r) => (r.amount ? rupees(r.amount) : '')} />
      <Labeled label="Image">
        <ThumbnailField source="thumbnail" />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
