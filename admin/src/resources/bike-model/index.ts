import { BikeModelCreate } from './BikeModelCreate';
import { BikeModelEdit } from './BikeModelEdit';
import { BikeModelList } from './BikeModelList';
import { BikeModelShow } from './BikeModelShow';

/** Bike models: /admin/bike-model, addressed by slug. */
export default {
  list: BikeModelList,
  show: BikeModelShow,
  edit: BikeModelEdit,
  create: BikeModelCreate,
};
