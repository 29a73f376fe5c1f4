import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MinLength } from 'class-validator';

/** The coupon code the customer received, typed by staff at key hand-over. */
export class CouponCodeDto {
  @ApiProperty({ example: '042917' })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'The code field is required.' })
  @MinLength(1, { message: 'The code field is required.' })
  code: string;
}
