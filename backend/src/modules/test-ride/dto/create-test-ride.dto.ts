import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { BOOKING_TYPES, NEPAL_MOBILE_RE, parseNepalMobile } from '@campaign/domain';
import { PersonNameField } from '../../../common/person-name';
import { EmptyToNull, ToInt, Trim } from '../../../common/http/transforms';
import { WithCaptcha } from '../../captcha/captcha.decorator';
import { normaliseUtmSource } from '../../referrer/referrer.service';
import { TestRideType } from '../test-ride.entity';

const required = (field: string) => ({ message: `The ${field} field is required.` });
const tooLong = (field: string, max: number) => ({ message: `The ${field} may not be greater than ${max} characters.` });

/**
 * The public booking dialog ('Book a Rides'); JSON or form-encoded. class-validator reports
 * the decorator nearest the property first, so 'required' sits last and is the message shown.
 */
export class CreateTestRideDto extends WithCaptcha {
  @PersonNameField()
  name: string;

  @ApiProperty({ required: false, nullable: true, example: 'sita@example.com' })
  @IsOptional()
  @Trim()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsEmail({}, { message: 'The email must be a valid email address.' })
  @MaxLength(255, tooLong('email', 255))
  email?: string | null;

  @ApiProperty({ description: 'Nepal mobile; +977, spaces and dashes are accepted, 10 digits are stored', example: '9841234567' })
  @Transform(({ value }) => parseNepalMobile(value) ?? value)
  @Matches(NEPAL_MOBILE_RE, { message: 'The phone must be a valid Nepal mobile number.' })
  @IsNotEmpty(required('phone'))
  phone: string;

  @ApiProperty({ description: 'Province name from the geography', example: 'Bagmati' })
  @Trim()
  @IsString(required('state'))
  @MaxLength(100, tooLong('state', 100))
  @IsNotEmpty(required('state'))
  state: string;

  @ApiProperty({ description: 'District name (of the state)', example: 'Kathmandu' })
  @Trim()
  @IsString(required('district'))
  @MaxLength(100, tooLong('district', 100))
  @IsNotEmpty(required('district'))
  district: string;

  @ApiProperty({ description: 'Local level name (of the district)', example: 'Kathmandu Metropolitan City' })
  @Trim()
  @IsString(required('city'))
  @MaxLength(150, tooLong('city', 150))
  @IsNotEmpty(required('city'))
  city: string;

  @ApiProperty({ example: 1 })
  @ToInt()
  @IsInt({ message: 'The selected branch is invalid.' })
  @IsNotEmpty(required('branch'))
  branch_id: number;

  @ApiProperty({ example: 1 })
  @ToInt()
  @IsInt({ message: 'The selected model is invalid.' })
  @IsNotEmpty(required('model'))
  bike_model_id: number;

  @ApiProperty({ enum: BOOKING_TYPES, default: 'TESTRIDE', required: false })
  @IsOptional()
  @IsIn(BOOKING_TYPES, { message: 'The selected type is invalid.' })
  type?: TestRideType;

  @ApiProperty({ required: false, description: 'Traffic source from the landing URL; normalised, and ignored when unusable' })
  @IsOptional()
  @Transform(({ value }) => normaliseUtmSource(value))
  utm_source?: string | null;
}
