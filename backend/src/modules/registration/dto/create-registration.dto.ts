import { ClientSeedField } from '../../draw/client-seed.field';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PAYMENT_MODES, type PaymentMode } from '@campaign/domain';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { EmptyToNull, LatinDigits, ToBoolean, ToInt, Trim } from '../../../common/http/transforms';
import { normaliseVehicleNumber } from '../registration.rules';

const required = (field: string) => ({ message: `The ${field} field is required.` });
/** A record addressed by its id or its slug (forms send either). */
const IdOrSlug = () =>
  Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value));
const VehicleNumber = () => Transform(({ value }) => normaliseVehicleNumber(value));

/**
 * The registration (purchase) form. class-validator reports a field's
 * messages bottom-up, so the "required" checks sit last: a missing field's first message
 * (the one the form shows) is "The x field is required.".
 */
export class CreateRegistrationDto {
  @ApiProperty({ description: 'The pre-registration converted into this purchase: its id or slug', example: 'aB3dE5gH7jK9mN1p' })
  @IdOrSlug()
  @Matches(/^[\w-]{1,64}$/, { message: 'The selected preregistration id is invalid.' })
  @IsString(required('preregistration id'))
  @IsDefined(required('preregistration id'))
  preregistration_id: string;

  @ApiProperty({ description: 'Bill / Chalan No. as typed; the server stores it with the B{branch_id}- prefix', example: '1024' })
  @Trim()
  @MaxLength(50, { message: 'The bill no may not be greater than 50 characters.' })
  @Matches(/^[A-Za-z0-9/._-]+$/, { message: 'The bill no may only contain letters, numbers, slashes, hyphens, dots and underscores.' })
  @MinLength(1, required('bill no'))
  @IsString(required('bill no'))
  bill_no: string;

  @ApiProperty({ example: 'Ram Bahadur Thapa' })
  @Trim()
  @MaxLength(255, { message: 'The name may not be greater than 255 characters.' })
  @MinLength(1, required('name'))
  @IsString(required('name'))
  name: string;

  @ApiProperty({ example: 'Teku, Kathmandu' })
  @Trim()
  @MaxLength(255, { message: 'The address may not be greater than 255 characters.' })
  @MinLength(1, required('address'))
  @IsString(required('address'))
  address: string;

  @ApiProperty({ description: 'Citizenship number or PAN', example: '27-01-71-01234' })
  @LatinDigits()
  @Trim()
  @MaxLength(50, { message: 'The citizenship no may not be greater than 50 characters.' })
  @MinLength(1, required('citizenship no'))
  @IsString(required('citizenship no'))
  citizenship_no: string;

  @ApiProperty({ required: false, nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @Trim()
  @IsString()
  @MaxLength(50, { message: 'The pan may not be greater than 50 characters.' })
  pan?: string | null;

  @ApiProperty({ required: false, nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @Trim()
  @IsEmail({}, { message: 'The email must be a valid email address.' })
  @MaxLength(255)
  email?: string | null;

  @ApiProperty({
    required: false,
    description: "Read-only: the pre-registration's phone is used. Sending the same number is accepted; another number answers 422.",
  })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(25)
  phone?: string;

  @ApiProperty({ required: false, nullable: true, description: 'Favourite roadie' })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @Trim()
  @IsString()
  @MaxLength(100)
  roadie?: string | null;

  @ApiProperty({ required: false, default: false, description: 'The customer shared a key-handover post' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'The shared field must be true or false.' })
  shared?: boolean;

  @ApiProperty({ example: 1 })
  @ToInt()
  @IsInt({ message: 'The bike model id field is required.' })
  bike_model_id: number;

  @ApiProperty({ required: false, nullable: true, description: 'Upper-cased; letters, digits, - . _ only; unique' })
  @IsOptional()
  @VehicleNumber()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(50, { message: 'The engine no may not be greater than 50 characters.' })
  engine_no?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'Chassis number (spelt chasis); upper-cased; unique' })
  @IsOptional()
  @VehicleNumber()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(50, { message: 'The chasis no may not be greater than 50 characters.' })
  chasis_no?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'Vehicle registration number; upper-cased' })
  @IsOptional()
  @VehicleNumber()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(50, { message: 'The registration no may not be greater than 50 characters.' })
  registration_no?: string | null;

  @ApiProperty({ enum: PAYMENT_MODES, default: 'CASH' })
  @IsIn(PAYMENT_MODES, { message: 'The selected payment mode is invalid.' })
  @IsDefined(required('payment mode'))
  payment_mode: PaymentMode;

  @ApiProperty({ required: false, default: '' })
  @IsOptional()
  @Transform(({ value }) => (value === null ? '' : typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(2000, { message: 'The note may not be greater than 2000 characters.' })
  note?: string;

  @ApiProperty({
    required: false,
    nullable: true,
    description: 'The referring registration (a customer who brought this one): its id or slug',
  })
  @IsOptional()
  @EmptyToNull()
  @IdOrSlug()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(/^[\w-]{1,64}$/, { message: 'The selected referring registration is invalid.' })
  registration_id?: string | null;

  @ApiProperty({ required: false, default: true, description: 'Send the coupon SMS (Save and Notify)' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'The send sms field must be true or false.' })
  send_sms?: boolean;

  @ClientSeedField()
  client_seed?: string | null;
}
