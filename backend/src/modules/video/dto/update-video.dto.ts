import { EditType } from '../../../common/http/validation';
import { CreateVideoDto } from './create-video.dto';

export class UpdateVideoDto extends EditType(CreateVideoDto) {}
