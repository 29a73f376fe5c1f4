import { ApiProperty } from '@nestjs/swagger';
import { NepaliText, RequiredText } from '../../../common/http/required-text';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { EmptyToNull, ToBoolean, ToInt, Trim } from '../../../common/http/transforms';
import { ImageIdField } from '../../file/image-field';

export class CreateBikeModelDto {
  @ApiProperty({ example: 'Everest 150 Sport' })
  @Trim() @RequiredText('title', 100)
  title: string;

  @ApiProperty({ required: false, nullable: true, example: 'एभरेस्ट १५० स्पोर्ट', description: 'The title on the Nepali site; empty: the English one' })
  @NepaliText('title', 100)
  title_ne?: string | null;

  @ApiProperty({ required: false, nullable: true, maxLength: 140, example: 'Light, frugal and easy in city traffic.' })
  @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'The tagline must be text.' }) @MaxLength(140, { message: 'The tagline may not be greater than 140 characters.' })
  tagline?: string | null;

  @ApiProperty({ required: false, nullable: true, maxLength: 140, description: 'The showcase line on the Nepali site; empty: the English one' })
  @NepaliText('tagline', 140)
  tagline_ne?: string | null;

  @ApiProperty({ required: false, nullable: true, example: 285000, description: 'Whole rupees' })
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @ToInt()
  @IsInt({ message: 'The price must be a whole number of rupees.' }) @Min(1, { message: 'The price must be at least 1.' }) @Max(100_000_000, { message: 'The price is too large.' })
  price?: number | null;

  @ApiProperty({ required: false, default: false, description: "The price is a 'from' price" })
  @IsOptional() @ToBoolean() @IsBoolean({ message: 'The from price field must be true or false.' })
  price_from?: boolean;

  /** Or send the image itself as the multipart file `thumbnail`. */
  @ImageIdField('thumbnail') thumbnail_id?: number | null;

  /** The served `{ id, ... }` object or an id; null removes the image. */
  @ImageIdField('thumbnail') thumbnail?: number | null;
}
