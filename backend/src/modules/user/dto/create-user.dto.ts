import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsEnum, IsInt, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { EmptyToNull, ToInt, Trim } from '../../../common/http/transforms';
import { Sex } from '../user.entity';

export class CreateUserDto {
  @ApiProperty() @Trim() @IsString({ message: 'The first name field is required.' }) @MinLength(1, { message: 'The first name field is required.' }) @MaxLength(100)
  first_name: string;

  @ApiProperty() @Trim() @IsString({ message: 'The last name field is required.' }) @MinLength(1, { message: 'The last name field is required.' }) @MaxLength(100)
  last_name: string;

  @ApiProperty() @Trim() @IsEmail({}, { message: 'The email must be a valid email address.' }) @MaxLength(255)
  email: string;

  @ApiProperty({ required: false }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null)
  @Matches(/^[0-9+\- ]{6,20}$/, { message: 'The phone must be a valid phone number.' })
  phone?: string | null;

  @ApiProperty({ enum: Sex, required: false }) @IsOptional() @IsEnum(Sex, { message: 'The selected sex is invalid.' })
  sex?: Sex;

  @ApiProperty({ required: false }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(255)
  address?: string | null;

  @ApiProperty({ minLength: 8 }) @IsString({ message: 'The password field is required.' }) @MinLength(8, { message: 'The password must be at least 8 characters.' }) @MaxLength(128)
  password: string;

  @ApiProperty() @IsString({ message: 'The password confirmation field is required.' })
  password_confirmation: string;

  @ApiProperty({ required: false, nullable: true }) @IsOptional() @EmptyToNull() @ToInt() @ValidateIf((_, v) => v !== null) @IsInt({ message: 'The selected branch is invalid.' })
  branch_id?: number | null;

  @ApiProperty() @ToInt() @IsInt({ message: 'The role field is required.' })
  role_id: number;
}
