import { EditType } from '../../../common/http/validation';
import { CreateUserDto } from './create-user.dto';

/** Every field optional; a blank password keeps the current one. */
export class UpdateUserDto extends EditType(CreateUserDto) {}
