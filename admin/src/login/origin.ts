import { ADMIN_BASE } from '../paths';

/** Where to go after signing in: the protected page the user came from, else /admin. */
export function originFrom(state: unknown): string {
  const s = (state ?? {}) as { nextPathname?: unknown; nextSearch?: unknown };
  const path = typeof s.nextPathname === 'string' ? s.nextPathname : '';
  // Only pages of the admin, never another site or the login page itself.
  if (path !== ADMIN_BASE && !path.startsWith(`${ADMIN_BASE}/`)) return ADMIN_BASE;
  const search = typeof s.nextSearch === 'string' && s.nextSearch.startsWith('?') ? s.nextSearch : '';
  return path + search;
}
