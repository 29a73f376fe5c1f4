import { pageRoute } from '../../components/pageRoutes';

/** /admin/sms (send-sms, SPEC section 2): a page over the sms API, not a record list. */
export const smsRoutes = [pageRoute('/sms', 'sms', 'list')];
