import { HttpException, HttpStatus } from '@nestjs/common';

export type FieldErrors = Record<string, string[]>;

/** 422 `{ message, errors: { field: [messages] } }`, under the fields they concern (docs/api.md, "Conventions"). */
export class UnprocessableError extends HttpException {
  constructor(
    public readonly errors: FieldErrors,
    message = firstMessage(errors) ?? 'The given data was invalid.',
  ) {
    super({ message, errors }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

/** Shorthand for a single field error. */
export function fieldError(field: string, ...messages: string[]): UnprocessableError {
  return new UnprocessableError({ [field]: messages });
}

export class TooManyRequestsError extends HttpException {
  constructor(message = 'Too many attempts. Please try again later.', public readonly retryAfterSeconds?: number) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  const first = Object.values(errors)[0];
  return first?.[0];
}
