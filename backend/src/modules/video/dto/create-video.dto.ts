import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { NepaliText, RequiredText } from '../../../common/http/required-text';
import { EmptyToNull, ToInt, Trim } from '../../../common/http/transforms';
import { ImageIdField } from '../../file/image-field';

export class CreateVideoDto {
  @ApiProperty({ example: 'Ram Bahadur, winner of Ten Lakhs' })
  @Trim() @RequiredText('title', 150)
  title: string;

  @ApiProperty({ required: false, nullable: true, example: 'राम बहादुर, दस लाखका विजेता', description: 'The title on the Nepali winners page; empty: the English one' })
  @NepaliText('title', 150)
  title_ne?: string | null;

  @ApiProperty({ example: 'https://www.youtube.com/watch?v=...' })
  @Trim() @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'The url must be a valid http(s) URL.' }) @MaxLength(500)
  url: string;

  @ApiProperty({ example: 1000000, description: 'Rupees' })
  @ToInt() @IsInt({ message: 'The amount must be a whole number.' }) @Min(0, { message: 'The amount must be at least 0.' }) @Max(100_000_000, { message: 'The amount is too large.' })
  amount: number;

  @ApiProperty({ required: false, nullable: true, description: 'Staff only; never on the public list' })
  @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null) @Matches(/^\+?[0-9][0-9 -]{5,19}$/, { message: 'The phone must be a valid phone number.' })
  phone?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'Staff only; never on the public list' })
  @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(50)
  citizenship_no?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'The winning registration' })
  @IsOptional() @EmptyToNull() @ToInt() @ValidateIf((_, v) => v !== null) @IsInt({ message: 'The registration id must be a whole number.' }) @Min(1)
  registration_id?: number | null;

  /** Or send the image itself as the multipart file `thumbnail`. */
  @ImageIdField('thumbnail') thumbnail_id?: number | null;

  @ImageIdField('thumbnail') thumbnail?: number | null;
}
