import { Box, Grid, InputAdornment, TextField, Typography } from '@mui/material';
import { BooleanInput, maxLength, regex, required, SelectInput, TextInput, useGetIdentity, useRecordContext } from 'react-admin';
import { BsDateField } from '../../components/BsDateInput';
import { CustomerEmailInput, RoadieInput } from '../../components/customerInputs';
import { ConfirmedForm, FormValues } from '../../components/ConfirmedForm';
import { nepalDate, nepalToday } from '../../components/format';
import { latinDigits, vehicleNumber } from '../../components/inputFilters';
import { useApiList } from '../../components/useApiList';
import { toChoices, useCampaignSettings } from '../../components/useCampaignSettings';
import type { Identity } from '../../providers/authProvider';
import { ADMIN_BASE } from '../../paths';
import { ReferringRegistrationInput } from './ReferringRegistrationInput';
import { paymentModeLabel } from './registrationFilters';

export const CONFIRM_REGISTRATION_TITLE = 'Please Confirm Registration Details';

interface Option {
  id: number;
  title: string;
}

const orNA = (v: unknown) => (v === null || v === undefined || v === '' ? 'N/A' : String(v));

/** What the confirm dialog shows: name, engine number and chassis number (N/A if empty). */
const Summary = ({ values }: { values: FormValues }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: 'auto 1fr',
      columnGap: 2,
      rowGap: 1,
      m: 0,
      '& dt': { color: 'text.secondary' },
      '& dd': { m: 0, fontWeight: 600 },
    }}
  >
    <dt>Name</dt>
    <dd>{orNA(values.name)}</dd>
    <dt>Engine Number</dt>
    <dd>{orNA(values.engine_no)}</dd>
    <dt>Chassis Number</dt>
    <dd>{orNA(values.chasis_no)}</dd>
  </Box>
);

/**
 * The registration (purchase) form, shared by create and edit: Date of Purchase (shown, not editable), Bill / Chalan No., Full Name, Address,
 * Citizenship Number/PAN, Phone Number (read-only), Vehicle Model and Mode of Payment are
 * required; engine, chassis and registration numbers are filtered and upper-cased as typed.
 */
export const RegistrationForm = ({ mode }: { mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const branch = (identity as Identity | undefined)?.branch;
  const bikeModels = useApiList<Option>('/bike-model', { all: '1' });
  const { settings, isPending } = useCampaignSettings();
  const purchaseDate = mode === 'edit' ? nepalDate(record?.created_at) : nepalToday();
  const half = { xs: 12, md: 6 };
  return (
    <ConfirmedForm
      confirmTitle={CONFIRM_REGISTRATION_TITLE}
      summary={(values) => <Summary values={values} />}
      confirmLabel={() => 'Confirm'}
      resetTo={`${ADMIN_BASE}/registration`}
      sx={{ maxWidth: 900 }}
    >
      {mode === 'create' && record?.name ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Converting the pre-registration of {String(record.name)}.
        </Typography>
      ) : null}
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField label="Date of Purchase" value={purchaseDate} required disabled fullWidth margin="dense" size="small" helperText=" " />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          {/* The same day in Bikram Sambat, the calendar staff keep; not editable either. */}
          <BsDateField label="Date of Purchase (BS)" value={purchaseDate} disabled helperText=" " />
        </Grid>
        <Grid size={half}>
          <TextInput
            source="bill_no"
            label="Bill / Chalan No."
            validate={[
              required(),
              maxLength(50),
              regex(/^[A-Za-z0-9/._-]+$/, 'The bill no may only contain letters, numbers, slashes, hyphens, dots and underscores.'),
            ]}
            slotProps={
              mode === 'create' && branch
                ? { input: { startAdornment: <InputAdornment position="start">{`B${branch.id}-`}</InputAdornment> } }
                : undefined
            }
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <TextInput source="name" label="Full Name" validate={[required(), maxLength(255)]} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput source="address" label="Address" validate={[required(), maxLength(255)]} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput source="citizenship_no" label="Citizenship Number/PAN" parse={latinDigits} validate={[required(), maxLength(50)]} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput
            source="phone"
            label="Phone Number"
            readOnly
            validate={required()}
            helperText="The pre-registration's phone; it cannot change."
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <SelectInput
            source="bike_model_id"
            label="Vehicle Model"
            choices={bikeModels.data}
            optionText="title"
            isPending={bikeModels.isPending}
            validate={required()}
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <SelectInput
            source="payment_mode"
            label="Mode of Payment"
            choices={toChoices(settings.options.payment_modes, paymentModeLabel)}
            isPending={isPending}
            validate={required()}
            defaultValue="CASH"
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <CustomerEmailInput />
        </Grid>
        <Grid size={half}>
          <RoadieInput />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="engine_no" label="Engine No." parse={vehicleNumber} validate={maxLength(50)} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="chasis_no" label="Chassis No." parse={vehicleNumber} validate={maxLength(50)} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="registration_no" label="Registration No." parse={vehicleNumber} validate={maxLength(50)} fullWidth />
        </Grid>
        <Grid size={12}>
          <ReferringRegistrationInput />
        </Grid>
        <Grid size={12}>
          <TextInput source="note" label="Note" multiline minRows={2} validate={maxLength(2000)} fullWidth />
        </Grid>
        <Grid size={12}>
          <BooleanInput source="shared" label="Key handover post shared" />
        </Grid>
      </Grid>
    </ConfirmedForm>
  );
};
