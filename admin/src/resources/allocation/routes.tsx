import { pageRoute } from '../../components/pageRoutes';

/** The prize scheme lives at /admin/scheme over the allocation API (manage-allocation). */
export const schemeRoutes = [pageRoute('/scheme', 'allocation', 'list'), pageRoute('/scheme/create', 'allocation', 'create')];
