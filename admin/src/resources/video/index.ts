import type { ResourceScreens } from '../../routing';

/** Winner videos: /admin/video, addressed by numeric id; each screen loads when first opened. */
export default {
  list: () => import('./VideoList').then((m) => m.VideoList),
  show: () => import('./VideoShow').then((m) => m.VideoShow),
  edit: () => import('./VideoEdit').then((m) => m.VideoEdit),
  create: () => import('./VideoCreate').then((m) => m.VideoCreate),
} satisfies ResourceScreens;
