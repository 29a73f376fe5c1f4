import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { AdminApp } from './AdminApp';
import { LoginPage } from './login/LoginPage';

/**
 * The login page lives at /login, outside the admin (SPEC section 2); the admin at
 * /admin/*. A data router, so react-admin uses it (and can block unsaved-form leaves).
 */
const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/admin/*', element: <AdminApp /> },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

export const App = () => <RouterProvider router={router} />;
