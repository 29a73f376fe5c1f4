import { lazy, Suspense, useState } from 'react';
import { AdminArriving } from './layout/AdminArriving';
import { LoginPage } from './login/LoginPage';
import { LOGIN_PATH } from './paths';
import { loadAdminFor } from './screens';

/**
 * The router, react-admin and the screens: not needed to sign in, so they load after the
 * login page (which a phone on a slow network shows first) or when /admin is opened, with the
 * page's own code when that is the dashboard (screens.ts).
 */
const AdminRouter = lazy(() => loadAdminFor(window.location.pathname));

/** The state react-router keeps in the history entry (a reload of /login after a redirect keeps where the user was). */
const routerState = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

/**
 * /login opened directly shows the login page alone; signing in moves to the page asked for
 * and loads the admin there, without reloading the page. Every other address loads the admin,
 * whose router also serves /login after a sign-out or a redirect.
 */
export const App = () => {
  const [admin, setAdmin] = useState(() => window.location.pathname !== LOGIN_PATH);
  if (!admin)
    return (
      <LoginPage
        state={routerState()}
        go={(to) => {
          window.history.replaceState(null, '', to);
          setAdmin(true);
        }}
      />
    );
  return (
    <Suspense fallback={<AdminArriving />}>
      <AdminRouter />
    </Suspense>
  );
};
