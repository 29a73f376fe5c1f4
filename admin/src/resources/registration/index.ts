import type { ResourceScreens } from '../../routing';

/**
 * Registrations (purchases, "customers"): /admin/registration, addressed by slug, each screen loaded when first opened. Create
 * is /admin/registration/create/{preregistration slug} (the resource's create/* route);
 * trash, verify and draw are in routes.tsx.
 */
export default {
  list: () => import('./RegistrationList').then((m) => m.RegistrationList),
  show: () => import('./RegistrationShow').then((m) => m.RegistrationShow),
  edit: () => import('./RegistrationEdit').then((m) => m.RegistrationEdit),
  create: () => import('./RegistrationCreate').then((m) => m.RegistrationCreate),
} satisfies ResourceScreens;
