import { resourceRoute } from '../../components/ResourcePage';
import { AnalyticsPage } from './AnalyticsPage';

/** /admin/analytics (send-sms, SPEC section 2). */
export const analyticsRoutes = [resourceRoute('/analytics', 'analytics', 'list', <AnalyticsPage />)];
