import { Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ShowActions } from '../../components/ShowActions';
import { ThumbnailField } from '../../components/Thumbnail';

/** Name and image, with Edit and Delete (SPEC section 2 "Bike model"). */
export const BikeModelShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="title" label="Name" />
      <Labeled label="Image">
        <ThumbnailField source="thumbnail" />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
