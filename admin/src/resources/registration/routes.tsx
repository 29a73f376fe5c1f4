import { pageRoute, screenRoute } from '../../components/pageRoutes';

/**
 * The registration screens beyond list, detail, create and edit: the trash
 * (delete-registration), the coupon verify and the purchase draw (read-registration).
 * Each loads its code when first opened.
 */
export const registrationRoutes = [
  pageRoute('/registration/deleted', 'registration', 'delete'),
  pageRoute('/registration/:id/verify', 'registration', 'show'),
  pageRoute('/registration/:id/draw', 'registration', 'show'),
];

/** /admin/print (read-registration), outside the layout: goes in <CustomRoutes noLayout>. */
export const printRoute = screenRoute('/print');
