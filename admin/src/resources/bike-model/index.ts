import type { ResourceScreens } from '../../routing';

/** Bike models: /admin/bike-model, addressed by slug; each screen loads when first opened. */
export default {
  list: () => import('./BikeModelList').then((m) => m.BikeModelList),
  show: () => import('./BikeModelShow').then((m) => m.BikeModelShow),
  edit: () => import('./BikeModelEdit').then((m) => m.BikeModelEdit),
  create: () => import('./BikeModelCreate').then((m) => m.BikeModelCreate),
} satisfies ResourceScreens;
