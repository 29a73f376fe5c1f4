import { FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Title, useCanAccess, useDataProvider, useGetOne, useNotify, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { takeServerMessage } from '../providers/serverMessage';
import { recordPath } from '../routing';
import { useCampaignSettings } from './useCampaignSettings';

export const VERIFY_HEADING = 'Enter the registration code the customer received';
/** A wrong code on a pre-registration, in the admin's words (docs/decisions.md, "Admin verify"). */
export const PREREGISTRATION_INCORRECT = '* the code you have selected is incorrect. Please try again or resend the code';
/** A wrong coupon code on a registration, in the admin's words. */
export const REGISTRATION_INCORRECT = 'Incorrect Code. Please Try again';
/** What the server answers under `code` for a plain wrong code (other answers: expired, too many tries). */
const SERVER_INCORRECT = ['The code is incorrect.', REGISTRATION_INCORRECT];

export interface CodeVerifyPageProps {
  resource: 'preregistration' | 'registration';
  /** The resend call: POST /preregistration/{slug}/resend or /registration/{slug}/reset. */
  resendAction: 'resend' | 'reset';
  /** The text shown for a wrong code. */
  incorrectText: string;
  /** Where a verified record goes (an /admin/... path). */
  next: (slug: string) => string;
  /** True when the record needs no code any more (then it goes to `next` at once). */
  isDone: (record: Record<string, unknown>) => boolean;
  /** Offer 'Change Phone Number' (the pre-registration's phone can change before verification). */
  canChangePhone?: boolean;
}

interface ApiFailure {
  status?: number;
  message?: string;
  body?: { errors?: Record<string, unknown> };
}

/**
 * The admin verify screen (docs/decisions.md, "Admin verify"): staff type the code the customer
 * received. A wrong code shows the admin's own text with Retry (clears the input) and Change
 * Phone Number (the edit page); a new code can be sent; the support phones are shown.
 */
export const CodeVerifyPage = ({ resource, resendAction, incorrectText, next, isDone, canChangePhone = false }: CodeVerifyPageProps) => {
  const { id = '' } = useParams();
  const { data: record, isPending, error: loadError } = useGetOne(resource, { id });
  const { settings } = useCampaignSettings();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [code, setCode] = useState('');
  const [required, setRequired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [incorrect, setIncorrect] = useState<string | null>(null);
  const base = `/${resource}/${encodeURIComponent(id)}`;

  useEffect(() => {
    if (record && isDone(record)) navigate(next(id), { replace: true });
  }, [record, isDone, next, id, navigate]);

  const fail = (e: unknown) => {
    const err = e as ApiFailure;
    const codeError = err.body?.errors?.code;
    if (err.status === 422 && typeof codeError === 'string') {
      setIncorrect(SERVER_INCORRECT.includes(codeError) ? incorrectText : codeError);
    } else {
      notify(err.message || 'Something went wrong. Please try again.', { type: 'error' });
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setRequired(true);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await dataProvider.send(`${base}/verify`, 'POST', { code: code.trim() });
      notify(takeServerMessage('Verified.'), { type: 'success' });
      refresh(); // cached copies of the record still say 'not verified'
      navigate(next(id));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const retry = () => {
    setCode('');
    setIncorrect(null);
    setRequired(false);
    requestAnimationFrame(() => input.current?.focus());
  };

  const resend = async () => {
    setBusy(true);
    try {
      await dataProvider.send(`${base}/${resendAction}`, 'POST');
      notify(takeServerMessage('A new code has been sent.'), { type: 'success' });
      retry();
    } catch (err) {
      const e = err as ApiFailure;
      notify(e.message || 'The code could not be sent.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (isPending) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  if (loadError || !record) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        This record could not be loaded.
      </Alert>
    );
  }

  const phones = settings.support_phones.filter(Boolean);
  return (
    <Box sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="Verification" />
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {VERIFY_HEADING}
          </Typography>
          <Typography sx={{ mb: 2 }}>
            {String(record.name ?? '')} · {String(record.phone ?? '')}{' '}
            <MuiLink component={Link} to={recordPath(resource, id)}>
              Check the phone number
            </MuiLink>
          </Typography>
          <Box component="form" onSubmit={verify} noValidate>
            <TextField
              id={inputId}
              inputRef={input}
              label="Code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\s+/g, ''));
                setRequired(false);
              }}
              required
              autoFocus
              autoComplete="one-time-code"
              error={required}
              helperText={required ? 'The code is required.' : ' '}
              disabled={busy || !!incorrect}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
              fullWidth
            />
            {incorrect ? (
              <>
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  {incorrect}
                </Alert>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button variant="contained" onClick={retry}>
                    Retry
                  </Button>
                  {canChangePhone && canEdit && (
                    <Button variant="outlined" component={Link} to={recordPath(resource, id, 'edit')}>
                      Change Phone Number
                    </Button>
                  )}
                  <Button onClick={resend} disabled={busy}>
                    Resend Code
                  </Button>
                </Stack>
              </>
            ) : (
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" disabled={busy}>
                  Verify
                </Button>
                <Button onClick={resend} disabled={busy}>
                  Resend Code
                </Button>
              </Stack>
            )}
          </Box>
          {phones.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              Need help? Call{' '}
              {phones.map((p, i) => (
                <span key={p}>
                  {i > 0 && ' or '}
                  <MuiLink href={`tel:${p.replace(/[^\d+]/g, '')}`}>{p}</MuiLink>
                </span>
              ))}
              .
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
