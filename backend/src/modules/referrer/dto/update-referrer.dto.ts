import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../common/http/transforms';

/** Staff can only rename a referrer; its utm_source is what the traffic carried and stays. */
export class UpdateReferrerDto {
  @ApiProperty({ maxLength: 100, example: 'Facebook campaign' })
  @Trim()
  @IsString({ message: 'The title field is required.' })
  @MinLength(1, { message: 'The title field is required.' })
  @MaxLength(100, { message: 'The title may not be greater than 100 characters.' })
  title: string;
}
