import type { AuthProvider, UserIdentity } from 'react-admin';
import { LOGIN_PATH } from '../paths';
import { canAccessWith } from '../permissions';
import { api } from './http';
import { session, SessionUser } from './session';

export const INVALID_CREDENTIALS = 'Invalid Credentials';

export interface LoginParams {
  email: string;
  password: string;
  remember_me?: boolean;
  /** The sign-in code sent by SMS, when the server asked for it. */
  code?: string;
  /** The captcha's token, when the server asked for it. */
  captcha?: string;
}

/**
 * The server asks this browser for a second step before it signs in (after many failed
 * sign-ins to the account, from a browser that has not signed in to it before): the code
 * sent by SMS, or the captcha. `message` says so, or that the code or password was wrong.
 */
export class StepUpError extends Error {
  readonly step: 'sms' | 'captcha';

  constructor(step: 'sms' | 'captcha', message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StepUpError';
    this.step = step;
  }
}

export interface Identity extends UserIdentity {
  branch: { id: number; title: string } | null;
  role: { id: number; title: string };
  email: string;
  isAdmin: boolean;
}

/** The me call runs once per page load; later checks trust the stored token until a 401. */
let confirmation: Promise<void> | null = null;
/** The server has accepted the stored session in this page load (its me call answered, or the user signed in here). */
let confirmed = false;

function confirmSession(): Promise<void> {
  confirmation ??= api<{ user: SessionUser }>('/auth/me', { method: 'POST' }).then(
    ({ user }) => {
      session.saveUser(user);
      confirmed = true;
    },
    (error) => {
      // Only the server's 401 ends the session; a 503 or a lost connection leaves it for the next check.
      if ((error as { status?: number })?.status === 401) forget();
      else confirmation = null;
      throw error;
    },
  );
  return confirmation;
}

function forget() {
  session.clear();
  confirmation = null;
  confirmed = false;
}

const identityOf = (user: SessionUser): Identity => ({
  id: user.id,
  fullName: user.name,
  email: user.email,
  branch: user.branch,
  role: user.role,
  isAdmin: user.isAdmin,
});

/** Sent to react-admin to make it log out and go to /login without a toast. */
const toLogin = () => ({ redirectTo: LOGIN_PATH, message: false as const });

export const authProvider: AuthProvider = {
  async login({ email, password, remember_me, code, captcha }: LoginParams) {
    try {
      const res = await api<{ access_token: string; user: SessionUser }>('/auth/login', {
        method: 'POST',
        body: {
          email,
          password,
          remember_me: !!remember_me,
          ...(code !== undefined ? { code } : {}),
          ...(captcha !== undefined ? { 'g-recaptcha-response': captcha } : {}),
        },
      });
      session.save(res.access_token, res.user);
      confirmation = Promise.resolve();
      confirmed = true;
    } catch (error) {
      const status = (error as { status?: number }).status;
      const step = (error as { body?: { step_up?: unknown } }).body?.step_up;
      if (status === 401 && (step === 'sms' || step === 'captcha')) throw new StepUpError(step, (error as Error).message, { cause: error });
      // Wrong email or password (401) and malformed input (422) read the same to the user.
      if (status === 401 || status === 422) throw new Error(INVALID_CREDENTIALS, { cause: error });
      throw error;
    }
  },

  async logout() {
    // Signing out ends the session on the server too (the token is refused from then on);
    // a token the server already refuses (401) or a server out of reach still signs out here.
    if (session.token()) await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
    forget();
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (!session.token()) throw toLogin();
    try {
      await confirmSession();
    } catch (error) {
      // A server briefly down (503) or out of reach keeps the stored session: the page shows its own errors.
      if ((error as { status?: number })?.status === 401 || !session.token()) throw toLogin();
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw toLogin();
    }
    // 403 and the rest: the toast shows the server's message, the session stays.
  },

  async getIdentity(): Promise<Identity> {
    const user = session.user();
    if (!user) throw toLogin();
    return identityOf(user);
  },

  async getPermissions() {
    return session.user()?.permissions ?? [];
  },

  async canAccess({ action, resource }: { action: string; resource: string }) {
    const user = session.user();
    return canAccessWith(user?.permissions ?? [], action, resource, user);
  },
};

/**
 * What react-admin's question `key` (its react-query key: ['auth', method, params]) answers,
 * when the session already knows it: the methods above, answered at once once the server has
 * accepted the session. Undefined: not known here, react-admin asks the provider.
 */
export function sessionAnswer(key: readonly unknown[]): { value: unknown } | undefined {
  const user = session.user();
  if (key[0] !== 'auth' || !confirmed || !user || !session.token()) return undefined;
  const params = (key[2] ?? {}) as { action?: unknown; resource?: unknown };
  switch (key[1]) {
    case 'checkAuth':
      return { value: true };
    case 'getPermissions':
      return { value: user.permissions };
    case 'getIdentity':
      return { value: identityOf(user) };
    case 'canAccess':
      if (typeof params.action !== 'string' || typeof params.resource !== 'string') return undefined;
      return { value: canAccessWith(user.permissions, params.action, params.resource, user) };
    default:
      return undefined;
  }
}

/** True when a token is stored (the me call may still refuse it). */
export const hasStoredSession = (): boolean => !!session.token();
