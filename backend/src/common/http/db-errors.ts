import { QueryFailedError } from 'typeorm';

/** PostgreSQL's error code of a failed query (23505 unique, 23503 foreign key...), if any. */
export function pgErrorCode(e: unknown): string | undefined {
  if (!(e instanceof QueryFailedError)) return undefined;
  return (e as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
}

/** A row still referenced by another (ON DELETE RESTRICT / NO ACTION). */
export const isForeignKeyViolation = (e: unknown) => pgErrorCode(e) === '23503';

/** A unique index refused the write (two requests racing past the same check). */
export const isUniqueViolation = (e: unknown) => pgErrorCode(e) === '23505';
