import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { NEPAL_MOBILE_RE, nepalMobileMessage, parseNepalMobile } from '@campaign/domain';
import { NepaliText, RequiredText } from '../../../common/http/required-text';
import { EmptyToNull, ToInt, Trim } from '../../../common/http/transforms';

const PHONE = /^[0-9][0-9-]{4,19}$/;

export class CreateBranchDto {
  @ApiProperty({ example: 'Kathmandu Motors' }) @Trim() @RequiredText('title', 150)
  title: string;

  @ApiProperty({ required: false, nullable: true, example: 'काठमाडौं मोटर्स', description: 'The title on the Nepali site; empty: the English one' })
  @NepaliText('title', 150)
  title_ne?: string | null;

  @ApiProperty({ example: 'Bagmati', description: 'A province name from GET /geography' }) @Trim() @RequiredText('state', 100)
  state: string;

  @ApiProperty({ example: 'Kathmandu', description: 'A district of the state' }) @Trim() @RequiredText('district', 100)
  district: string;

  @ApiProperty({ example: 'Kathmandu Metropolitan City', description: 'A local level of the district' })
  @Trim() @RequiredText('city', 150)
  city: string;

  @ApiProperty({ required: false, example: 'Teku Road' }) @IsOptional() @Trim() @IsString() @MaxLength(255, { message: 'The location may not be greater than 255 characters.' })
  location?: string;

  @ApiProperty({ required: false, nullable: true, example: 'टेकु रोड', description: 'The location on the Nepali site; empty: the English one' })
  @NepaliText('location', 255)
  location_ne?: string | null;

  @ApiProperty({ required: false, nullable: true }) @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null)
  @IsEmail({}, { message: 'The email must be a valid email address.' }) @MaxLength(255)
  email?: string | null;

  @ApiProperty({ required: false, nullable: true, example: '01-4251234' }) @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null)
  @Matches(PHONE, { message: 'The phone may only contain digits and dashes.' })
  phone?: string | null;

  /** The branch's booking alerts go to this number by SMS, so it must be a Nepal mobile (stored as its 10 digits). */
  @ApiProperty({ required: false, nullable: true, example: '9851012345', description: 'Nepal mobile; +977, spaces and dashes are accepted, 10 digits are stored' })
  @IsOptional() @EmptyToNull() @Trim() @Transform(({ value }) => (typeof value === 'string' ? (parseNepalMobile(value) ?? value) : value)) @ValidateIf((_, v) => v !== null)
  @Matches(NEPAL_MOBILE_RE, { message: nepalMobileMessage('mobile') })
  mobile?: string | null;

  @ApiProperty({ required: false, description: 'Position in lists (ascending); new branches go last' }) @IsOptional() @ToInt()
  @IsInt({ message: 'The order must be a whole number.' }) @Min(0, { message: 'The order must be a whole number.' })
  order?: number;
}
