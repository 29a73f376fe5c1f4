import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, ValidateBy } from 'class-validator';
import { ADDRESS_MESSAGE, ADDRESS_RE, nepalMobileMessage, parseNepalMobile, toLatinDigits } from '@campaign/domain';
import { ToBoolean } from '../../../common/http/transforms';

/** Staff-typed names: letters (any script, Devanagari included), digits, underscore and spaces (docs/decisions.md, "Field rules"); addresses: @campaign/domain's ADDRESS_RE. */
export const NAME_RE = /^[\p{L}\p{M}\p{Nd}_ ]+$/u;
export const CITIZENSHIP_RE = /^\d+$/;
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

interface TextRule {
  label: string;
  required?: boolean;
  max: number;
  pattern?: RegExp;
  patternMessage?: string;
}

/** One message per failure (required / type / length / pattern), so the form shows the right one. */
function textProblem(value: unknown, rule: TextRule): string | null {
  if (blank(value)) return rule.required ? `The ${rule.label} field is required.` : null;
  if (typeof value !== 'string') return `The ${rule.label} must be text.`;
  if (value.length > rule.max) return `The ${rule.label} may not be greater than ${rule.max} characters.`;
  if (rule.pattern && !rule.pattern.test(value)) return rule.patternMessage ?? `The ${rule.label} format is invalid.`;
  return null;
}

const trimmed = (collapse: boolean, latinDigits = false) =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const t = (latinDigits ? toLatinDigits(value) : value).trim();
    if (t === '') return null;
    return collapse ? t.replace(/[ \t]+/g, ' ') : t;
  });

export function TextField(rule: TextRule & { collapseSpaces?: boolean; example?: string; latinDigits?: boolean }) {
  return applyDecorators(
    ApiProperty({ required: !!rule.required, nullable: !rule.required, maxLength: rule.max, example: rule.example }),
    trimmed(rule.collapseSpaces ?? true, rule.latinDigits),
    ValidateBy({
      name: 'text',
      validator: {
        validate: (v) => textProblem(v, rule) === null,
        defaultMessage: (args) => textProblem(args?.value, rule) ?? 'Invalid.',
      },
    }),
  );
}

export const NameField = () =>
  TextField({ label: 'name', required: true, max: 100, pattern: NAME_RE, patternMessage: 'The name may only contain letters, numbers, underscores and spaces.', example: 'Ram Bahadur Thapa' });

export const AddressField = (required: boolean) =>
  TextField({ label: 'address', required, max: 255, pattern: ADDRESS_RE, patternMessage: ADDRESS_MESSAGE, example: 'Lakeside-6, Pokhara' });

export const CitizenshipField = (required: boolean) =>
  // Stored in Latin digits, typed in either (a Nepali keyboard types Devanagari ones).
  TextField({ label: 'citizenship no', required, max: 30, pattern: CITIZENSHIP_RE, patternMessage: 'The citizenship no may only contain digits.', example: '27011012345', latinDigits: true });

/** A Nepal mobile; +977, spaces and dashes are accepted and the 10 digits are kept. */
export function PhoneField(required: boolean) {
  const problem = (v: unknown) => {
    if (blank(v)) return required ? 'The phone field is required.' : null;
    return parseNepalMobile(v) ? null : nepalMobileMessage();
  };
  return applyDecorators(
    ApiProperty({ required, example: '9841234567', description: '10-digit Nepal mobile (+977, spaces and dashes accepted)' }),
    Transform(({ value }) => (blank(value) ? null : (parseNepalMobile(value) ?? value))),
    ValidateBy({ name: 'phone', validator: { validate: (v) => problem(v) === null, defaultMessage: (a) => problem(a?.value) ?? 'Invalid.' } }),
  );
}

export function EmailField() {
  const problem = (v: unknown) => {
    if (blank(v)) return null;
    if (typeof v !== 'string' || v.length > 255 || !EMAIL_RE.test(v)) return 'The email must be a valid email address.';
    return null;
  };
  return applyDecorators(
    ApiProperty({ required: false, nullable: true, example: 'ram@example.com' }),
    Transform(({ value }) => (blank(value) ? null : typeof value === 'string' ? value.trim().toLowerCase() : value)),
    ValidateBy({ name: 'email', validator: { validate: (v) => problem(v) === null, defaultMessage: (a) => problem(a?.value) ?? 'Invalid.' } }),
  );
}

/** The id of a related row (existence is checked by the service). */
export function RefField(label: string, required: boolean) {
  const problem = (v: unknown) => {
    if (v === undefined || v === null) return required ? `The ${label} field is required.` : null;
    return Number.isInteger(v) && (v as number) > 0 && (v as number) < 2 ** 31 ? null : `The selected ${label} is invalid.`;
  };
  return applyDecorators(
    ApiProperty({ required, nullable: !required, type: Number }),
    Transform(({ value }) => {
      if (blank(value)) return null;
      if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return Number(value);
      return value;
    }),
    ValidateBy({ name: 'ref', validator: { validate: (v) => problem(v) === null, defaultMessage: (a) => problem(a?.value) ?? 'Invalid.' } }),
  );
}

export function BoolField(label: string, description: string) {
  return applyDecorators(
    ApiProperty({ required: false, type: Boolean, description }),
    IsOptional(),
    ToBoolean(),
    IsBoolean({ message: `The ${label} field must be true or false.` }),
  );
}

/** One of a fixed list. */
export function OneOfField(label: string, options: readonly string[], required: boolean) {
  const problem = (v: unknown) => {
    if (blank(v)) return required ? `The ${label} field is required.` : null;
    return typeof v === 'string' && options.includes(v) ? null : `The selected ${label} is invalid.`;
  };
  return applyDecorators(
    ApiProperty({ required, nullable: !required, enum: options }),
    Transform(({ value }) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value)),
    ValidateBy({ name: 'oneOf', validator: { validate: (v) => problem(v) === null, defaultMessage: (a) => problem(a?.value) ?? 'Invalid.' } }),
  );
}
