import { useEffect, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { DateInput, Form, NumberInput, SaveButton, Title, useDataProvider, useNotify, usePermissions } from 'react-admin';
import { DefaultEditorOptions, RichTextInput } from 'ra-input-rich-text';
import { FilePickerInput } from '../components/FilePickerInput';
import { Permission } from '../permissions';
import { changedFields, type AppDataProvider } from '../providers/dataProvider';
import { takeServerMessage } from '../providers/serverMessage';
import { RecordContextProvider } from 'react-admin';

export interface Settings {
  logo?: unknown;
  scheme?: string | null;
  terms?: string | null;
  policy?: string | null;
  video?: unknown;
  campaign_ends_on?: string | null;
  retention_days?: number;
}

/** The rich-text editor with an accessible name: the library's editable box has none of its own. */
const named = (label: string) => ({
  ...DefaultEditorOptions,
  editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
});

/** The fields this page writes: the logo as an uploaded file id, three rich texts and the retention rule. */
const WRITABLE = ['logo_id', 'scheme', 'terms', 'policy', 'campaign_ends_on', 'retention_days'];

/**
 * /admin/settings (SPEC section 2 "Settings"): logo, scheme, terms and conditions and
 * privacy policy; Submit sends the changed fields with PATCH /setting.
 */
export const SettingsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const canEdit = !!permissions?.includes(Permission.UpdateSettings);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // The retention rule is not public: read from the admin settings by those who may edit them.
    const retention = canEdit
      ? dataProvider.getObject<Settings>('/setting').then((a) => ({ campaign_ends_on: a.campaign_ends_on ?? null, retention_days: a.retention_days }))
      : Promise.resolve({});
    Promise.all([dataProvider.getObject<Settings>('/settings'), retention]).then(([pub, extra]) => setSettings({ ...pub, ...extra }), () => setFailed(true));
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
              <Form onSubmit={submit} record={{ id: 'settings', ...settings }} disabled={!canEdit}>
                <FilePickerInput source="logo_id" previewSource="logo" label="Logo" />
                <RichTextInput source="scheme" label="Scheme" fullWidth editorOptions={named('Scheme')} />
                <RichTextInput source="terms" label="Terms and Conditions" fullWidth editorOptions={named('Terms and Conditions')} />
                <RichTextInput source="policy" label="Privacy Policy" fullWidth editorOptions={named('Privacy Policy')} />
                {canEdit && (
                  <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                    <DateInput source="campaign_ends_on" label="Campaign End Date" helperText="Retention counts from this day" />
                    <NumberInput source="retention_days" label="Keep Citizenship Numbers and Screenshots (days after the end)" min={30} max={3650} sx={{ minWidth: 380 }} />
                  </Stack>
                )}
                {canEdit && <SaveButton label="Submit" icon={<></>} alwaysEnable />}
              </Form>
            </RecordContextProvider>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
