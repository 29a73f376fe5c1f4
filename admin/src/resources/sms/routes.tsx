import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

const SmsPage = lazyPage(() => import('./SmsPage'), (m) => m.SmsPage);

/** /admin/sms (send-sms, SPEC section 2): a page over the sms API, not a record list. */
export const smsRoutes = [resourceRoute('/sms', 'sms', 'list', <SmsPage />)];
