import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString, MaxLength, ValidateBy, ValidationArguments } from 'class-validator';
import { EmptyToNull, Trim } from './transforms';

/**
 * A required text field with one message at a time: 'The title field is required.' when
 * missing or blank, a length message when too long (instead of every failed rule at once).
 */
export function RequiredText(label: string, max: number) {
  return ValidateBy({
    name: 'requiredText',
    validator: {
      validate: (v: unknown) => typeof v === 'string' && v.trim().length > 0 && v.length <= max,
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string' && args.value.trim()
          ? `The ${label} may not be greater than ${max} characters.`
          : `The ${label} field is required.`,
    },
  });
}

/**
 * The Nepali twin of a name visitors read ('title' → the Nepali title): optional, blank is
 * none (the Nepali site then shows the English), one length message when too long.
 */
export function NepaliText(label: string, max: number) {
  return applyDecorators(IsOptional(), EmptyToNull(), Trim(), ...textUpTo(`Nepali ${label}`, max));
}

/** Text of at most `max` characters, each refusal in the product's words ('The Nepali title may not be greater than 100 characters.'). */
export function textUpTo(label: string, max: number): PropertyDecorator[] {
  return [IsString({ message: `The ${label} must be text.` }), MaxLength(max, { message: `The ${label} may not be greater than ${max} characters.` })];
}
