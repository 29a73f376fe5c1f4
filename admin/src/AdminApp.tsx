import { useState } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  AuthenticationError,
  type CatchAllComponent,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  localStorageStore,
  NotFound,
} from 'react-admin';
import { AccessDenied } from './layout/AccessDenied';
import { AdminArriving } from './layout/AdminArriving';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { ADMIN_BASE } from './paths';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { adminQueryClient } from './providers/queryClient';
import { Dashboard, NO_LAYOUT_ROUTES, PAGE_ROUTES, RESOURCES } from './screens/routes';
import { theme } from './theme';

/*
 * The shell (react-admin, the layout, the providers) is one chunk; every screen loads its own
 * code when first opened (the routes, screens/routes.tsx, are made from the screens' table,
 * screens/registry.ts), so signing in never waits for the forms, the charts, the rich-text
 * editor or the wheel.
 */
const store = localStorageStore();

/**
 * The admin at /admin/*; signed-out users go to /login (see authProvider). Composed as
 * react-admin's <Admin> composes it (its context, then its UI with the Material pages), but
 * without react-admin's own login page: ours is login/LoginPage.tsx, and <Admin> would bring
 * react-admin's login form (react-hook-form and the text inputs) into the shell every page
 * waits for. Its react-query client answers react-admin's questions about the session from the
 * session itself (providers/queryClient.ts), one client per mount: signing out unmounts it.
 */
export const AdminApp = () => {
  const [queryClient] = useState(adminQueryClient);
  return (
    <AdminContext
      basename={ADMIN_BASE}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Campaign Admin"
          disableTelemetry
          requireAuth
          loginPage={false}
          layout={Layout}
          dashboard={Dashboard}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          loading={AdminArriving}
        >
          {RESOURCES}
          <CustomRoutes>{PAGE_ROUTES}</CustomRoutes>
          <CustomRoutes noLayout>{NO_LAYOUT_ROUTES}</CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
};
