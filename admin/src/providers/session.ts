/** The signed-in session kept in localStorage: token and user. */
export interface SessionUser {
  id: number;
  slug: string;
  name: string;
  email: string;
  branch_id: number | null;
  branch: { id: number; title: string } | null;
  role: { id: number; title: string };
  permissions: string[];
  isAdmin: boolean;
}

/** Where the token is kept; the page's inline script reads it too (vite.config.ts). */
export const TOKEN_KEY = 'access_token';
/**
 * The reads the dashboard asks first, kept for the next visit's inline script (vite.config.ts),
 * which asks them before any module has run: written when the admin loads for a user who sees
 * the dashboard's list (screens/coldStart.ts), gone with the session.
 */
export const EARLY_READS_KEY = 'dashboard_reads';
const USER_KEY = 'user';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export const session = {
  token(): string | null {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  },
  user(): SessionUser | null {
    const raw = storage()?.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionUser;
    } catch {
      return null;
    }
  },
  save(token: string, user: SessionUser): void {
    storage()?.setItem(TOKEN_KEY, token);
    storage()?.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: SessionUser): void {
    storage()?.setItem(USER_KEY, JSON.stringify(user));
  },
  /** Remembers (or forgets, with null) the reads the next visit's inline script asks first. */
  earlyReads(paths: readonly string[] | null): void {
    try {
      if (paths) storage()?.setItem(EARLY_READS_KEY, JSON.stringify(paths));
      else storage()?.removeItem(EARLY_READS_KEY);
    } catch {
      // storage full or refused: the reads are asked by the app as before
    }
  },
  clear(): void {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(USER_KEY);
    storage()?.removeItem(EARLY_READS_KEY);
  },
};
