import { resourceRoute } from '../../components/ResourcePage';
import { SmsPage } from './SmsPage';

/** /admin/sms (send-sms, SPEC section 2): a page over the sms API, not a record list. */
export const smsRoutes = [resourceRoute('/sms', 'sms', 'list', <SmsPage />)];
