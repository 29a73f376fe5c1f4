import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Trim } from '../../../common/http/transforms';

/** Picks a referring registration: q over name, phone and bill number. */
export class SearchRegistrationDto {
  @ApiProperty({ example: 'Ram' })
  @Trim()
  @IsString({ message: 'The q field is required.' })
  @MaxLength(100)
  q: string;
}
