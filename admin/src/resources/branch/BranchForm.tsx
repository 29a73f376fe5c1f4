import { Grid } from '@mui/material';
import { email, maxLength, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isNepalMobile, nepalMobileMessage } from '@campaign/domain';
import { FormToolbar } from '../../components/FormToolbar';
import { NepaliTextInput } from '../../components/NepaliTextInput';
import { useApiList } from '../../components/useApiList';
import { cascade, State } from './geography';

/**
 * State, district and city from GET /geography: choosing a state offers its districts,
 * choosing a district its cities; changing one clears the ones below it. Without the
 * geography list the three are plain text inputs.
 */
const PlaceInputs = () => {
  const geography = useApiList<State>('/geography');
  const { setValue } = useFormContext();
  const [state, district, city] = useWatch({ name: ['state', 'district', 'city'] });
  const half = { xs: 12, md: 4 };

  if (geography.error || (!geography.isPending && !geography.data.length)) {
    return (
      <>
        <Grid size={half}>
          <TextInput source="state" label="State" validate={required()} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput source="district" label="District" validate={required()} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput source="city" label="City" validate={required()} fullWidth />
        </Grid>
      </>
    );
  }
  const options = cascade(geography.data, state, district, city);
  return (
    <>
      <Grid size={half}>
        <SelectInput
          source="state"
          label="State"
          choices={options.states}
          isPending={geography.isPending}
          validate={required()}
          onChange={() => {
            setValue('district', null, { shouldDirty: true });
            setValue('city', null, { shouldDirty: true });
          }}
          fullWidth
        />
      </Grid>
      <Grid size={half}>
        <SelectInput
          source="district"
          label="District"
          choices={options.districts}
          disabled={!state}
          validate={required()}
          onChange={() => setValue('city', null, { shouldDirty: true })}
          fullWidth
        />
      </Grid>
      <Grid size={half}>
        <SelectInput source="city" label="City" choices={options.cities} disabled={!district} validate={required()} fullWidth />
      </Grid>
    </>
  );
};

/** The dealer form (page titled 'Dealer Registration'). */
export const BranchForm = () => (
  <SimpleForm noValidate toolbar={<FormToolbar />} sx={{ maxWidth: 900 }}>
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <Grid size={12}>
        <TextInput source="title" label="Title" validate={[required(), maxLength(150)]} fullWidth />
      </Grid>
      <Grid size={12}>
        <NepaliTextInput source="title_ne" label="Title" max={150} />
      </Grid>
      <PlaceInputs />
      <Grid size={12}>
        <TextInput source="location" label="Location" validate={maxLength(255)} fullWidth />
      </Grid>
      <Grid size={12}>
        <NepaliTextInput source="location_ne" label="Location" max={255} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="email" label="Email" type="email" validate={email()} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="phone" label="Phone" type="tel" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput
          source="mobile"
          label="Mobile"
          type="tel"
          validate={(v: unknown) => (v == null || v === '' || isNepalMobile(v) ? undefined : nepalMobileMessage('mobile'))}
          helperText="A Nepal mobile number: the booking alerts go to it by SMS."
          fullWidth
        />
      </Grid>
    </Grid>
  </SimpleForm>
);
