import type { ResourceScreens } from '../../routing';

/** Dealer users (staff accounts): /admin/user, addressed by slug; each screen loads when first opened. */
export default {
  list: () => import('./UserList').then((m) => m.UserList),
  show: () => import('./UserShow').then((m) => m.UserShow),
  edit: () => import('./UserEdit').then((m) => m.UserEdit),
  create: () => import('./UserCreate').then((m) => m.UserCreate),
} satisfies ResourceScreens;
