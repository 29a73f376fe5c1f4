import { ApiProperty } from '@nestjs/swagger';
import { CodeDigits } from '../../../common/http/transforms';
import { ValidateBy } from 'class-validator';

const problem = (v: unknown) => (typeof v !== 'string' || v === '' ? 'The code is required.' : v.length > 12 ? 'The code is incorrect.' : null);

/** The one-time code the customer received (POST /enquiry/{slug}/verify, /preregistration/{slug}/verify). */
export class VerifyCodeDto {
  @ApiProperty({ example: '123456' })
  @CodeDigits()
  @ValidateBy({ name: 'code', validator: { validate: (v) => problem(v) === null, defaultMessage: (a) => problem(a?.value) ?? 'Invalid.' } })
  code: string;
}
