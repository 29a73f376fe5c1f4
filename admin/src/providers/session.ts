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
 * The reads a page asks first, by the page's address, kept for the next visit's inline script
 * (vite.config.ts), which asks them before any module has run: the dashboard's (written when
 * the admin loads for a user who sees its list, screens/coldStart.ts) and each resource list's
 * page of rows as the list last asked it, its saved filters included (providers/dataProvider.ts).
 * Gone with the session.
 */
export const EARLY_READS_KEY = 'first_reads';
/** How many pages' first reads are kept: the daily screens, not every page ever opened. */
const EARLY_READ_PAGES = 8;
/** A page's address as the first reads are kept by it: without a trailing slash ('/admin/' is '/admin'). */
export const pageKey = (path: string): string => path.replace(/\/+$/, '') || '/';
const USER_KEY = 'user';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function keptReads(): Record<string, unknown> {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(EARLY_READS_KEY) ?? 'null');
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as Record<string, unknown>) : {};
  } catch {
    return {};
  }
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
  /** The reads kept for the page at `path` (firstReads), or null. */
  firstReads(path: string): string[] | null {
    const reads = keptReads()[pageKey(path)];
    return Array.isArray(reads) && reads.every((r) => typeof r === 'string') ? reads : null;
  },
  /** Remembers (or forgets, with null) the reads the next visit's inline script asks first at `path`. */
  keepFirstReads(path: string, reads: readonly string[] | null): void {
    const key = pageKey(path);
    const kept = keptReads();
    if (reads ? JSON.stringify(kept[key]) === JSON.stringify(reads) : !(key in kept)) return;
    delete kept[key];
    // The page kept last comes last: the oldest leave first.
    const pages = Object.entries(reads ? { ...kept, [key]: reads } : kept).slice(-EARLY_READ_PAGES);
    try {
      storage()?.setItem(EARLY_READS_KEY, JSON.stringify(Object.fromEntries(pages)));
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
