import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { AdminApp } from './AdminApp';
import { LoginPage } from './login/LoginPage';

/** The login page inside the router: where react-admin sends a signed-out user, with where they were. */
const RoutedLogin = () => {
  const location = useLocation();
  const navigate = useNavigate();
  return <LoginPage state={location.state} go={(to) => navigate(to, { replace: true })} />;
};

/**
 * The login page lives at /login, outside the admin (SPEC section 2); the admin at
 * /admin/*. A data router, so react-admin uses it (and can block unsaved-form leaves).
 * Made on first render, so it starts from the address of that moment (the page the login
 * page sent the user to).
 */
export default function AdminRouter() {
  const [router] = useState(() =>
    createBrowserRouter([
      { path: '/login', element: <RoutedLogin /> },
      { path: '/admin/*', element: <AdminApp /> },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ]),
  );
  return <RouterProvider router={router} />;
}
