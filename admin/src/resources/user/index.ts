import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** Dealer users (staff accounts): /admin/user, addressed by slug. */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
};
