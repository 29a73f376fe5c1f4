import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CanAccess, ResourceContextProvider } from 'react-admin';
import { AccessDenied } from '../layout/AccessDenied';
import { PAGE_SCREENS, type PagePath } from '../pageScreens';
import { lazyScreen } from '../routing';

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

/** The page at `path` in the pages' table (pageScreens.ts), its code loaded when first shown. */
const pageElement = (path: PagePath) => {
  const Page = lazyScreen(PAGE_SCREENS[path]);
  return <Page />;
};

/** A custom route's page from the pages' table, shown when `action` on `resource` is allowed. */
export const pageRoute = (path: PagePath, resource: string, action: string) => resourceRoute(path, resource, action, pageElement(path));

/** A custom route's page from the pages' table, for any signed-in user (settings, profile, print). */
export const screenRoute = (path: PagePath) => <Route key={path} path={path} element={pageElement(path)} />;
