import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { PrintPage } from './PrintPage';
import { RegistrationDeletedList } from './RegistrationDeletedList';
import { RegistrationDraw } from './RegistrationDraw';
import { RegistrationVerify } from './RegistrationVerify';

/**
 * The registration screens beyond list, detail, create and edit: the trash
 * (delete-registration), the coupon verify and the purchase draw (read-registration).
 */
export const registrationRoutes = [
  <Route
    key="registration-deleted"
    path="/registration/deleted"
    element={
      <ResourcePage resource="registration" action="delete">
        <RegistrationDeletedList />
      </ResourcePage>
    }
  />,
  <Route
    key="registration-verify"
    path="/registration/:id/verify"
    element={
      <ResourcePage resource="registration" action="show">
        <RegistrationVerify />
      </ResourcePage>
    }
  />,
  <Route
    key="registration-draw"
    path="/registration/:id/draw"
    element={
      <ResourcePage resource="registration" action="show">
        <RegistrationDraw />
      </ResourcePage>
    }
  />,
];

/** /admin/print (read-registration), outside the layout: goes in <CustomRoutes noLayout>. */
export const printRoute = <Route key="print" path="/print" element={<PrintPage />} />;
