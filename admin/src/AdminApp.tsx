import { Route } from 'react-router-dom';
import { Admin, CustomRoutes } from 'react-admin';
import { AccessDenied } from './layout/AccessDenied';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { ProfilePage } from './pages/ProfilePage';
import { SettingsPage } from './pages/SettingsPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { schemeRoutes } from './resources/allocation';
import { analyticsRoutes } from './resources/analytics';
import { auditRoutes } from './resources/audit';
import bikeModel from './resources/bike-model';
import branch from './resources/branch';
import preregistration, { preregistrationRoutes } from './resources/preregistration';
import { referrerRoutes } from './resources/referrer';
import registration, { printRoute, RegistrationDashboard, registrationRoutes } from './resources/registration';
import { smsRoutes } from './resources/sms';
import testRide from './resources/test-ride';
import user from './resources/user';
import video from './resources/video';
import { appResource } from './routing';
import { theme } from './theme';

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
    {appResource('branch', branch, 'Dealers')}
    {appResource('user', user, 'Dealer Users')}
    {appResource('bike-model', bikeModel, 'Bike Models')}
    {appResource('video', video, 'Winners')}
    {appResource('preregistration', preregistration, 'Pre-Registration')}
    {appResource('registration', registration, 'Customers')}
    {appResource('test-ride', testRide, 'Test Rides')}
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
