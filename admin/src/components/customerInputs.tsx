import { email, maxLength, SelectInput, TextInput } from 'react-admin';
import { emailChars } from './inputFilters';
import { toChoices, useCampaignSettings } from './useCampaignSettings';

/** The customer's email, as the pre-registration and registration forms both ask it. */
export function CustomerEmailInput() {
  return <TextInput source="email" label="Email" type="email" parse={emailChars} validate={[email(), maxLength(255)]} fullWidth />;
}

/** 'Favorite Roadie': one of the roadie names kept in the campaign settings (optional). */
export function RoadieInput() {
  const { settings, isPending } = useCampaignSettings();
  return (
    <SelectInput source="roadie" label="Favorite Roadie" choices={toChoices(settings.options.roadies)} isPending={isPending} emptyText="—" fullWidth />
  );
}
