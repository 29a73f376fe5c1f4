import { resourceRoute } from '../../components/ResourcePage';
import { ReferrerList } from './ReferrerList';

/** /admin/referrer (read-registration): the report only; referrers have no detail page. */
export const referrerRoutes = [resourceRoute('/referrer', 'referrer', 'list', <ReferrerList />)];
