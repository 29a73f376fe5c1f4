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
  clear(): void {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(USER_KEY);
  },
};
