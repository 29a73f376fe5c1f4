import type { ResourceScreens } from '../../routing';

/** Dealers (branches): /admin/branch, addressed by slug; each screen loads when first opened. */
export default {
  list: () => import('./BranchList').then((m) => m.BranchList),
  show: () => import('./BranchShow').then((m) => m.BranchShow),
  edit: () => import('./BranchEdit').then((m) => m.BranchEdit),
  create: () => import('./BranchCreate').then((m) => m.BranchCreate),
} satisfies ResourceScreens;
