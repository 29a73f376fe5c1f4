import { RegistrationCreate } from './RegistrationCreate';
import { RegistrationEdit } from './RegistrationEdit';
import { RegistrationList } from './RegistrationList';
import { RegistrationShow } from './RegistrationShow';

/**
 * Registrations (purchases, "customers"): /admin/registration, addressed by slug. Create
 * is /admin/registration/create/{preregistration slug} (the resource's create/* route);
 * trash, verify and draw are in routes.tsx.
 */
export default {
  list: RegistrationList,
  show: RegistrationShow,
  edit: RegistrationEdit,
  create: RegistrationCreate,
};
