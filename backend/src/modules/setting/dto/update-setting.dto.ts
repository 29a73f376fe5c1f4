import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { SETTING_KEYS, SETTINGS, type SettingKey, type SettingRule } from '@campaign/domain';
import {
  ArrayMaxSize,
  ArrayMinSize,
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
} from 'class-validator';
import { RequiredText, textUpTo } from '../../../common/http/required-text';
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

/**
 * The body of PATCH /setting: any of the settings of `@campaign/domain` (domain/src/settings.ts),
 * each checked by its declared rule (the decorators below, one set per rule kind, with the
 * rule's words); an image setting `<name>_id` is also accepted under `<name>`, beside its upload.
 */
export class UpdateSettingDto {}

type Decorator = PropertyDecorator;
const NOT_NULL = ValidateIf((_: object, v: unknown) => v !== null);

/** A rule's checks, in the order a class would list them above its property. */
function checks(rule: Exclude<SettingRule, { kind: 'image' }>): Decorator[] {
  switch (rule.kind) {
    case 'color':
      return [IsOptional(), Trim(), Matches(/^#[0-9a-fA-F]{6}$/, { message: rule.message })];
    case 'rich':
      return [IsOptional(), IsString(), MaxLength(RICH_TEXT_MAX)];
    case 'url':
      return [IsOptional(), EmptyToNull(), Trim(), NOT_NULL, IsUrl(HTTP_URL, { message: rule.message }), MaxLength(500)];
    case 'name':
      return [IsOptional(), Trim(), RequiredText(rule.what, rule.max)];
    case 'text':
      return [IsOptional(), Trim(), ...textUpTo(rule.what, rule.max)];
    case 'links':
      return [IsOptional(), ToArray(SocialLinkDto), IsArray({ message: rule.message }), ArrayMaxSize(rule.max), ValidateNested({ each: true })];
    case 'phones':
      return [
        IsOptional(),
        ToArray(),
        IsArray({ message: rule.message }),
        ArrayMaxSize(rule.max),
        Matches(/^\+?[0-9][0-9 -]{5,19}$/, { each: true, message: rule.each }),
      ];
    case 'names':
      return [
        IsOptional(),
        ToArray(),
        IsArray({ message: rule.message }),
        ArrayMinSize(rule.count, { message: rule.message }),
        ArrayMaxSize(rule.count, { message: rule.message }),
        ArrayUnique({ message: rule.unique }),
        IsString({ each: true }),
        MinLength(1, { each: true, message: rule.empty }),
        MaxLength(rule.max, { each: true }),
      ];
    case 'amount':
      return [IsOptional(), ToInt(), IsInt(), IsIn([...rule.of], { message: rule.message })];
    case 'sms':
      return rule.must
        ? [IsOptional(), Trim(), IsString(), MaxLength(480), Contains(rule.must, { message: rule.message })]
        : [IsOptional(), Trim(), IsString(), MinLength(1, { message: rule.message }), MaxLength(480)];
    case 'day':
      return [IsOptional(), EmptyToNull(), NOT_NULL, Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: rule.message })];
    case 'days':
      return [
        IsOptional(),
        ToInt(),
        IsInt({ message: rule.whole }),
        Min(rule.min, { message: rule.below }),
        Max(rule.max, { message: rule.above }),
      ];
    case 'time':
      return [IsOptional(), Trim(), Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: rule.message })];
  }
}

/** What the OpenAPI page says of a setting. */
function described(key: SettingKey, rule: Exclude<SettingRule, { kind: 'image' }>): ApiPropertyOptions {
  const { default: value, description } = SETTINGS[key] as { default: unknown; description?: string };
  const base = { required: false, description, ...(value === null ? { nullable: true } : { default: value }) };
  switch (rule.kind) {
    case 'links':
      return { ...base, type: [SocialLinkDto] };
    case 'phones':
      return { ...base, type: [String], maxItems: rule.max };
    case 'names':
      return { ...base, type: [String], minItems: rule.count, maxItems: rule.count };
    case 'amount':
      return { ...base, type: Number, enum: [...rule.of] };
    case 'days':
      return { ...base, type: Number, minimum: rule.min, maximum: rule.max };
    default:
      return { ...base, type: String };
  }
}

/** Decorators applied as a class applies those written above a property: the last one first. */
function decorate(key: string, decorators: Decorator[]): void {
  for (const d of [...decorators].reverse()) d(UpdateSettingDto.prototype, key);
}

for (const key of SETTING_KEYS) {
  const { rule } = SETTINGS[key];
  if (rule.kind === 'image') {
    decorate(key, [ImageIdField(rule.what)]);
    decorate(key.slice(0, -'_id'.length), [ImageIdField(rule.what)]);
  } else decorate(key, [ApiProperty(described(key, rule)), ...checks(rule)]);
}
