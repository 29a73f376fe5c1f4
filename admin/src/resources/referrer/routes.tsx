import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

const ReferrerList = lazyPage(() => import('./ReferrerList'), (m) => m.ReferrerList);

/** /admin/referrer (read-registration): the report only; referrers have no detail page. */
export const referrerRoutes = [resourceRoute('/referrer', 'referrer', 'list', <ReferrerList />)];
