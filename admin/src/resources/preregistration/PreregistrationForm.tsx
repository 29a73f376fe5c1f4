import { Box, Grid, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { BooleanInput, FileInput, maxLength, regex, required, SelectInput, TextInput, useGetIdentity, useRecordContext } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { CustomerEmailInput, RoadieInput } from '../../components/customerInputs';
import { NEPAL_MOBILE_RE, nepalMobileMessage } from '@campaign/domain';
import { ConfirmedForm } from '../../components/ConfirmedForm';
import { addressChars, digitsOnly, lettersDigitsSpaces, phoneDigits } from '../../components/inputFilters';
import { useApiList } from '../../components/useApiList';
import { toChoices, useCampaignSettings } from '../../components/useCampaignSettings';
import { ADMIN_BASE } from '../../paths';
import { recordPath } from '../../routing';
import type { Identity } from '../../providers/authProvider';
import { EarlierRecords, LinkedField } from './earlierRecord';

export const CONFIRM_PHONE_TITLE = 'Please Confirm Your Phone Number.';

interface Option {
  id: number;
  title: string;
}

/**
 * 'View' under the phone or the citizenship number while its error names an earlier
 * pre-registration of the same customer (one per customer; the pending purchase is one case).
 */
const EarlierRecordLink = ({ field, earlier }: { field: LinkedField; earlier: EarlierRecords }) => {
  const { errors } = useFormState({ name: field });
  const found = earlier[field];
  if (!found || errors[field]?.message !== found.message) return null;
  return (
    <MuiLink component={Link} to={recordPath('preregistration', found.slug)} sx={{ ml: 1.75 }}>
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
 * The staff pre-registration form: Full Name*,
 * Address*, Phone Number*, Citizenship No/PAN*, email, bike model, source, roadie, nearest
 * showroom, a shared tick and the screenshot. Input is filtered as typed (inputFilters.ts).
 * Save asks 'Please Confirm Your Phone Number.' first.
 */
export const PreregistrationForm = ({ mode, earlier }: { mode: 'create' | 'edit'; earlier: EarlierRecords }) => {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  // Head office may move a record to another branch (or back to the public enquiries).
  const moveBranch = mode === 'edit' && !!(identity as Identity | undefined)?.isAdmin;
  // Branch users keep a record's nearest showroom: on a public enquiry it is the branch that owns it (the server refuses a change).
  const nearestFixed = mode === 'edit' && !moveBranch;
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
          <TextInput source="address" label="Address" parse={addressChars} validate={[required(), maxLength(255)]} fullWidth />
        </Grid>
        <Grid size={half}>
          <TextInput
            source="phone"
            label="Phone Number"
            type="tel"
            parse={phoneDigits}
            validate={[required(), regex(NEPAL_MOBILE_RE, nepalMobileMessage())]}
            readOnly={phoneFixed}
            helperText={phoneFixed ? 'The phone cannot change once the pre-registration is verified.' : false}
            // No maxLength: it would cut a pasted '+977 9851234500' before phoneDigits reads it.
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          <EarlierRecordLink field="phone" earlier={earlier} />
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
          <EarlierRecordLink field="citizenship_no" earlier={earlier} />
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
            readOnly={nearestFixed}
            helperText={nearestFixed ? 'Only head office can change it.' : false}
          />
        </Grid>
        {moveBranch && (
          <Grid size={half}>
            <SelectInput
              source="branch_id"
              label="Branch"
              choices={branches.data}
              optionText="title"
              isPending={branches.isPending}
              emptyText="None (public enquiry)"
              parse={(v) => (v === '' || v == null ? null : Number(v))}
              helperText="The branch that owns this pre-registration."
              fullWidth
            />
          </Grid>
        )}
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
