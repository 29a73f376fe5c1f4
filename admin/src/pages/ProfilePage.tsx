import { Box, Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { Form, PasswordInput, required, SaveButton, Title, useAuthProvider, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import type { Identity } from '../providers/authProvider';
import { LOGIN_PATH } from '../paths';
import type { AppDataProvider } from '../providers/dataProvider';
import { takeServerMessage } from '../providers/serverMessage';

const Row = ({ label, value }: { label: string; value?: string | null }) => (
  <Box sx={{ mb: 1.5 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography>{value || '—'}</Typography>
  </Box>
);

const matches = (value: unknown, values: Record<string, unknown>) =>
  value === values.password ? undefined : 'The password confirmation does not match.';

/**
 * /admin/profile: one's own details and the password change (POST /auth/password). A
 * changed password revokes every token, so the user signs in again.
 */
export const ProfilePage = () => {
  const { identity } = useGetIdentity();
  const me = identity as Identity | undefined;
  const dataProvider = useDataProvider<AppDataProvider>();
  // From react-admin, not imported: providers/authProvider.ts reads the screens' table, which loads this page.
  const authProvider = useAuthProvider();
  const notify = useNotify();
  const navigate = useNavigate();

  const changePassword = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.send('/auth/password', 'POST', {
        current_password: values.current_password,
        password: values.password,
        password_confirmation: values.password_confirmation,
      });
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
      if (body?.errors) return body.errors;
      notify((error as Error).message, { type: 'error' });
      return;
    }
    const message = takeServerMessage('Password changed. Please sign in again.');
    await authProvider?.logout({});
    navigate(LOGIN_PATH, { replace: true, state: { message } });
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Profile" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardHeader title="Profile" />
            <CardContent>
              <Row label="Name" value={me?.fullName} />
              <Row label="Email" value={me?.email} />
              <Row label="Role" value={me?.role.title} />
              <Row label="Branch" value={me ? (me.branch?.title ?? 'Head Office') : undefined} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardHeader title="Change Password" />
            <CardContent>
              <Form noValidate onSubmit={changePassword}>
                <PasswordInput
                  source="current_password"
                  label="Current Password"
                  autoComplete="current-password"
                  validate={required()}
                  fullWidth
                />
                <PasswordInput source="password" label="New Password" autoComplete="new-password" validate={required()} fullWidth />
                <PasswordInput
                  source="password_confirmation"
                  label="Confirm Password"
                  autoComplete="new-password"
                  validate={[required(), matches]}
                  fullWidth
                />
                <SaveButton label="Change Password" alwaysEnable />
              </Form>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
};
