import { resourceRoute } from '../../components/ResourcePage';
import { AllocationCreate } from './AllocationCreate';
import { AllocationList } from './AllocationList';

/** The prize scheme lives at /admin/scheme over the allocation API (manage-allocation). */
export const schemeRoutes = [
  resourceRoute('/scheme', 'allocation', 'list', <AllocationList />),
  resourceRoute('/scheme/create', 'allocation', 'create', <AllocationCreate />),
];
