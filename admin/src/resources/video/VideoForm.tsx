import { maxLength, minValue, NumberInput, regex, required, SimpleForm, TextInput } from 'react-admin';
import { FilePickerInput } from '../../components/FilePickerInput';
import { FormToolbar } from '../../components/FormToolbar';
import { NepaliTextInput } from '../../components/NepaliTextInput';
import { RegistrationSearchInput } from '../registration/ReferringRegistrationInput';

/** Title (labelled Name), link URL, amount, the winner's registration and thumbnail. */
export const VideoForm = () => (
  <SimpleForm noValidate toolbar={<FormToolbar />} sx={{ maxWidth: 600 }}>
    <TextInput source="title" label="Name" validate={[required(), maxLength(150)]} fullWidth />
    <NepaliTextInput source="title_ne" label="Name" max={150} />
    <TextInput source="url" label="Link URL" type="url" validate={[required(), regex(/^https?:\/\//, 'The url must start with http:// or https://.')]} fullWidth />
    <NumberInput source="amount" label="Amount" validate={[required(), minValue(0)]} step={1} fullWidth />
    <RegistrationSearchInput label="Winner's registration" helperText="Search by bill number or phone; the winner's phone is taken from it." current="registration" />
    <FilePickerInput source="thumbnail_id" previewSource="thumbnail" label="Thumbnail" />
  </SimpleForm>
);
