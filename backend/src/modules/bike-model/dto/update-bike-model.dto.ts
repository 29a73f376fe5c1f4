import { PartialType } from '@nestjs/swagger';
import { CreateBikeModelDto } from './create-bike-model.dto';

export class UpdateBikeModelDto extends PartialType(CreateBikeModelDto) {}
