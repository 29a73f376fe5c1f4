import { Box, Grid, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { BooleanInput, FileInput, maxLength, regex, required, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { CustomerEmailInput, RoadieInput } from '../../components/customerInputs';
import { ConfirmedForm } from '../../components/ConfirmedForm';
import { digitsOnly, lettersDigitsSpaces } from '../../components/inputFilters';
import { useApiList } from '../../components/useApiList';
import { toChoices, useCampaignSettings } from '../../components/useCampaignSettings';
import { ADMIN_BASE, recordPath } from '../../routing';
import { PENDING_PURCHASE } from './pendingPurchase';

export const CONFIRM_PHONE_TITLE = 'Please Confirm Your Phone Number.';
const NEPAL_MOBILE = /^9[678]\d{8}$/;

interface Option {
  id: number;
  title: string;
}

/** 'View' beside the citizenship number when it has a pending purchase on another pre-registration. */
const PendingPurchaseLink = ({ slug }: { slug: string | null }) => {
  const { errors } = useFormState({ name: 'citizenship_no' });
  if (!slug || errors.citizenship_no?.message !== PENDING_PURCHASE) return null;
  return (
    <MuiLink component={Link} to={recordPath('preregistration', slug)} sx={{ ml: 1.75 }}>
      View
    </MuiLink>
  );
};

/** The image picker, shown only while 'shared' is ticked. */
const ScreenshotInput = () => {
  const shared = useWatch({ name: 'shared' });
  if (!shared) return null;
  return (
    <FileInput
      source="screenshot"
      label="Screenshot"
      accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp'] }}
      helperText="An image of the shared post."
    >
      <ScreenshotPreview />
    </FileInput>
  );
};

/** A new file shows its preview (src); the stored one its thumbnail. */
const ScreenshotPreview = () => {
  const file = useRecordContext<{ id?: string; src?: string; thumbnail?: string; url?: string; title?: string }>();
  const src = file?.src ?? file?.thumbnail ?? file?.url;
  if (!src) return null;
  return <Box component="img" src={src} alt={file?.title ?? 'Screenshot'} sx={{ maxHeight: 120, borderRadius: 1, m: 0.5 }} />;
};

/**
 * The staff pre-registration form (SPEC section 2 "Pre-registration form"): Full Name*,
 * Address*, Phone Number*, Citizenship No/PAN*, email, bike model, source, roadie, nearest
 * showroom, a shared tick and the screenshot. Input is filtered as typed (SPEC section 5).
 * Save asks 'Please Confirm Your Phone Number.' first.
 */
export const PreregistrationForm = ({ mode, pendingSlug }: { mode: 'create' | 'edit'; pendingSlug: string | null }) => {
  const record = useRecordContext();
  const phoneFixed = mode === 'edit' && !!record?.is_verified;
  const bikeModels = useApiList<Option>('/bike-model', { all: '1' });
  const branches = useApiList<Option>('/branches');
  const { settings, isPending } = useCampaignSettings();
  const half = { xs: 12, md: 6 };
  return (
    <ConfirmedForm
      confirmTitle={CONFIRM_PHONE_TITLE}
      summary={(v) => (
        <Typography component="p" variant="h5" sx={{ textAlign: 'center', letterSpacing: 2, fontWeight: 600 }}>
          {String(v.phone ?? '')}
        </Typography>
      )}
      confirmLabel={(v) => (v.send_sms ? 'Save and Notify' : 'Save')}
      resetTo={`${ADMIN_BASE}/preregistration`}
      defaultValues={mode === 'create' ? { shared: false, send_sms: true } : undefined}
      sx={{ maxWidth: 900 }}
    >
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={half}>
          <TextInput source="name" label="Full Name" parse={lettersDigitsSpaces} validate={[required(), maxLength(100)]} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput source="address" label="Address" parse={lettersDigitsSpaces} validate={[required(), maxLength(255)]} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput
            source="phone"
            label="Phone Number"
            type="tel"
            parse={digitsOnly}
            validate={[required(), regex(NEPAL_MOBILE, 'The phone must be a valid mobile number (10 digits, 96, 97 or 98 then 8 digits).')]}
            readOnly={phoneFixed}
            helperText={phoneFixed ? 'The phone cannot change once the pre-registration is verified.' : false}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <TextInput
            source="citizenship_no"
            label="Citizenship No/PAN"
            parse={digitsOnly}
            validate={[required(), maxLength(30)]}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          <PendingPurchaseLink slug={pendingSlug} />
        </Grid>
        <Grid size={half}>
          <CustomerEmailInput />
        </Grid>
        <Grid size={half}>
          <SelectInput
            source="bike_model_id"
            label="Bike Model"
            choices={bikeModels.data}
            optionText="title"
            isPending={bikeModels.isPending}
            emptyText="—"
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <SelectInput
            source="source"
            label="Where did you hear about us"
            choices={toChoices(settings.options.sources)}
            isPending={isPending}
            emptyText="—"
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <RoadieInput />
        </Grid>
        <Grid size={half}>
          <SelectInput
            source="nearest_branch_id"
            label="Your nearest showroom"
            choices={branches.data}
            optionText="title"
            isPending={branches.isPending}
            emptyText="—"
            fullWidth
          />
        </Grid>
        <Grid size={12}>
          <TextInput source="note" label="Note" multiline minRows={2} validate={maxLength(1000)} fullWidth />
        </Grid>
        <Grid size={half}>
          <BooleanInput source="shared" label="Shared in social media" />
          <ScreenshotInput />
        </Grid>
        <Grid size={half}>
          <BooleanInput source="send_sms" label="Send the code to the customer by SMS" />
        </Grid>
      </Grid>
    </ConfirmedForm>
  );
};
