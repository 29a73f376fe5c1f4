import { useEffect, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Form, SaveButton, Title, useDataProvider, useNotify, usePermissions } from 'react-admin';
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
}

/** The rich-text editor with an accessible name: the library's editable box has none of its own. */
const named = (label: string) => ({
  ...DefaultEditorOptions,
  editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
});

/** The fields this page writes: the logo as an uploaded file id, and three rich texts. */
const WRITABLE = ['logo_id', 'scheme', 'terms', 'policy'];

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
    dataProvider.getObject<Settings>('/settings').then(setSettings, () => setFailed(true));
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
              <Form noValidate onSubmit={submit} record={{ id: 'settings', ...settings }} disabled={!canEdit}>
                <FilePickerInput source="logo_id" previewSource="logo" label="Logo" />
                <RichTextInput source="scheme" label="Scheme" fullWidth editorOptions={named('Scheme')} />
                <RichTextInput source="terms" label="Terms and Conditions" fullWidth editorOptions={named('Terms and Conditions')} />
                <RichTextInput source="policy" label="Privacy Policy" fullWidth editorOptions={named('Privacy Policy')} />
                {canEdit && <SaveButton label="Submit" icon={<></>} alwaysEnable />}
              </Form>
            </RecordContextProvider>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
