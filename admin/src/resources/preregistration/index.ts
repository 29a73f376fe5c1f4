import { PreregistrationCreate } from './PreregistrationCreate';
import { PreregistrationEdit } from './PreregistrationEdit';
import { PreregistrationList } from './PreregistrationList';
import { PreregistrationShow } from './PreregistrationShow';

/** Pre-registrations (enquiries): /admin/preregistration, addressed by slug; verify and draw in routes.tsx. */
export default {
  list: PreregistrationList,
  show: PreregistrationShow,
  edit: PreregistrationEdit,
  create: PreregistrationCreate,
};
