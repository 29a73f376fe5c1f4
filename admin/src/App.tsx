import { lazy, Suspense, useCallback, useState } from 'react';
import { AdminArriving } from './layout/AdminArriving';
import { FirstRows } from './layout/FirstRows';
import { LoginPage } from './login/LoginPage';
import { hasStoredSession } from './providers/authProvider';
import { LOGIN_PATH } from './paths';
import { loadAdminFor } from './screens/coldStart';

/**
 * The router, react-admin and the screens: not needed to sign in, so they load after the
 * login page (which a phone on a slow network shows first) or when /admin is opened, with the
 * page's own code when that is the dashboard (screens/coldStart.ts).
 */
const AdminRouter = lazy(() => loadAdminFor(window.location.pathname));

/** The state react-router keeps in the history entry (a reload of /login after a redirect keeps where the user was). */
const routerState = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

/**
 * Where the page starts: the login page at /login, and at any other address without a stored
 * session (it goes to /login, remembering the address as react-admin's redirect does, without
 * loading the admin's code first); the admin otherwise.
 */
function firstScreen(): { state: unknown } | null {
  const { pathname, search } = window.location;
  if (pathname === LOGIN_PATH) return { state: routerState() };
  if (hasStoredSession()) return null;
  const state = { nextPathname: pathname, nextSearch: search };
  window.history.replaceState({ usr: state }, '', LOGIN_PATH);
  return { state };
}

/**
 * The login page, or the admin. Signing in moves to the page asked for and loads the admin
 * there, without reloading the page. When the admin sends the user to /login (signed out, or
 * a session the server refuses), the admin is closed at once and the login page shown with
 * where the user was: the admin's router leaves it through a transition, which react-admin's
 * repeated sign-out redirects kept restarting (about 4,400 history entries and 13 s before the
 * form showed, docs/decisions.md).
 */
export const App = () => {
  const [login, setLogin] = useState(firstScreen);
  const toLogin = useCallback((state: unknown) => setLogin({ state }), []);
  if (login)
    return (
      <LoginPage
        state={login.state}
        go={(to) => {
          window.history.replaceState(null, '', to);
          setLogin(null);
        }}
      />
    );
  return (
    <>
      <Suspense fallback={<AdminArriving />}>
        <AdminRouter toLogin={toLogin} />
      </Suspense>
      {/* The dashboard's first rows, over the page until its list shows its own (FirstRows.tsx). */}
      <FirstRows path={window.location.pathname} />
    </>
  );
};
