import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { ALLOCATION_TYPES, type AllocationType } from '@campaign/domain';
import { EmptyToNull, ToInt, Trim } from '../../../common/http/transforms';

export class CreateAllocationDto {
  @ApiProperty({ enum: ALLOCATION_TYPES, default: 'preregistration_public', required: false })
  @IsOptional()
  @IsIn(ALLOCATION_TYPES, { message: 'The selected type is invalid.' })
  type?: AllocationType;

  @ApiProperty({ required: false, nullable: true, description: 'Required for the branch types; ignored for preregistration_public' })
  @IsOptional()
  @EmptyToNull()
  @ToInt()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'The selected branch is invalid.' })
  branch_id?: number | null;

  @ApiProperty({ example: '2026-11-22', description: 'A Nepal day, today or later' })
  @Trim()
  @IsString({ message: 'The date field is required.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The date must be a date (YYYY-MM-DD).' })
  date: string;

  @ApiProperty({ minimum: 1, maximum: 5, default: 1, required: false })
  @IsOptional()
  @ToInt()
  @IsInt({ message: 'The count must be a whole number between 1 and 5.' })
  @Min(1, { message: 'The count must be between 1 and 5.' })
  @Max(5, { message: 'The count must be between 1 and 5.' })
  count?: number;

  @ApiProperty({ description: 'One of pre_prizes (preregistration types) or prizes (registration_branch)' })
  @ToInt()
  @IsInt({ message: 'The amount field is required.' })
  amount: number;

  @ApiProperty({ minimum: 0, maximum: 100, default: 0, required: false, description: 'Percent, up to two decimals' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value === '' ? undefined : value))
  // Not IsNumber's maxDecimalPlaces: it throws (a 500) on a number written with an exponent (7e-323).
  @ValidateBy({
    name: 'percentTwoDecimals',
    validator: { validate: (v: unknown) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 },
  }, { message: 'The probability must be a number between 0 and 100 (up to two decimals).' })
  @Min(0, { message: 'The probability must be between 0 and 100.' })
  @Max(100, { message: 'The probability must be between 0 and 100.' })
  probability?: number;
}
