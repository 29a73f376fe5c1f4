import { OmitType } from '@nestjs/swagger';
import { EditType } from '../../../common/http/validation';
import { CreateRegistrationDto } from './create-registration.dto';

/**
 * Every field optional. The pre-registration cannot change; the phone stays read-only
 * (another number answers 422 under phone); bill_no keeps its branch prefix.
 */
export class UpdateRegistrationDto extends EditType(OmitType(CreateRegistrationDto, ['preregistration_id'] as const)) {}
