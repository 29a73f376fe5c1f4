import { ValidateBy, ValidationArguments } from 'class-validator';

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
