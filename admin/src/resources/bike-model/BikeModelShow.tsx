import { rupees } from '@campaign/domain';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ShowActions } from '../../components/ShowActions';
import { ThumbnailField } from '../../components/Thumbnail';

/** Name and image, with Edit and Delete. */
export const BikeModelShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="title" label="Name" />
      <TextField source="title_ne" label="Name (Nepali)" emptyText="—" />
      <Labeled label="Image">
        <ThumbnailField source="thumbnail" />
      </Labeled>
      <TextField source="tagline" label="Showcase Line" emptyText="—" />
      <TextField source="tagline_ne" label="Showcase Line (Nepali)" emptyText="—" />
      <FunctionField label="Price" render={(r: { price: number | null; price_from: boolean }) => (r.price ? `${r.price_from ? 'From ' : ''}${rupees(r.price)}` : '—')} />
    </SimpleShowLayout>
  </Show>
);
