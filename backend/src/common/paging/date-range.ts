import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { FieldErrors, UnprocessableError } from '../http/errors';
import { parseDateFilter } from '../time';

/** A `from`/`to` filter as instants: from inclusive, to exclusive. Either may be open. */
export interface DateRange {
  from?: Date;
  to?: Date;
}

/**
 * Reads the `from` and `to` query parameters of a table or export (the pickers step by the hour).
 * Values are those of `parseDateFilter` (Nepal wall time by day or hour, or an ISO instant);
 * a bare day in `to` includes that whole day. Anything else answers 422 under the field.
 */
export function parseDateRange(query: { from?: unknown; to?: unknown }, tz: string): DateRange {
  const errors: FieldErrors = {};
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  const from = parseDateFilter(query.from, tz);
  const to = parseDateFilter(query.to, tz, true);
  if (given(query.from) && !from) errors.from = ['The from must be a date (YYYY-MM-DD HH:mm).'];
  if (given(query.to) && !to) errors.to = ['The to must be a date (YYYY-MM-DD HH:mm).'];
  if (from && to && to <= from) errors.to = ['The to must be a date after from.'];
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  return { from, to };
}

/** SQL condition and parameters for `column` within the range ('TRUE' when open on both sides). */
export function rangeCondition(column: string, range: DateRange, prefix = 'range'): { sql: string; params: Record<string, Date> } {
  const parts: string[] = [];
  const params: Record<string, Date> = {};
  if (range.from) {
    parts.push(`${column} >= :${prefix}From`);
    params[`${prefix}From`] = range.from;
  }
  if (range.to) {
    parts.push(`${column} < :${prefix}To`);
    params[`${prefix}To`] = range.to;
  }
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

/** Restricts `qb` to rows whose `column` falls within the range. */
export function whereInRange<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, column: string, range: DateRange): SelectQueryBuilder<T> {
  const { sql, params } = rangeCondition(column, range);
  return sql === 'TRUE' ? qb : qb.andWhere(sql, params);
}
