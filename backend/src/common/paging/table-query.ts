import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, ValidateBy } from 'class-validator';
import { Transform } from 'class-transformer';
import { parseDateFilter } from '../time';
import type { PageQuery } from './paging';

/**
 * The query of every staff table, its print view and its download: the paging protocol
 * (docs/api.md, "Conventions": `draw`, `start`, `length`, `order`, `columns`, `search`; their bounds depend
 * on the table's columns, so `parsePageQuery` checks them against its TableSpec). Each table's
 * filters extend this class with the decorators below, and the global validation pipe checks
 * them: a bad filter value answers 422 under the filter's name, before any SQL is built.
 * Keys no table declares are dropped (a query, unlike a body, may carry a cache buster).
 */
export class TableQuery implements PageQuery {
  @ApiPropertyOptional({ description: 'Echoed back, at the top level and in input' })
  @Allow()
  draw?: string | number;

  @ApiPropertyOptional({ description: 'Offset of the first row' })
  @Allow()
  start?: string | number;

  @ApiPropertyOptional({ description: 'Rows per page; -1 for every row (print and download)' })
  @Allow()
  length?: string | number;

  @Allow()
  order?: PageQuery['order'];

  @Allow()
  columns?: PageQuery['columns'];

  @Allow()
  search?: PageQuery['search'];

  /** Present (`?all`): every row of the filters instead of a page, on the tables that offer it (bike models for selects, registrations for print and the SMS picker). */
  @ApiPropertyOptional({ description: 'Present: every row of the filters instead of a page (bike models, registrations)' })
  @Allow()
  all?: unknown;

}

/** A table with the `from`/`to` filter (Nepal wall time by day or hour, or an ISO instant). */
export class DateRangeQuery extends TableQuery {
  @ApiPropertyOptional({ description: "Nepal time, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' (inclusive)" })
  @DateFilter('The from must be a date (YYYY-MM-DD HH:mm).')
  from?: string;

  @ApiPropertyOptional({ description: "Nepal time, 'YYYY-MM-DD' (whole day) or 'YYYY-MM-DD HH:mm' (exclusive)" })
  @DateFilter('The to must be a date (YYYY-MM-DD HH:mm).')
  to?: string;
}

/** An empty value or 'all' is no filter (the admin's "All" option). */
function unset(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && ['', 'all'].includes(v.trim().toLowerCase()));
}

/** A filter whose value must pass `valid` after `normalise`; anything else answers 422 with `message`. */
export function QueryFilter(message: string, normalise: (v: unknown) => unknown, valid: (v: unknown) => boolean) {
  return applyDecorators(
    Transform(({ value }) => (unset(value) ? undefined : normalise(value))),
    IsOptional(),
    ValidateBy({ name: 'filter', validator: { validate: valid, defaultMessage: () => message } }),
  );
}

function trimmed(v: unknown): unknown {
  return typeof v === 'string' ? v.trim() : v;
}

/**
 * A whole number up to 9 digits (a record id, an amount in rupees), or one of the `words`
 * given (lower case), e.g. 'none' for "no prize" or 'public' for "no branch".
 */
export function WholeNumberFilter(message: string, words: readonly string[] = []) {
  return QueryFilter(
    message,
    (v) => {
      const s = trimmed(v);
      if (typeof s === 'string' && /^\d{1,9}$/.test(s)) return Number(s);
      return typeof s === 'string' && words.includes(s.toLowerCase()) ? s.toLowerCase() : v;
    },
    (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && words.includes(v)),
  );
}

/** One of `values`, matched without regard to case and stored as written there. */
export function OneOfFilter(values: readonly string[], message: string) {
  const byKey = new Map(values.map((v) => [v.toLowerCase(), v]));
  return QueryFilter(
    message,
    (v) => {
      const s = trimmed(v);
      return typeof s === 'string' ? (byKey.get(s.toLowerCase()) ?? v) : v;
    },
    (v) => typeof v === 'string' && values.includes(v),
  );
}

/** Yes ('1', 'true', 'yes', or `yesWord`) or no ('0', 'false', 'no', or `noWord`): a boolean. */
export function FlagFilter(message: string, yesWord = 'yes', noWord = 'no') {
  return QueryFilter(
    message,
    (v) => {
      const s = typeof v === 'string' ? v.trim().toLowerCase() : v;
      if (s === true || ['1', 'true', 'yes', yesWord].includes(String(s))) return true;
      if (s === false || ['0', 'false', 'no', noWord].includes(String(s))) return false;
      return v;
    },
    (v) => typeof v === 'boolean',
  );
}

/** A date as `parseDateFilter` reads it; the instant itself is taken in the campaign's zone by `parseDateRange`. */
export function DateFilter(message: string) {
  return QueryFilter(message, trimmed, (v) => parseDateFilter(v) !== undefined);
}

/** Free text up to `max` characters (a name, an e-mail, a resource). */
export function TextFilter(message: string, max = 100) {
  return QueryFilter(message, trimmed, (v) => typeof v === 'string' && v.length <= max);
}
