import { EditType } from '../../../common/http/validation';
import { CreatePreregistrationDto } from './create-preregistration.dto';
import { RefField } from './fields';

/**
 * Every field optional (multipart of the changed fields). The phone cannot change once
 * verified; branch_id may be set by head office only (branch staff keep their own).
 */
export class UpdatePreregistrationDto extends EditType(CreatePreregistrationDto) {
  @RefField('branch', false)
  branch_id?: number | null;
}
