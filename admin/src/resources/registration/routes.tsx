import { Route } from 'react-router-dom';
import { resourceRoute } from '../../components/ResourcePage';
import { PrintPage } from './PrintPage';
import { RegistrationDeletedList } from './RegistrationDeletedList';
import { RegistrationDraw } from './RegistrationDraw';
import { RegistrationVerify } from './RegistrationVerify';

/**
 * The registration screens beyond list, detail, create and edit: the trash
 * (delete-registration), the coupon verify and the purchase draw (read-registration).
 */
export const registrationRoutes = [
  resourceRoute('/registration/deleted', 'registration', 'delete', <RegistrationDeletedList />),
  resourceRoute('/registration/:id/verify', 'registration', 'show', <RegistrationVerify />),
  resourceRoute('/registration/:id/draw', 'registration', 'show', <RegistrationDraw />),
];

/** /admin/print (read-registration), outside the layout: goes in <CustomRoutes noLayout>. */
export const printRoute = <Route key="print" path="/print" element={<PrintPage />} />;
