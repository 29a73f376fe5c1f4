import { QueryFailedError } from 'typeorm';

/** PostgreSQL's error code of a failed query (23505 unique, 23503 foreign key...), if any. */
export function pgErrorCode(e: unknown): string | undefined {
  if (!(e instanceof QueryFailedError)) return undefined;
  return (e as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
}

/**
 * A row still referenced by another. PostgreSQL answers 23503 (foreign_key_violation) for
 * ON DELETE NO ACTION and RESTRICT; the embedded PGlite answers a RESTRICT key with 23001
 * (restrict_violation, "violates RESTRICT setting of foreign key constraint"). Both are the
 * same refusal, so both map to the module's 409 on either database.
 */
export const isForeignKeyViolation = (e: unknown) => ['23503', '23001'].includes(pgErrorCode(e) ?? '');

/** A unique index refused the write (two requests racing past the same check). */
export const isUniqueViolation = (e: unknown) => pgErrorCode(e) === '23505';

/** A table's unique constraints (and unique indexes) by name, each with the field it speaks for. */
export type UniqueFields = Readonly<Record<string, string>>;

/**
 * The field a unique violation speaks for, read from the table's declared map; undefined
 * for any other error and for a constraint the map does not declare. Every module maps a
 * race past its checks to the same 422 its check answers, through this one function.
 */
export function uniqueViolationField(e: unknown, fields: UniqueFields): string | undefined {
  if (!isUniqueViolation(e)) return undefined;
  const constraint = (e as { driverError?: { constraint?: string } }).driverError?.constraint ?? '';
  return Object.hasOwn(fields, constraint) ? fields[constraint] : undefined;
}
