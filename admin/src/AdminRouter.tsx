import { useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { AdminApp } from './AdminApp';
import { ADMIN_BASE, LOGIN_PATH } from './paths';

/**
 * The admin at /admin/*, in a data router (react-admin uses it, and can block unsaved-form
 * leaves), made on first render so it starts from the address of that moment. The login page
 * lives at /login, outside the admin: when react-admin sends the user there,
 * the router is stopped and `toLogin` gets the navigation's state (where the user was), for
 * the page around it to show the login page (App.tsx).
 */
export default function AdminRouter({ toLogin }: { toLogin: (state: unknown) => void }) {
  const [router] = useState(() =>
    createBrowserRouter([
      { path: LOGIN_PATH, element: null },
      { path: `${ADMIN_BASE}/*`, element: <AdminApp /> },
      { path: '*', element: <Navigate to={ADMIN_BASE} replace /> },
    ]),
  );
  useEffect(
    () =>
      router.subscribe((state) => {
        if (state.location.pathname !== LOGIN_PATH) return;
        // Stopped: react-admin's sign-out redirects still on their way change nothing more.
        router.dispose();
        toLogin(state.location.state);
      }),
    [router, toLogin],
  );
  return <RouterProvider router={router} />;
}
