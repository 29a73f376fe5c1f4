import { Route } from 'react-router-dom';
import { CanAccess, ResourceContextProvider } from 'react-admin';
import { AccessDenied } from '../layout/AccessDenied';
import { PAGE_SCREENS, type PagePath } from '../pageScreens';
import { lazyScreen } from '../routing';

/** The page at `path` in the pages' table (pageScreens.ts), its code loaded when first shown. */
const pageElement = (path: PagePath) => {
  const Page = lazyScreen(PAGE_SCREENS[path]);
  return <Page />;
};

/**
 * A custom route's page from the pages' table inside its resource (/admin/preregistration/{slug}/verify,
 * /admin/scheme): the resource's context, shown only when `action` is allowed (otherwise back
 * to /admin, SPEC section 6).
 */
export const pageRoute = (path: PagePath, resource: string, action: string) => (
  <Route
    key={path}
    path={path}
    element={
      <ResourceContextProvider value={resource}>
        <CanAccess resource={resource} action={action} accessDenied={<AccessDenied />}>
          {pageElement(path)}
        </CanAccess>
      </ResourceContextProvider>
    }
  />
);

/** A custom route's page from the pages' table, for any signed-in user (settings, profile, print). */
export const screenRoute = (path: PagePath) => <Route key={path} path={path} element={pageElement(path)} />;
