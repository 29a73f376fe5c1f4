import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../common/http/transforms';

/** What a source may be, as normaliseUtmSource (referrer.service.ts) reads it. */
export const UTM_SOURCE_FORMAT = 'The utm source may only contain letters, digits, dots, underscores and hyphens (at most 100 characters).';

/** A traffic source head office adds to the referrer report: the utm_source its links carry, and a title. */
export class CreateReferrerDto {
  @ApiProperty({ maxLength: 100, example: 'Newsletter' })
  @Trim()
  @IsString({ message: 'The title field is required.' })
  @MinLength(1, { message: 'The title field is required.' })
  @MaxLength(100, { message: 'The title may not be greater than 100 characters.' })
  title: string;

  @ApiProperty({ maxLength: 100, example: 'newsletter', description: "The links' utm_source: letters, digits, dots, underscores and hyphens; stored lower-cased" })
  @Trim()
  @IsString({ message: 'The utm source field is required.' })
  @MinLength(1, { message: 'The utm source field is required.' })
  @Matches(/^[A-Za-z0-9_.-]{1,100}$/, { message: UTM_SOURCE_FORMAT })
  utm_source: string;
}
