import { BooleanInput, maxLength, minValue, NumberInput, required, SimpleForm, TextInput } from 'react-admin';
import { FilePickerInput } from '../../components/FilePickerInput';
import { FormToolbar } from '../../components/FormToolbar';
import { NepaliTextInput } from '../../components/NepaliTextInput';

/** Title, thumbnail image (an uploaded file id in thumbnail_id) and the landing page's showcase line and price. */
export const BikeModelForm = () => (
  <SimpleForm noValidate toolbar={<FormToolbar />} sx={{ maxWidth: 600 }}>
    <TextInput source="title" label="Title" validate={[required(), maxLength(100)]} fullWidth />
    <NepaliTextInput source="title_ne" label="Title" max={100} />
    <FilePickerInput source="thumbnail_id" previewSource="thumbnail" label="Thumbnail" />
    <TextInput source="tagline" label="Showcase Line" validate={maxLength(140)} helperText="One line under the model on the landing page" fullWidth />
    <NepaliTextInput source="tagline_ne" label="Showcase Line" max={140} />
    <NumberInput source="price" label="Price (Rs.)" validate={minValue(1)} min={1} step={100} />
    <BooleanInput source="price_from" label="Show as a 'from' price" />
  </SimpleForm>
);
