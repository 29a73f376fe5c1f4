import { pageRoute } from '../../components/pageRoutes';

/** /admin/analytics (send-sms, SPEC section 2): the page and its chart library load only when the page is opened. */
export const analyticsRoutes = [pageRoute('/analytics', 'analytics', 'list')];
