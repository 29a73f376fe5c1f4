import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

const AllocationList = lazyPage(() => import('./AllocationList'), (m) => m.AllocationList);
const AllocationCreate = lazyPage(() => import('./AllocationCreate'), (m) => m.AllocationCreate);

/** The prize scheme lives at /admin/scheme over the allocation API (manage-allocation). */
export const schemeRoutes = [
  resourceRoute('/scheme', 'allocation', 'list', <AllocationList />),
  resourceRoute('/scheme/create', 'allocation', 'create', <AllocationCreate />),
];
