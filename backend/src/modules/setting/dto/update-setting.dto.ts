import { ApiProperty } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { PRE_PRIZES, PRIZES } from '@campaign/domain';
import {
  ArrayMaxSize,
  ArrayUnique,
  Contains,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
  ArrayMinSize,
} from 'class-validator';
import { RequiredText } from '../../../common/http/required-text';
import { EmptyToNull, ToInt, Trim } from '../../../common/http/transforms';
import { ImageIdField } from '../../file/image-field';

const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true };
const RICH_TEXT_MAX = 100_000;

export class SocialLinkDto {
  @ApiProperty({ example: 'Facebook' }) @Trim() @RequiredText('label', 40)
  label: string;

  @ApiProperty({ example: 'https://facebook.com/brand' }) @Trim() @IsUrl(HTTP_URL, { message: 'The url must be a valid http(s) URL.' }) @MaxLength(500)
  url: string;
}

/** Multipart carries arrays as `key[]` values, objects as JSON text: both become real arrays. */
const ToArray = (item?: new () => object) =>
  Transform(({ obj, key }) => {
    let v = (obj as Record<string, unknown>)[key];
    if (typeof v === 'string') {
      const text = v.trim();
      if (text.startsWith('[')) {
        try {
          v = JSON.parse(text);
        } catch {
          return v;
        }
      } else v = text === '' ? [] : [v];
    }
    if (!Array.isArray(v)) return v;
    const parsed = v.map((x) => {
      if (typeof x === 'string' && x.trim().startsWith('{')) {
        try {
          return JSON.parse(x);
        } catch {
          return x;
        }
      }
      return typeof x === 'string' ? x.trim() : x;
    });
    return item ? parsed.map((x) => (x && typeof x === 'object' ? plainToInstance(item, x) : x)) : parsed;
  });

export class UpdateSettingDto {
  @ImageIdField('logo') logo_id?: number | null;
  @ImageIdField('logo') logo?: number | null;
  @ImageIdField('notice') notice_id?: number | null;
  @ImageIdField('notice') notice?: number | null;
  @ImageIdField('Nepali notice') notice_ne_id?: number | null;
  @ImageIdField('Nepali notice') notice_ne?: number | null;
  @ImageIdField('hero phone picture') hero_phone_id?: number | null;
  @ImageIdField('hero phone picture') hero_phone?: number | null;
  @ImageIdField('hero desktop picture') hero_desktop_id?: number | null;
  @ImageIdField('hero desktop picture') hero_desktop?: number | null;

  @ApiProperty({ required: false, example: '#b91c1c', description: 'The primary brand colour (#rrggbb)' })
  @IsOptional() @Trim() @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'The primary colour must be a colour like #b91c1c.' })
  color_primary?: string;

  @ApiProperty({ required: false, example: '#1e3a8a', description: 'The secondary brand colour (#rrggbb)' })
  @IsOptional() @Trim() @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'The secondary colour must be a colour like #1e3a8a.' })
  color_secondary?: string;

  @ApiProperty({ required: false, description: 'Rich text (HTML), sanitised' }) @IsOptional() @IsString() @MaxLength(RICH_TEXT_MAX)
  scheme?: string;

  @ApiProperty({ required: false, description: 'Rich text (HTML), sanitised' }) @IsOptional() @IsString() @MaxLength(RICH_TEXT_MAX)
  terms?: string;

  @ApiProperty({ required: false, description: 'Rich text (HTML), sanitised' }) @IsOptional() @IsString() @MaxLength(RICH_TEXT_MAX)
  policy?: string;

  @ApiProperty({ required: false, description: 'The Scheme Details panel in Nepali (rich text, sanitised)' }) @IsOptional() @IsString() @MaxLength(RICH_TEXT_MAX)
  scheme_ne?: string;

  @ApiProperty({ required: false, description: 'The Terms and Condition panel in Nepali (rich text, sanitised)' }) @IsOptional() @IsString() @MaxLength(RICH_TEXT_MAX)
  terms_ne?: string;

  @ApiProperty({ required: false, description: 'The Privacy Policy panel in Nepali (rich text, sanitised)' }) @IsOptional() @IsString() @MaxLength(RICH_TEXT_MAX)
  policy_ne?: string;

  @ApiProperty({ required: false, nullable: true, description: 'Video link (http or https)' })
  @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null) @IsUrl(HTTP_URL, { message: 'The video must be a valid http(s) URL.' }) @MaxLength(500)
  video?: string | null;

  @ApiProperty({ required: false }) @IsOptional() @Trim() @RequiredText('brand name', 60)
  brand_name?: string;

  @ApiProperty({ required: false }) @IsOptional() @Trim() @RequiredText('campaign name', 100)
  campaign_name?: string;

  @ApiProperty({ required: false, type: [SocialLinkDto] })
  @IsOptional() @ToArray(SocialLinkDto) @IsArray({ message: 'The social links must be a list.' }) @ArrayMaxSize(10) @ValidateNested({ each: true })
  social_links?: SocialLinkDto[];

  @ApiProperty({ required: false, type: [String], example: ['9801234567'] })
  @IsOptional() @ToArray() @IsArray({ message: 'The support phones must be a list.' }) @ArrayMaxSize(5)
  @Matches(/^\+?[0-9][0-9 -]{5,19}$/, { each: true, message: 'Each support phone must be a phone number (digits and dashes).' })
  support_phones?: string[];

  @ApiProperty({ required: false, nullable: true })
  @IsOptional() @EmptyToNull() @Trim() @ValidateIf((_, v) => v !== null) @IsUrl(HTTP_URL, { message: 'The official website must be a valid http(s) URL.' }) @MaxLength(500)
  official_website?: string | null;

  @ApiProperty({ required: false, type: [String], minItems: 5, maxItems: 5 })
  @IsOptional() @ToArray() @IsArray({ message: 'The roadies must be a list of five names.' })
  @ArrayMinSize(5, { message: 'The roadies must be a list of five names.' }) @ArrayMaxSize(5, { message: 'The roadies must be a list of five names.' })
  @ArrayUnique({ message: 'The roadies must be different names.' })
  @IsString({ each: true }) @MinLength(1, { each: true, message: 'A roadie name is empty.' }) @MaxLength(60, { each: true })
  roadies?: string[];

  @ApiProperty({ required: false, enum: PRE_PRIZES, default: 3000 })
  @IsOptional() @ToInt() @IsInt() @IsIn([...PRE_PRIZES], { message: 'The base pre-registration prize must be one of the pre-registration prizes.' })
  base_prize_preregistration?: number;

  @ApiProperty({ required: false, enum: PRIZES, default: 1500 })
  @IsOptional() @ToInt() @IsInt() @IsIn([...PRIZES], { message: 'The base registration prize must be one of the registration prizes.' })
  base_prize_registration?: number;

  @ApiProperty({ required: false, description: 'Must contain {code} (docs/sms.md)' })
  @IsOptional() @Trim() @IsString() @MaxLength(480) @Contains('{code}', { message: 'The OTP template must contain {code}.' })
  sms_template_otp?: string;

  @ApiProperty({ required: false, description: 'Must contain {prize} (docs/sms.md)' })
  @IsOptional() @Trim() @IsString() @MaxLength(480) @Contains('{prize}', { message: 'The prize template must contain {prize}.' })
  sms_template_prize?: string;

  @ApiProperty({ required: false, description: 'The code SMS in Nepali; must contain {code}' })
  @IsOptional() @Trim() @IsString() @MaxLength(480) @Contains('{code}', { message: 'The Nepali OTP template must contain {code}.' })
  sms_template_otp_ne?: string;

  @ApiProperty({ required: false, description: 'The prize SMS in Nepali; must contain {prize}' })
  @IsOptional() @Trim() @IsString() @MaxLength(480) @Contains('{prize}', { message: 'The Nepali prize template must contain {prize}.' })
  sms_template_prize_ne?: string;

  @ApiProperty({ required: false, description: "A test ride's SMS to the customer; {what}, {name}, {model}, {branch} may be used" })
  @IsOptional() @Trim() @IsString() @MinLength(1, { message: 'The test ride SMS may not be empty.' }) @MaxLength(480)
  sms_template_test_ride?: string;

  @ApiProperty({ required: false, description: "A test ride's SMS to the customer, in Nepali" })
  @IsOptional() @Trim() @IsString() @MinLength(1, { message: 'The Nepali test ride SMS may not be empty.' }) @MaxLength(480)
  sms_template_test_ride_ne?: string;

  @ApiProperty({ required: false, description: "A test ride's alert to the branch's mobile; {what}, {name}, {phone}, {model}, {city} may be used" })
  @IsOptional() @Trim() @IsString() @MinLength(1, { message: 'The branch test ride SMS may not be empty.' }) @MaxLength(480)
  sms_template_test_ride_branch?: string;

  @ApiProperty({ required: false, nullable: true, example: '2083-01-15', description: "The campaign's last day (AD, YYYY-MM-DD); retention counts from it" })
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null)
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'The campaign end must be a date (YYYY-MM-DD).' })
  campaign_ends_on?: string | null;

  @ApiProperty({ required: false, default: 180, minimum: 30, maximum: 3650, description: 'Days after the campaign end that citizenship numbers and screenshots are kept' })
  @IsOptional() @ToInt() @IsInt({ message: 'The retention must be a whole number of days.' })
  @Min(30, { message: 'The retention must be at least 30 days.' }) @Max(3650, { message: 'The retention may not be greater than 3650 days.' })
  retention_days?: number;

  @ApiProperty({ required: false, default: '22:00', example: '22:00', description: "HH:MM Nepal time, the evening before each day: that day's prize scheme is committed and frozen (docs/fairness.md)" })
  @IsOptional() @Trim() @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'The commitment time must be a time of day (HH:MM).' })
  commit_cutoff?: string;

  @ApiProperty({ required: false, description: 'Must contain {coupon} (docs/sms.md)' })
  @IsOptional() @Trim() @IsString() @MaxLength(480) @Contains('{coupon}', { message: 'The coupon template must contain {coupon}.' })
  sms_template_coupon?: string;
}
