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
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  SETTING_KEYS,
  SETTING_SECTIONS,
  SETTINGS,
  type AdminSettings,
  type SettingField,
  type SettingKey,
  type SettingRule,
  type SettingSection,
} from '@campaign/domain';
import { BsTwinInput } from '../components/BsDateInput';
import { FilePickerInput } from '../components/FilePickerInput';
import { LazyRichTextInput } from '../components/LazyRichTextInput';
import { changedFields, type AppDataProvider } from '../providers/dataProvider';
import { takeServerMessage } from '../providers/serverMessage';
import { RecordContextProvider } from 'react-admin';

/** GET /setting: every setting (the page opens only for those who may save it: screens/registry.ts). */
export type Settings = Partial<AdminSettings>;

/** The form's sections (each setting's `form.section` in domain/src/settings.ts), in order. */
const SECTIONS: Record<SettingSection, { title: string }> = {
  brand: { title: 'Brand and campaign' },
  panels: { title: 'Panels' },
  panels_ne: { title: 'Panels in Nepali (for visitors who read Nepali; empty shows them the English)' },
  messages: { title: 'Messages to visitors' },
  draws: { title: 'Fair draws' },
  privacy: { title: 'Privacy' },
};

type Field = SettingField & { key: SettingKey; rule: SettingRule };

/**
 * The fields this page writes: every setting declared with a form field, in the declaration's
 * order (what the public site shows, the texts of the SMS a visitor receives, the time each
 * day's prize scheme is committed, the retention rule).
 */
const FIELDS: Field[] = SETTING_KEYS.flatMap((key) => {
  const { form, rule } = SETTINGS[key];
  return form ? [{ ...form, key, rule }] : [];
});
const WRITABLE: string[] = FIELDS.map((f) => f.key);

/** A section's fields line by line: a field marked `beside` shares the line of the field before it. */
function linesOf(section: SettingSection): Field[][] {
  const lines: Field[][] = [];
  for (const f of FIELDS.filter((x) => x.section === section)) {
    if (f.beside && lines.length) lines[lines.length - 1].push(f);
    else lines.push([f]);
  }
  return lines;
}

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

/** One setting's input, by the kind of its rule. */
const SettingInput = ({ field: f }: { field: Field }) => {
  const { key: source, label, help: helperText, rule } = f;
  switch (rule.kind) {
    case 'image':
      return (
        <FilePickerInput
          source={source}
          previewSource={source.slice(0, -'_id'.length)}
          label={label}
          removable={f.removable}
          helperText={helperText}
        />
      );
    case 'color':
      return <TextInput source={source} label={label} type="color" helperText={helperText} sx={{ minWidth: 220 }} />;
    case 'rich':
      return <LazyRichTextInput source={source} label={label} fullWidth />;
    case 'sms':
      return <TextInput source={source} label={label} multiline fullWidth helperText={helperText} />;
    case 'phones':
      return <TextInput source={source} label={label} helperText={helperText} format={phonesToText} parse={textToPhones} />;
    case 'links':
      return (
        <ArrayInput source={source} label={label}>
          <SimpleFormIterator inline disableReordering resource="settings">
            <TextInput source="label" label="Label" />
            <TextInput source="url" label="Link" />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'time':
      return <TextInput source={source} label={label} helperText={helperText} sx={{ minWidth: { sm: 380 }, maxWidth: '100%' }} />;
    case 'day':
      // Staff keep BS dates: the BS twin beside the AD picker writes the same value.
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <DateInput source={source} label={label} helperText={helperText} />
          <BsTwinInput source={source} label={`${label} (BS)`} />
        </Box>
      );
    case 'days':
      return <NumberInput source={source} label={label} helperText={helperText} min={rule.min} max={rule.max} sx={{ minWidth: { sm: 380 }, maxWidth: '100%' }} />;
    case 'name':
    case 'text':
    case 'url':
      return <TextInput source={source} label={label} helperText={helperText} />;
    default:
      // The lists (roadies) and the base prizes are edited nowhere in the form.
      return null;
  }
};

/** A section of the form: its title, then its fields line by line. */
const SettingsSection = ({ section, first }: { section: SettingSection; first?: boolean }) => (
  <>
    {first ? (
      <Typography variant="h6" component="h2" gutterBottom>
        {SECTIONS[section].title}
      </Typography>
    ) : (
      <Section title={SECTIONS[section].title} />
    )}
    {linesOf(section).map((line) =>
      line.length === 1 ? (
        <SettingInput key={line[0].key} field={line[0]} />
      ) : (
        <Stack key={line[0].key} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {line.map((f) => (
            <SettingInput key={f.key} field={f} />
          ))}
        </Stack>
      ),
    )}
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
 * /admin/settings: logo, scheme, terms and conditions and
 * privacy policy, and what else the settings hold for the public site (names, the notice
 * popup image, links, support phones, the visitor's SMS texts); Preview shows the landing
 * page's notice and panels as the form stands; Submit sends the changed fields with PATCH /setting.
 */
export const SettingsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    dataProvider.getObject<Settings>('/setting').then(setSettings, () => setFailed(true));
  }, [dataProvider]);

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
              <Form noValidate onSubmit={submit} record={{ id: 'settings', ...settings }}>
                {SETTING_SECTIONS.map((section, i) => (
                  <SettingsSection key={section} section={section} first={i === 0} />
                ))}
                <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                  <SaveButton label="Submit" icon={<></>} alwaysEnable />
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
