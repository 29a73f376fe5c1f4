import { EditType } from '../../../common/http/validation';
import { CreateBikeModelDto } from './create-bike-model.dto';

export class UpdateBikeModelDto extends EditType(CreateBikeModelDto) {}
