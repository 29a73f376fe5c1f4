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
import { screenRoute } from './components/pageRoutes';
import { AccessDenied } from './layout/AccessDenied';
import { AdminArriving } from './layout/AdminArriving';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { ADMIN_BASE } from './paths';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { adminQueryClient } from './providers/queryClient';
import { schemeRoutes } from './resources/allocation/routes';
import { analyticsRoutes } from './resources/analytics/routes';
import { auditRoutes } from './resources/audit/routes';
import { preregistrationRoutes } from './resources/preregistration/routes';
import { referrerRoutes } from './resources/referrer/routes';
import { printRoute, registrationRoutes } from './resources/registration/routes';
import { RESOURCE_SCREENS } from './resourceScreens';
import { smsRoutes } from './resources/sms/routes';
import { appResource, lazyPage } from './routing';
import { loadDashboard } from './screens';
import { theme } from './theme';

/*
 * The shell (react-admin, the layout, the providers) is one chunk; every screen below loads
 * its own code when first opened (appResource and lazyPage, routing.tsx; the pages' table,
 * pageScreens.ts), so signing in never waits for the forms, the charts, the rich-text editor
 * or the wheel.
 */
/** Each resource by name (its screens are resourceScreens.ts's), the field its records are named by, and its menu label. */
const RESOURCES = (
  [
    ['branch', 'title', 'Dealers'],
    ['user', 'name', 'Dealer Users'],
    ['bike-model', 'title', 'Bike Models'],
    ['video', 'title', 'Winners'],
    ['preregistration', 'name', 'Pre-Registration'],
    ['registration', 'name', 'Customers'],
    ['test-ride', 'name', 'Test Rides'],
  ] as const
).map(([name, recordRepresentation, label]) => appResource(name, { screens: RESOURCE_SCREENS[name], recordRepresentation }, label));

const RegistrationDashboard = lazyPage(loadDashboard, (m) => m.RegistrationDashboard);
const settingsRoute = screenRoute('/settings');
const profileRoute = screenRoute('/profile');

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
          dashboard={RegistrationDashboard}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          loading={AdminArriving}
        >
          {RESOURCES}
          <CustomRoutes>
            {settingsRoute}
            {profileRoute}
            {preregistrationRoutes}
            {registrationRoutes}
            {schemeRoutes}
            {referrerRoutes}
            {smsRoutes}
            {analyticsRoutes}
            {auditRoutes}
          </CustomRoutes>
          <CustomRoutes noLayout>{printRoute}</CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
};
