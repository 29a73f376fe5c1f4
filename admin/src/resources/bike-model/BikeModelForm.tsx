import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { FilePickerInput } from '../../components/FilePickerInput';
import { FormToolbar } from '../../components/FormToolbar';

/** Title and thumbnail image (an uploaded file id in thumbnail_id). */
export const BikeModelForm = () => (
  <SimpleForm noValidate toolbar={<FormToolbar />} sx={{ maxWidth: 600 }}>
    <TextInput source="title" label="Title" validate={[required(), maxLength(255)]} fullWidth />
    <FilePickerInput source="thumbnail_id" previewSource="thumbnail" label="Thumbnail" />
  </SimpleForm>
);
