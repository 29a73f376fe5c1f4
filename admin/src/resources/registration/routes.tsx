import { Route } from 'react-router-dom';
import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

const PrintPage = lazyPage(() => import('./PrintPage'), (m) => m.PrintPage);
const RegistrationDeletedList = lazyPage(() => import('./RegistrationDeletedList'), (m) => m.RegistrationDeletedList);
const RegistrationVerify = lazyPage(() => import('./RegistrationVerify'), (m) => m.RegistrationVerify);
/** The draw page carries the wheel: its own chunk. */
const RegistrationDraw = lazyPage(() => import('./RegistrationDraw'), (m) => m.RegistrationDraw);

/**
 * The registration screens beyond list, detail, create and edit: the trash
 * (delete-registration), the coupon verify and the purchase draw (read-registration).
 * Each loads its code when first opened.
 */
export const registrationRoutes = [
  resourceRoute('/registration/deleted', 'registration', 'delete', <RegistrationDeletedList />),
  resourceRoute('/registration/:id/verify', 'registration', 'show', <RegistrationVerify />),
  resourceRoute('/registration/:id/draw', 'registration', 'show', <RegistrationDraw />),
];

/** /admin/print (read-registration), outside the layout: goes in <CustomRoutes noLayout>. */
export const printRoute = <Route key="print" path="/print" element={<PrintPage />} />;
