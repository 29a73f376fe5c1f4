import { pageRoute } from '../../components/ResourcePage';

/** /admin/sms (send-sms, SPEC section 2): a page over the sms API, not a record list. */
export const smsRoutes = [pageRoute('/sms', 'sms', 'list')];
