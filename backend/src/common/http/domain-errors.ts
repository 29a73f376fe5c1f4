import { ConflictException, ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import { UnprocessableError } from './errors';

/** How one expected failure of a domain answers: its status, its message and, for a 422, the field it is shown under. */
export type Failure = { status: 422; field: string; message: string } | { status: 403 | 404 | 409; message: string };

/**
 * A module's expected failures, declared once as a table of codes (its enum's values) to
 * answers. `fail(code)` is the exception to throw; `message(code)` the text, for a check that
 * gathers several fields' errors before answering.
 */
export class Failures<C extends string> {
  constructor(private readonly table: Readonly<Record<C, Failure>>) {}

  fail(code: C): HttpException {
    const f = this.table[code];
    switch (f.status) {
      case 422:
        return new UnprocessableError({ [f.field]: [f.message] });
      case 403:
        return new ForbiddenException(f.message);
      case 404:
        return new NotFoundException(f.message);
      default:
        return new ConflictException(f.message);
    }
  }

  message(code: C): string {
    return this.table[code].message;
  }
}
