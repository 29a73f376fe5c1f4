import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldErrors, UnprocessableError } from './errors';

/**
 * Global validation: unknown fields are refused (no mass assignment), values are
 * transformed to their DTO types, and failures become 422 `{ errors: { field: [..] } }`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => new UnprocessableError(flattenValidationErrors(errors)),
  });
}

export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      out[key] = Object.entries(e.constraints).map(([name, text]) =>
        name === 'whitelistValidation' ? `The ${e.property} field is not allowed.` : text,
      );
    }
    if (e.children?.length) Object.assign(out, flattenValidationErrors(e.children, key));
  }
  return out;
}
