import { EditType } from '../../../common/http/validation';
import { CreateBranchDto } from './create-branch.dto';

/** Every field optional; state, district and city are checked together with the stored ones. */
export class UpdateBranchDto extends EditType(CreateBranchDto) {}
