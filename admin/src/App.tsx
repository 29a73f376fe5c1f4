import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { LoginPage } from './login/LoginPage';

/** The admin (react-admin and its screens) loads after the login page, which needs none of it. */
const AdminApp = lazy(() => import('./AdminApp').then((m) => ({ default: m.AdminApp })));

/**
 * The login page lives at /login, outside the admin (SPEC section 2); the admin at
 * /admin/*. A data router, so react-admin uses it (and can block unsaved-form leaves).
 */
const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={null}>
        <AdminApp />
      </Suspense>
    ),
  },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

export const App = () => <RouterProvider router={router} />;
