import { BranchCreate } from './BranchCreate';
import { BranchEdit } from './BranchEdit';
import { BranchList } from './BranchList';
import { BranchShow } from './BranchShow';

/** Dealers (branches): /admin/branch, addressed by slug. */
export default {
  list: BranchList,
  show: BranchShow,
  edit: BranchEdit,
  create: BranchCreate,
};
