import { pageRoute } from '../../components/pageRoutes';

/** /admin/referrer (read-registration): the report only; referrers have no detail page. */
export const referrerRoutes = [pageRoute('/referrer', 'referrer', 'list')];
