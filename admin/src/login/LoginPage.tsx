import { FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  CssBaseline,
  FormControlLabel,
  IconButton,
  InputAdornment,
  TextField,
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
 */
export const LoginPage = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const origin = originFrom(location.state);
  const notice = (location.state as { message?: unknown } | null)?.message;

  if (hasStoredSession() && !loading) return <Navigate to={origin} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    setError(null);
    try {
      await authProvider.login({ email, password, remember_me: rememberMe });
      navigate(origin, { replace: true });
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
          <CardContent component="form" onSubmit={submit} noValidate={false} sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
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
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              slotProps={{ inputLabel: { required: false } }}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={loading}
            />
            <TextField
              label="Password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={loading}
              slotProps={{
                inputLabel: { required: false },
                input: {
                  endAdornment: (
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
                  ),
                },
              }}
            />
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
