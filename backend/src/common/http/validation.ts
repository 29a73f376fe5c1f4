import { ArgumentMetadata, Type, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import { FieldErrors, UnprocessableError } from './errors';

/**
 * Global validation: unknown fields are refused (no mass assignment), values are
 * transformed to their DTO types, and failures become 422 `{ errors: { field: [..] } }`.
 * A query's unknown keys are dropped instead of refused: a query writes nothing, and a
 * table's address may carry a cache buster or a key of another screen's filters.
 */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe();
}

const OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: false,
  exceptionFactory: (errors) => new UnprocessableError(flattenValidationErrors(errors)),
};

class AppValidationPipe extends ValidationPipe {
  private readonly forQueries = new ValidationPipe({ ...OPTIONS, forbidNonWhitelisted: false });

  constructor() {
    super(OPTIONS);
  }

  override transform(value: unknown, metadata: ArgumentMetadata) {
    return metadata.type === 'query' ? this.forQueries.transform(value, metadata) : super.transform(value, metadata);
  }
}

const nothingGiven = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints && nothingGiven(e.value) && !('whitelistValidation' in e.constraints)) {
      // Nothing was given (left out, null or blank): whatever its rules say of a value, the
      // answer is that one is needed (in the DTO's own words when it has them), never "must be
      // shorter than 100 characters" for an empty form (issue #35).
      const own = Object.values(e.constraints).filter((text) => / is required\.$/.test(text));
      out[key] = own.length ? [own[0]] : [`The ${e.property.replace(/_/g, ' ')} field is required.`];
    } else if (e.constraints) {
      out[key] = Object.entries(e.constraints).map(([name, text]) =>
        name === 'whitelistValidation' ? `The ${e.property} field is not allowed.` : text,
      );
    }
    if (e.children?.length) Object.assign(out, flattenValidationErrors(e.children, key));
  }
  return out;
}

/**
 * The edit form's DTO: every field of the create DTO optional (left out = unchanged), but a
 * field sent as null is still checked by its create rules, so null for a required field
 * answers 422 under it ('The bill no field is required.') instead of reaching the code.
 * Fields the create DTO itself marks optional still accept null (cleared).
 */
export function EditType<T>(create: Type<T>): Type<Partial<T>> {
  return PartialType(create, { skipNullProperties: false });
}
