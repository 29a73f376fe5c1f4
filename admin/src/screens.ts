/*
 * The code of the admin's first screen, known to the login bundle (no react-admin here): the
 * login page starts loading what the page it opens will need.
 */
import { DASHBOARD_PATHS } from './paths';

/** The dashboard's own code (its chunk), shown at /admin. */
export const loadDashboard = () => import('./resources/registration/RegistrationDashboard');

const loadAdmin = () => import('./AdminRouter');

/**
 * Starts loading the admin for `path`: the shell (router, react-admin, layout) and, when the
 * page is the dashboard, the dashboard's code beside it instead of after the shell has run.
 * Returns the shell's module, for React.lazy.
 */
export function loadAdminFor(path: string) {
  const shell = loadAdmin();
  if (DASHBOARD_PATHS.includes(path)) void loadDashboard().catch(() => undefined);
  return shell;
}
