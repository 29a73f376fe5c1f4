import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

/** The page and its chart library load only when the page is opened. */
const AnalyticsPage = lazyPage(() => import('./AnalyticsPage'), (m) => m.AnalyticsPage);

/** /admin/analytics (send-sms, SPEC section 2). */
export const analyticsRoutes = [resourceRoute('/analytics', 'analytics', 'list', <AnalyticsPage />)];
