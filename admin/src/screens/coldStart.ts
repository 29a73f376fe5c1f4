/*
 * The admin's first screen, known to the login bundle (no react-admin here): the login page
 * and a page opened cold start loading the code and the data the screen they open will need,
 * from the screens' table (registry.ts), the one the routes are made from.
 */
import { ADMIN_BASE, DASHBOARD_PATHS } from '../paths';
import { authProvider } from '../providers/authProvider';
import { readEarly } from '../providers/http';
import { session } from '../providers/session';
import { loadDashboard, PAGE_SCREENS, RESOURCE_SCREENS, type Loader, type ResourceScreens } from './registry';

/**
 * What the dashboard reads first, in the order its screen asks (the same for every role that
 * sees the registered list): the stat cards, the list's first page in the server's order, the
 * filters' branches and models, the campaign's settings. A browser test (login.browser-spec)
 * compares it with what the screen asks for itself.
 */
/** The dashboard's list's first page, as its screen asks for it (and layout/FirstRows.tsx shows it first). */
export const DASHBOARD_LIST = '/registration?start=0&length=10';

export const DASHBOARD_READS: readonly string[] = [
  '/stats',
  DASHBOARD_LIST,
  '/branches',
  '/bike-model?all=1',
  '/settings',
];

/** The shell: the router, react-admin, the layout and the routes. */
const loadAdmin = () => import('../AdminRouter');

/**
 * The table's page at `path` (under /admin, no trailing slash), matched as the router matches
 * it: a `:name` segment takes any one segment, every other segment must be the same.
 */
function pageAt(path: string): Loader | undefined {
  const parts = path.split('/');
  for (const [pattern, load] of Object.entries(PAGE_SCREENS)) {
    const want = pattern.split('/');
    if (want.length === parts.length && want.every((w, i) => (w.startsWith(':') ? parts[i] !== '' : w === parts[i]))) return load;
  }
  return undefined;
}

/**
 * The code of the screen a page opened cold at `path` shows, as the admin's routes decide it:
 * a page of the table (the scheme, SMS, a record's verify and draw, the trash...), else a
 * resource's list (/admin/{resource}), new record's form (/admin/{resource}/create...), record
 * (/admin/{resource}/{id}, and react-admin's /{id}/show) or record's form
 * (/admin/{resource}/{id}/edit); undefined for any other address.
 */
export function screenFor(path: string): (() => Promise<unknown>) | undefined {
  if (!path.startsWith(`${ADMIN_BASE}/`)) return undefined;
  const rest = path.slice(ADMIN_BASE.length).replace(/\/+$/, '');
  const page = pageAt(rest);
  if (page) return page;
  // As the resources' routes (screens/routes.tsx): create/*, :id, :id/show/* and :id/edit/*.
  const [name, id, view] = rest.slice(1).split('/');
  const byName: Readonly<Record<string, ResourceScreens>> = RESOURCE_SCREENS;
  const screens = Object.hasOwn(byName, name) ? byName[name] : undefined;
  if (!screens) return undefined;
  if (id === undefined) return screens.list;
  if (id === 'create') return screens.create;
  if (id === '') return undefined;
  if (view === undefined || view === 'show') return screens.show;
  return view === 'edit' ? screens.edit : undefined;
}

/**
 * Starts loading the admin for `path`: the shell (router, react-admin, layout) and, when the
 * page is the dashboard, the dashboard's code and its first reads beside it, instead of after
 * the shell has run and asked; the session's check too (once per page load: react-admin's own
 * check takes the same answer; the app loads the admin only with a stored session, App.tsx).
 * Returns the shell's module, for React.lazy.
 */
export function loadAdminFor(path: string) {
  const shell = loadAdmin();
  void authProvider.checkAuth({}).catch(() => undefined);
  // Any screen but the dashboard opened cold: its code comes beside the shell's, not after the shell has run.
  void screenFor(path)?.().catch(() => undefined);
  if (DASHBOARD_PATHS.includes(path)) {
    void loadDashboard().catch(() => undefined);
    // The same rule the dashboard shows its list by: others see section cards, and read nothing of these.
    void authProvider.canAccess!({ action: 'list', resource: 'registration' }).then((list) => {
      // The next visit's inline script asks them before any module has run (vite.config.ts).
      session.keepFirstReads(path, list ? DASHBOARD_READS : null);
      if (list) readEarly(DASHBOARD_READS);
    });
  } else {
    // A list's page of rows as it last asked it (its saved filters, providers/dataProvider.ts):
    // asked with the shell, or taken over from the page's inline script.
    const kept = session.firstReads(path);
    if (kept) readEarly(kept);
  }
  return shell;
}
