import { CSSProperties, FormEvent, useEffect, useState } from 'react';
import { BRAND } from '../brand';
import { digitsOnly } from '../components/inputFilters';
import { authProvider, hasStoredSession, INVALID_CREDENTIALS, StepUpError } from '../providers/authProvider';
import { LoginCaptcha } from './LoginCaptcha';
import { originFrom } from './origin';
import './LoginPage.css';

/** The brand's colours for the page's CSS (LoginPage.css reads them). */
const brandColours = { '--login-primary': BRAND.primary, '--login-secondary': BRAND.secondary } as CSSProperties;

/** The lock above the title and the eye of the show/hide button, drawn here (no icon library on this page). */
const LockMark = () => (
  <svg className="login-lock" viewBox="0 0 24 24" width="35" height="35" aria-hidden="true" focusable="false">
    <path d="M7 10V7.5a5 5 0 0 1 10 0V10" fill="none" stroke="currentColor" strokeWidth="2.2" />
    <rect x="4.5" y="10" width="15" height="11" rx="2" fill="currentColor" />
    <circle cx="12" cy="15.5" r="1.6" fill="#fff" />
  </svg>
);
const Eye = ({ crossed }: { crossed: boolean }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="2" />
    <circle cx="12" cy="12" r="3" fill="currentColor" />
    {crossed && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="2" />}
  </svg>
);

/**
 * The login page at /login: Email, Password with show/hide, Remember Me,
 * Login; a loader while signing in; 'Invalid Credentials' on failure. A signed-in user
 * goes straight back to where they came from, or to /admin. When the server asks this browser
 * for a second step (many failed sign-ins to the account, and this browser has not signed in
 * to it before), the page adds the field it asks for: the code sent by SMS, or the captcha.
 * It does not use the router, MUI or react-admin: the first page a phone loads carries only
 * React and this form (docs/decisions.md, "The admin's first load on a slow link"). `state`
 * is the navigation's state (where the user came from) and `go` moves to an admin page.
 */
export const LoginPage = ({ state, go }: { state: unknown; go: (to: string) => void }) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  // The second step the server asked for, and what it said.
  const [step, setStep] = useState<'sms' | 'captcha' | null>(null);
  const [stepNotice, setStepNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaTries, setCaptchaTries] = useState(0);
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
      await authProvider.login({
        email,
        password,
        remember_me: rememberMe,
        ...(step === 'sms' && code.trim() ? { code: code.trim() } : {}),
        ...(step === 'captcha' ? { captcha } : {}),
      });
      go(origin);
    } catch (err) {
      if (err instanceof StepUpError) {
        // The first ask is news (shown as such); a later one, or a wrong password, says the try failed.
        if (step === err.step || err.message === INVALID_CREDENTIALS) setError(err.message);
        else setStepNotice(err.message);
        setStep(err.step);
        setCode('');
        if (err.step === 'captcha') setCaptchaTries((n) => n + 1);
      } else setError(err instanceof Error && err.message ? err.message : INVALID_CREDENTIALS);
      setLoading(false);
    }
  };

  const field = (name: 'email' | 'password' | 'code') => ({
    className: `login-field${fieldErrors[name] ? ' login-field-error' : ''}`,
    input: {
      id: `login-${name}`,
      name,
      required: true,
      disabled: loading,
      'aria-invalid': !!fieldErrors[name],
      'aria-describedby': fieldErrors[name] ? `login-${name}-error` : undefined,
    },
    help: fieldErrors[name] && (
      <p id={`login-${name}-error`} className="login-help">
        {fieldErrors[name]}
      </p>
    ),
  });
  const emailField = field('email');
  const passwordField = field('password');
  const codeField = field('code');

  return (
    <main className="login" style={brandColours}>
      <form className="login-card" onSubmit={submit} noValidate>
        <div className="login-head">
          <LockMark />
          <h1>Login</h1>
        </div>
        {typeof notice === 'string' && !error && (
          <p className="login-alert login-alert-info" role="status">
            {notice}
          </p>
        )}
        {stepNotice && !error && (
          <p className="login-alert login-alert-info" role="status">
            {stepNotice}
          </p>
        )}
        {error && (
          <p className="login-alert login-alert-error" role="alert">
            {error}
          </p>
        )}
        <div className={emailField.className}>
          <label htmlFor="login-email">
            Email<span aria-hidden="true"> *</span>
          </label>
          <input
            {...emailField.input}
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {emailField.help}
        </div>
        <div className={passwordField.className}>
          <label htmlFor="login-password">
            Password<span aria-hidden="true"> *</span>
          </label>
          <div className="login-password">
            <input
              {...passwordField.input}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="login-eye"
              aria-label={showPassword ? 'Hide' : 'Show'}
              title={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => setShowPassword((v) => !v)}
            >
              <Eye crossed={showPassword} />
            </button>
          </div>
          {passwordField.help}
        </div>
        {step === 'sms' && (
          <div className={codeField.className}>
            <label htmlFor="login-code">Code sent by SMS</label>
            <input
              {...codeField.input}
              required={false}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              // Six digits kept after filtering, so a pasted '123 456' or Devanagari digits arrive whole.
              onChange={(e) => setCode((digitsOnly(e.target.value) ?? '').slice(0, 6))}
            />
            {codeField.help}
          </div>
        )}
        {step === 'captcha' && <LoginCaptcha onToken={setCaptcha} resetKey={captchaTries} />}
        <label className="login-check">
          <input
            type="checkbox"
            name="remember_me"
            checked={rememberMe}
            disabled={loading}
            onChange={(e) => setRememberMe(e.target.checked)}
          />
          Remember Me
        </label>
        <button type="submit" className="login-submit" disabled={loading} aria-busy={loading}>
          {loading ? <span className="login-spinner" role="progressbar" aria-label="Loading" /> : 'Login'}
        </button>
      </form>
    </main>
  );
};
