import { FormEvent, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  CssBaseline,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  OutlinedInput,
  Typography,
} from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import LockIcon from '@mui/icons-material/Lock';
import { authProvider, hasStoredSession, INVALID_CREDENTIALS } from '../providers/authProvider';
import { theme } from '../theme';
import { originFrom } from './origin';

const muiTheme = createTheme(theme);

/**
 * The login page at /login (SPEC section 2): Email, Password with show/hide, Remember Me,
 * Login; a loader while signing in; 'Invalid Credentials' on failure. A signed-in user
 * goes straight back to where they came from, or to /admin.
 * It does not use the router (the first page a phone loads carries no router code): `state`
 * is the navigation's state (where the user came from) and `go` moves to an admin page.
 */
export const LoginPage = ({ state, go }: { state: unknown; go: (to: string) => void }) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const origin = originFrom(state);
  const notice = (state as { message?: unknown } | null)?.message;
  const signedIn = hasStoredSession() && !loading;
  useEffect(() => {
    if (signedIn) go(origin);
  }, [signedIn, go, origin]);
  if (signedIn) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The app's own messages under the fields, all at once (the form has noValidate: no browser bubbles).
    const missing = {
      email: email.trim() ? undefined : 'The email field is required.',
      password: password ? undefined : 'The password field is required.',
    };
    setFieldErrors(missing);
    if (missing.email || missing.password) return;
    setLoading(true);
    setError(null);
    try {
      await authProvider.login({ email, password, remember_me: rememberMe });
      go(origin);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : INVALID_CREDENTIALS);
      setLoading(false);
    }
  };

  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'secondary.main', p: 2 }}
      >
        <Card sx={{ width: '100%', maxWidth: 400 }}>
          <CardContent component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
            <Box sx={{ textAlign: 'center' }}>
              <LockIcon color="primary" fontSize="large" />
              <Typography component="h1" variant="h5">
                Login
              </Typography>
            </Box>
            {typeof notice === 'string' && !error && <Alert severity="info">{notice}</Alert>}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {/* Outlined inputs composed by hand rather than TextField, which brings the select,
                menu and popover machinery into the first chunk the login page waits for. */}
            <FormControl variant="outlined" disabled={loading} error={!!fieldErrors.email}>
              <InputLabel htmlFor="login-email">Email</InputLabel>
              <OutlinedInput
                id="login-email"
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
              />
              {fieldErrors.email && <FormHelperText id="login-email-error">{fieldErrors.email}</FormHelperText>}
            </FormControl>
            <FormControl variant="outlined" disabled={loading} error={!!fieldErrors.password}>
              <InputLabel htmlFor="login-password">Password</InputLabel>
              <OutlinedInput
                id="login-password"
                label="Password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                endAdornment={
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? 'Hide' : 'Show'}
                      title={showPassword ? 'Hide password' : 'Show password'}
                      onClick={() => setShowPassword((v) => !v)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                }
                aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
              />
              {fieldErrors.password && <FormHelperText id="login-password-error">{fieldErrors.password}</FormHelperText>}
            </FormControl>
            <FormControlLabel
              control={<Checkbox name="remember_me" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />}
              label="Remember Me"
            />
            <Button type="submit" variant="contained" size="large" disabled={loading} aria-busy={loading}>
              {loading ? <CircularProgress size={24} color="inherit" aria-label="Loading" /> : 'Login'}
            </Button>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
};
