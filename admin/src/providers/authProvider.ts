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
}

export interface Identity extends UserIdentity {
  branch: { id: number; title: string } | null;
  role: { id: number; title: string };
  email: string;
  isAdmin: boolean;
}

/** The me call runs once per page load; later checks trust the stored token until a 401. */
let confirmation: Promise<void> | null = null;

function confirmSession(): Promise<void> {
  confirmation ??= api<{ user: SessionUser }>('/auth/me', { method: 'POST' }).then(
    ({ user }) => session.saveUser(user),
    (error) => {
      session.clear();
      confirmation = null;
      throw error;
    },
  );
  return confirmation;
}

/** Sent to react-admin to make it log out and go to /login without a toast. */
const toLogin = () => ({ redirectTo: LOGIN_PATH, message: false as const });

export const authProvider: AuthProvider = {
  async login({ email, password, remember_me }: LoginParams) {
    try {
      const res = await api<{ access_token: string; user: SessionUser }>('/auth/login', {
        method: 'POST',
        body: { email, password, remember_me: !!remember_me },
      });
      session.save(res.access_token, res.user);
      confirmation = Promise.resolve();
    } catch (error) {
      const status = (error as { status?: number }).status;
      // Wrong email or password (401) and malformed input (422) read the same to the user.
      if (status === 401 || status === 422) throw new Error(INVALID_CREDENTIALS, { cause: error });
      throw error;
    }
  },

  async logout() {
    // Signing out ends the session on the server too (the token is refused from then on);
    // a token the server already refuses (401) or a server out of reach still signs out here.
    if (session.token()) await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
    session.clear();
    confirmation = null;
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (!session.token()) throw toLogin();
    try {
      await confirmSession();
    } catch {
      throw toLogin();
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      session.clear();
      confirmation = null;
      throw toLogin();
    }
    // 403 and the rest: the toast shows the server's message, the session stays.
  },

  async getIdentity(): Promise<Identity> {
    const user = session.user();
    if (!user) throw toLogin();
    return {
      id: user.id,
      fullName: user.name,
      email: user.email,
      branch: user.branch,
      role: user.role,
      isAdmin: user.isAdmin,
    };
  },

  async getPermissions() {
    return session.user()?.permissions ?? [];
  },

  async canAccess({ action, resource }: { action: string; resource: string }) {
    const user = session.user();
    return canAccessWith(user?.permissions ?? [], action, resource, user);
  },
};

/** True when a token is stored (the me call may still refuse it). */
export const hasStoredSession = (): boolean => !!session.token();
