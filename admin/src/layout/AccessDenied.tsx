import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useNotify } from 'react-admin';

/** Routes the user lacks the permission for send them to /admin (SPEC section 6). */
export const AccessDenied = () => {
  const notify = useNotify();
  useEffect(() => notify('You do not have permission to open that page.', { type: 'warning' }), [notify]);
  return <Navigate to="/admin" replace />;
};
