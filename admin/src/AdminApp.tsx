import { Route } from 'react-router-dom';
import { Admin, CustomRoutes } from 'react-admin';
import { AccessDenied } from './layout/AccessDenied';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { schemeRoutes } from './resources/allocation/routes';
import { analyticsRoutes } from './resources/analytics/routes';
import bikeModel from './resources/bike-model';
import branch from './resources/branch';
import preregistration from './resources/preregistration';
import registration from './resources/registration';
import testRide from './resources/test-ride';
import user from './resources/user';
import video from './resources/video';
import { auditRoutes } from './resources/audit/routes';
import { preregistrationRoutes } from './resources/preregistration/routes';
import { referrerRoutes } from './resources/referrer/routes';
import { printRoute, registrationRoutes } from './resources/registration/routes';
import { smsRoutes } from './resources/sms/routes';
import { appResource, lazyPage } from './routing';
import { loadDashboard } from './screens';
import { theme } from './theme';

/*
 * The shell (react-admin, the layout, the providers) is one chunk; every screen below loads
 * its own code when first opened (appResource and lazyPage, routing.tsx), so signing in
 * never waits for the forms, the charts, the rich-text editor or the wheel.
 */
const RESOURCES = [
  appResource('branch', { screens: branch, recordRepresentation: 'title' }, 'Dealers'),
  appResource('user', { screens: user, recordRepresentation: 'name' }, 'Dealer Users'),
  appResource('bike-model', { screens: bikeModel, recordRepresentation: 'title' }, 'Bike Models'),
  appResource('video', { screens: video, recordRepresentation: 'title' }, 'Winners'),
  appResource('preregistration', { screens: preregistration, recordRepresentation: 'name' }, 'Pre-Registration'),
  appResource('registration', { screens: registration, recordRepresentation: 'name' }, 'Customers'),
  appResource('test-ride', { screens: testRide, recordRepresentation: 'name' }, 'Test Rides'),
];

const RegistrationDashboard = lazyPage(loadDashboard, (m) => m.RegistrationDashboard);
/** The settings form carries the rich-text editor (tiptap): its own chunk. */
const SettingsPage = lazyPage(
  () => import('./pages/SettingsPage'),
  (m) => m.SettingsPage,
);
const ProfilePage = lazyPage(
  () => import('./pages/ProfilePage'),
  (m) => m.ProfilePage,
);

/** The admin at /admin/*; signed-out users go to /login (see authProvider). */
export const AdminApp = () => (
  <Admin
    basename="/admin"
    title="Campaign Admin"
    disableTelemetry
    requireAuth
    loginPage={false}
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    layout={Layout}
    notification={Notification}
    dashboard={RegistrationDashboard}
    accessDenied={AccessDenied}
  >
    {RESOURCES}
    <CustomRoutes>
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      {preregistrationRoutes}
      {registrationRoutes}
      {schemeRoutes}
      {referrerRoutes}
      {smsRoutes}
      {analyticsRoutes}
      {auditRoutes}
    </CustomRoutes>
    <CustomRoutes noLayout>{printRoute}</CustomRoutes>
  </Admin>
);
