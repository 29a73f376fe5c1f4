import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { SMS_TYPES } from '@campaign/domain';
import { RequiredText } from '../../../common/http/required-text';
import type { SmsType } from '../sms-batch.entity';

/** Longest bulk text (characters); the answer says how many SMS it takes. */
export const SMS_TEXT_MAX = 1000;
/** Most numbers one send may type in (MOBILE). */
export const SMS_MOBILES_MAX = 10_000;

/** Ids from JSON arrays, repeated multipart fields (`branches[]`) or a comma-separated string. */
const ToIdList = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return undefined;
    const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    return list
      .map((v) => (typeof v === 'string' ? v.trim() : v))
      .filter((v) => v !== '')
      .map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v));
  });

/** Every item a positive whole number (one message for the whole list). */
function IsIdList(message: string) {
  return ValidateBy({
    name: 'isIdList',
    validator: {
      validate: (v: unknown) => Array.isArray(v) && v.every((id) => Number.isInteger(id) && (id as number) > 0),
      defaultMessage: () => message,
    },
  });
}

/** Windows line ends count as one character, as phones show them. */
export const NormalizeNewlines = () => Transform(({ value }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value));

/** Required, one of the four SMS categories. */
function IsSmsType() {
  return ValidateBy({
    name: 'isSmsType',
    validator: {
      validate: (v: unknown) => (SMS_TYPES as readonly unknown[]).includes(v),
      defaultMessage: (args) =>
        args?.value === undefined || args?.value === null || args?.value === ''
          ? 'The type field is required.'
          : 'The selected type is invalid.',
    },
  });
}

/**
 * POST /sms (docs/sms.md, "Bulk SMS"): type, branches, registrants, mobiles, text. Only the list
 * the type names is read; the recipients are resolved on the server.
 */
export class CreateSmsDto {
  @ApiProperty({
    enum: SMS_TYPES,
    description:
      'ALL: every customer (a branch user: their branch’s); BRANCH: the customers of `branches`; REGISTRANTS: the registrations `registrants`; MOBILE: the numbers in `mobiles`',
  })
  @IsSmsType()
  type: SmsType;

  @ApiProperty({ type: [Number], required: false, description: 'Branch ids (type BRANCH)' })
  @IsOptional()
  @ToIdList()
  @ArrayMaxSize(1000, { message: 'At most 1000 branches can be chosen.' })
  @IsIdList('The selected branches are invalid.')
  branches?: number[];

  @ApiProperty({ type: [Number], required: false, description: 'Registration (customer) ids (type REGISTRANTS)' })
  @IsOptional()
  @ToIdList()
  @ArrayMaxSize(SMS_MOBILES_MAX, { message: `At most ${SMS_MOBILES_MAX} customers can be chosen.` })
  @IsIdList('The selected registrants are invalid.')
  registrants?: number[];

  @ApiProperty({
    required: false,
    example: '9841234567, 9801234567',
    description: 'Comma-separated Nepal mobile numbers (type MOBILE); a list of strings is accepted too',
  })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value.join(',') : value))
  @IsString({ message: 'The mobiles must be comma-separated mobile numbers.' })
  @MaxLength(SMS_MOBILES_MAX * 25, { message: `At most ${SMS_MOBILES_MAX} mobile numbers can be sent to at once.` })
  mobiles?: string;

  @ApiProperty({
    maxLength: SMS_TEXT_MAX,
    example: 'Dashain offer: Rs. 5,000 off every bike until Kartik 15. Visit your nearest showroom.',
  })
  @NormalizeNewlines()
  @RequiredText('text', SMS_TEXT_MAX)
  text: string;
}
