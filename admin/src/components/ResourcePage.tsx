import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CanAccess, ResourceContextProvider } from 'react-admin';
import { AccessDenied } from '../layout/AccessDenied';

/**
 * A custom route's page inside a resource (/admin/preregistration/{slug}/verify,
 * /admin/scheme): the resource's context, shown only when `action` is allowed (otherwise
 * back to /admin, SPEC section 6).
 */
export const ResourcePage = ({ resource, action, children }: { resource: string; action: string; children: ReactNode }) => (
  <ResourceContextProvider value={resource}>
    <CanAccess resource={resource} action={action} accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  </ResourceContextProvider>
);

/** A <Route> (for <CustomRoutes>) whose page is a ResourcePage. */
export const resourceRoute = (path: string, resource: string, action: string, page: ReactNode) => (
  <Route
    key={path}
    path={path}
    element={
      <ResourcePage resource={resource} action={action}>
        {page}
      </ResourcePage>
    }
  />
);
