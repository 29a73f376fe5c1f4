import { ApiProperty } from '@nestjs/swagger';
import { CodeDigits } from '../../../common/http/transforms';
import { IsString, MinLength } from 'class-validator';

/** The coupon code the customer received, typed by staff at key hand-over. */
export class CouponCodeDto {
  @ApiProperty({ example: '042917' })
  @CodeDigits()
  @IsString({ message: 'The code field is required.' })
  @MinLength(1, { message: 'The code field is required.' })
  code: string;
}
