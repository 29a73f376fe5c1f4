/*
 * The admin's first screen, known to the login bundle (no react-admin here): the login page
 * and a page opened cold start loading the code and the data the screen they open will need.
 */
import { ADMIN_BASE, DASHBOARD_PATHS } from './paths';
import { authProvider } from './providers/authProvider';
import { readEarly } from './providers/http';
import { RESOURCE_SCREENS } from './resourceScreens';
import type { ResourceScreens } from './routing';

/** The dashboard's own code (its chunk), shown at /admin. */
export const loadDashboard = () => import('./resources/registration/RegistrationDashboard');

/**
 * What the dashboard reads first, in the order its screen asks (the same for every role that
 * sees the registered list): the stat cards, the list's first page in the server's order, the
 * filters' branches and models, the campaign's settings. A browser test (login.browser-spec)
 * compares it with what the screen asks for itself.
 */
export const DASHBOARD_READS: readonly string[] = [
  '/stats',
  '/registration?start=0&length=10',
  '/branches',
  '/bike-model?all=1',
  '/settings',
];

const loadAdmin = () => import('./AdminRouter');

/**
 * The code of the resource screen a page opened cold at `path` shows, when it is a list
 * (/admin/{resource}) or a new record's form (/admin/{resource}/create...), the screens branch
 * staff open every day; undefined otherwise (a record's pages share their addresses with
 * screens of their own, such as the trash).
 */
export function screenFor(path: string): (() => Promise<unknown>) | undefined {
  if (!path.startsWith(`${ADMIN_BASE}/`)) return undefined;
  const [name, view] = path.slice(ADMIN_BASE.length + 1).split('/');
  const byName: Readonly<Record<string, ResourceScreens>> = RESOURCE_SCREENS;
  const screens = Object.hasOwn(byName, name) ? byName[name] : undefined;
  if (!screens) return undefined;
  if (!view) return screens.list;
  return view === 'create' ? screens.create : undefined;
}

/**
 * Starts loading the admin for `path`: the shell (router, react-admin, layout) and, when the
 * page is the dashboard, the dashboard's code and its first reads beside it, instead of after
 * the shell has run and asked; the session's check too (once per page load: react-admin's own
 * check takes the same answer; the app loads the admin only with a stored session, App.tsx). Returns the shell's module, for React.lazy.
 */
export function loadAdminFor(path: string) {
  const shell = loadAdmin();
  void authProvider.checkAuth({}).catch(() => undefined);
  // A list or a form opened cold: its code comes beside the shell's, not after the shell has run.
  void screenFor(path)?.().catch(() => undefined);
  if (DASHBOARD_PATHS.includes(path)) {
    void loadDashboard().catch(() => undefined);
    // The same rule the dashboard shows its list by: others see section cards, and read nothing of these.
    void authProvider.canAccess!({ action: 'list', resource: 'registration' }).then((list) => list && readEarly(DASHBOARD_READS));
  }
  return shell;
}
