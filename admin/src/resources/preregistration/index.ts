import type { ResourceScreens } from '../../routing';

/** Pre-registrations (enquiries): /admin/preregistration, addressed by slug, each screen loaded when first opened; verify and draw in routes.tsx. */
export default {
  list: () => import('./PreregistrationList').then((m) => m.PreregistrationList),
  show: () => import('./PreregistrationShow').then((m) => m.PreregistrationShow),
  edit: () => import('./PreregistrationEdit').then((m) => m.PreregistrationEdit),
  create: () => import('./PreregistrationCreate').then((m) => m.PreregistrationCreate),
} satisfies ResourceScreens;
