/**
 * The admin's addresses, in one place for the app and for its build (vite.config.ts writes the
 * page's inline script from them), so this module imports nothing.
 */

/** Where react-admin sends a signed-out user; the page lives outside /admin. */
export const LOGIN_PATH = '/login';

/** Where the admin lives. */
export const ADMIN_BASE = '/admin';

/** The dashboard's addresses: the admin's own root. */
export const DASHBOARD_PATHS: readonly string[] = [ADMIN_BASE, `${ADMIN_BASE}/`];
