import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import {
  ArrayInput,
  DateInput,
  Form,
  NumberInput,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
  usePermissions,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FilePickerInput } from '../components/FilePickerInput';
import { LazyRichTextInput } from '../components/LazyRichTextInput';
import { Permission } from '../permissions';
import { changedFields, type AppDataProvider } from '../providers/dataProvider';
import { takeServerMessage } from '../providers/serverMessage';
import { RecordContextProvider } from 'react-admin';

export interface Settings {
  logo?: unknown;
  notice?: { url?: string } | null;
  brand_name?: string;
  campaign_name?: string;
  scheme?: string | null;
  terms?: string | null;
  policy?: string | null;
  video?: unknown;
  campaign_ends_on?: string | null;
  retention_days?: number;
  commit_cutoff?: string;
}

/**
 * The fields this page writes: what the public site shows (brand and campaign names, logo,
 * the hero's two crops and the brand's colours,
 * notice popup image, video, website, support phones, social links, the three panels), the
 * texts of the SMS a visitor receives, the retention rule and the time each day's prize
 * scheme is committed.
 */
const WRITABLE = [
  'brand_name',
  'campaign_name',
  'logo_id',
  'notice_id',
  'hero_phone_id',
  'hero_desktop_id',
  'color_primary',
  'color_secondary',
  'video',
  'official_website',
  'support_phones',
  'social_links',
  'scheme',
  'terms',
  'policy',
  'scheme_ne',
  'terms_ne',
  'policy_ne',
  'notice_ne_id',
  'sms_template_otp',
  'sms_template_prize',
  'sms_template_coupon',
  'sms_template_otp_ne',
  'sms_template_prize_ne',
  'sms_template_test_ride',
  'sms_template_test_ride_ne',
  'sms_template_test_ride_branch',
  'campaign_ends_on',
  'retention_days',
  'commit_cutoff',
];

/** Support phones are a list; the form edits them as one comma-separated line. */
const phonesToText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : (v ?? ''));
const textToPhones = (v: string) =>
  String(v ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

const Section = ({ title }: { title: string }) => (
  <>
    <Divider sx={{ my: 2 }} />
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
  </>
);

/**
 * What the landing page will show with the form as it stands (saved or not): the notice
 * popup image, the campaign's name in the footer, and the three panels' texts.
 */
const PreviewButton = () => {
  const [open, setOpen] = useState(false);
  const [notice, brand, campaign, scheme, terms, policy] = useWatch({
    name: ['notice', 'brand_name', 'campaign_name', 'scheme', 'terms', 'policy'],
  });
  const noticeUrl = notice && typeof notice === 'object' ? (notice as { url?: string }).url : undefined;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Preview
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="settings-preview-title">
        <DialogTitle id="settings-preview-title">Preview of the landing page</DialogTitle>
        <DialogContent>
          <Typography variant="subtitle2">Notice popup</Typography>
          {noticeUrl ? (
            <Box
              component="img"
              src={noticeUrl}
              alt="Notice popup image"
              sx={{ maxWidth: '100%', maxHeight: 320, display: 'block', mb: 2 }}
            />
          ) : (
            <Typography sx={{ mb: 2 }} color="text.secondary">
              No notice popup: the landing page opens without one.
            </Typography>
          )}
          {[
            ['Scheme Details', scheme],
            ['Terms and Condition', terms],
            ['Privacy Policy', policy],
          ].map(([title, html]) => (
            <Box key={title as string} component="section" aria-label={title as string} sx={{ mb: 2 }}>
              <Typography variant="subtitle2">{title}</Typography>
              {/* The editor's own HTML (the server sanitises it again on save). */}
              <Box className="rich" dangerouslySetInnerHTML={{ __html: String(html ?? '') }} />
            </Box>
          ))}
          <Typography variant="caption" color="text.secondary">
            Footer: © {new Date().getFullYear()} {brand || campaign}. All rights reserved.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * /admin/settings (SPEC section 2 "Settings"): logo, scheme, terms and conditions and
 * privacy policy, and what else the settings hold for the public site (names, the notice
 * popup image, links, support phones, the visitor's SMS texts); Preview shows the landing
 * page's notice and panels as the form stands; Submit sends the changed fields with PATCH /setting.
 */
export const SettingsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const canEdit = !!permissions?.includes(Permission.UpdateSettings);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Those who may edit read every setting (SMS texts and the retention rule are not public); others what the public site reads.
    dataProvider.getObject<Settings>(canEdit ? '/setting' : '/settings').then(setSettings, () => setFailed(true));
  }, [dataProvider, canEdit]);

  const submit = async (values: Record<string, unknown>) => {
    const payload = Object.fromEntries(
      Object.entries(changedFields(values, settings as Record<string, unknown>)).filter(([k]) => WRITABLE.includes(k)),
    );
    try {
      const res = await dataProvider.send<{ data?: Settings }>('/setting', 'PATCH', payload);
      setSettings((s) => ({ ...s, ...payload, ...(res.data ?? {}) }));
      notify(takeServerMessage('Settings saved.'), { type: 'success' });
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
      if (body?.errors) return body.errors;
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Settings" />
      <Card>
        <CardContent>
          {failed ? (
            <Typography color="error">The settings could not be loaded.</Typography>
          ) : !settings ? (
            <CircularProgress aria-label="Loading" />
          ) : (
            <RecordContextProvider value={{ id: 'settings', ...settings }}>
              <Form noValidate onSubmit={submit} record={{ id: 'settings', ...settings }} disabled={!canEdit}>
                <Typography variant="h6" component="h2" gutterBottom>
                  Brand and campaign
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput source="brand_name" label="Brand Name" />
                  <TextInput source="campaign_name" label="Campaign Name" />
                </Stack>
                <FilePickerInput source="logo_id" previewSource="logo" label="Logo" />
                <FilePickerInput
                  source="hero_phone_id"
                  previewSource="hero_phone"
                  label="Hero Picture for Phones"
                  removable
                  helperText="Wide and low (about 2:1, at least 800 px wide), so the buttons stay on the first screen. Remove both pictures for the built-in drawing."
                />
                <FilePickerInput
                  source="hero_desktop_id"
                  previewSource="hero_desktop"
                  label="Hero Picture for Wide Screens"
                  removable
                  helperText="Shown beside the headline on screens from 1024 px (about 3:2, at least 1200 px wide)."
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput
                    source="color_primary"
                    label="Primary Colour"
                    type="color"
                    helperText="Buttons, headings, the drawing's bike"
                    sx={{ minWidth: 220 }}
                  />
                  <TextInput
                    source="color_secondary"
                    label="Secondary Colour"
                    type="color"
                    helperText="The campaign badge, outlined buttons, the sky"
                    sx={{ minWidth: 220 }}
                  />
                </Stack>
                <FilePickerInput
                  source="notice_id"
                  previewSource="notice"
                  label="Notice Popup Image"
                  removable
                  helperText="Shown once per visit over the landing page, with a close button. Remove it for no notice."
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput source="video" label="Video Link" />
                  <TextInput source="official_website" label="Official Website" />
                </Stack>
                <TextInput
                  source="support_phones"
                  label="Support Phones"
                  helperText="Comma-separated; shown on the site and in code messages"
                  format={phonesToText}
                  parse={textToPhones}
                />
                <ArrayInput source="social_links" label="Social Links">
                  <SimpleFormIterator inline disableReordering resource="settings">
                    <TextInput source="label" label="Label" />
                    <TextInput source="url" label="Link" />
                  </SimpleFormIterator>
                </ArrayInput>
                <Section title="Panels" />
                <LazyRichTextInput source="scheme" label="Scheme" fullWidth />
                <LazyRichTextInput source="terms" label="Terms and Conditions" fullWidth />
                <LazyRichTextInput source="policy" label="Privacy Policy" fullWidth />
                <Section title="Panels in Nepali (for visitors who read Nepali; empty shows them the English)" />
                <LazyRichTextInput source="scheme_ne" label="Scheme in Nepali" fullWidth />
                <LazyRichTextInput source="terms_ne" label="Terms and Conditions in Nepali" fullWidth />
                <LazyRichTextInput source="policy_ne" label="Privacy Policy in Nepali" fullWidth />
                <FilePickerInput
                  source="notice_ne_id"
                  previewSource="notice_ne"
                  label="Notice Popup Image in Nepali"
                  removable
                  helperText="Shown instead of the notice to visitors who read Nepali."
                />
                {canEdit && (
                  <>
                    <Section title="Messages to visitors" />
                    <TextInput
                      source="sms_template_otp"
                      label="Code SMS"
                      multiline
                      fullWidth
                      helperText="Must contain {code}; {campaign}, {link} may be used"
                    />
                    <TextInput
                      source="sms_template_prize"
                      label="Prize SMS"
                      multiline
                      fullWidth
                      helperText="Must contain {prize}; {name}, {campaign}, {brand}, {draw_id} may be used"
                    />
                    <TextInput
                      source="sms_template_otp_ne"
                      label="Code SMS in Nepali"
                      multiline
                      fullWidth
                      helperText="For visitors who use the site in Nepali. Must contain {code}; {campaign}, {link} may be used"
                    />
                    <TextInput
                      source="sms_template_prize_ne"
                      label="Prize SMS in Nepali"
                      multiline
                      fullWidth
                      helperText="For visitors who use the site in Nepali. Must contain {prize}; {name}, {campaign}, {brand}, {draw_id} may be used"
                    />
                    <TextInput
                      source="sms_template_test_ride"
                      label="Test Ride SMS"
                      multiline
                      fullWidth
                      helperText="To the customer after a test ride or bike booking; {name}, {what}, {model}, {branch} may be used"
                    />
                    <TextInput
                      source="sms_template_test_ride_ne"
                      label="Test Ride SMS in Nepali"
                      multiline
                      fullWidth
                      helperText="The same, for visitors who book in Nepali"
                    />
                    <TextInput
                      source="sms_template_test_ride_branch"
                      label="Test Ride Alert to the Branch"
                      multiline
                      fullWidth
                      helperText="To the branch's mobile; {what}, {name}, {phone}, {model}, {city} may be used"
                    />
                    <TextInput
                      source="sms_template_coupon"
                      label="Coupon SMS"
                      multiline
                      fullWidth
                      helperText="Must contain {coupon}; {name}, {bill_no}, {total}, {code}, {brand} may be used"
                    />
                    <Section title="Fair draws" />
                    <TextInput
                      source="commit_cutoff"
                      label="Prize Scheme Commitment Time"
                      helperText="HH:MM Nepal time, the evening before each day: that day's scheme is published by its fingerprint and can no longer change"
                      sx={{ minWidth: 380 }}
                    />
                    <Section title="Privacy" />
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
                      <DateInput source="campaign_ends_on" label="Campaign End Date" helperText="Retention counts from this day" />
                      <NumberInput
                        source="retention_days"
                        label="Keep Citizenship Numbers and Screenshots (days after the end)"
                        min={30}
                        max={3650}
                        sx={{ minWidth: 380 }}
                      />
                    </Stack>
                  </>
                )}
                <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                  {canEdit && <SaveButton label="Submit" icon={<></>} alwaysEnable />}
                  <PreviewButton />
                </Stack>
              </Form>
            </RecordContextProvider>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
