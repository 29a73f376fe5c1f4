import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { StreamableFile } from '@nestjs/common';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { FairQueue } from '../fair-queue';
import { UnprocessableError } from '../http/errors';

/**
 * The table paging protocol (DataTables style; docs/api.md, "Conventions"):
 * request  draw, start, length (-1 = all; on a table that grows, at most ALL_ROWS_MAX rows: `allRowsUpTo`), order[i][column|dir], columns[i][data|searchable|orderable], search[value]
 * response { data, draw, input: { length, start, draw }, recordsTotal, recordsFiltered }
 * `draw` is echoed at the top level (where DataTables reads it to drop stale answers) and in `input`.
 * `order[N]` and `columns[N]` name one of the table's columns: N at or beyond the table's
 * column count (its orderable columns) answers 422 before anything is built from it.
 */
export interface PageQuery {
  draw?: string | number;
  start?: string | number;
  length?: string | number;
  order?: Array<{ column?: string | number; dir?: string }> | Record<string, { column?: string | number; dir?: string }>;
  columns?: Array<{ data?: string; name?: string }> | Record<string, { data?: string; name?: string }>;
  search?: { value?: string } | string;
}

export interface PageResult<T> {
  data: T[];
  draw: number;
  input: { length: number; start: number; draw: number };
  recordsTotal: number;
  recordsFiltered: number;
}

export interface TableSpec {
  /** Column name (as the client names it) -> SQL expression. Only these can be ordered. */
  orderable: Record<string, string>;
  /** SQL expressions searched with ILIKE by search[value]. */
  searchable: string[];
  /**
   * A search shorter than SHORT_SEARCH_BELOW characters matches the start of each searchable
   * expression instead of anywhere in it (`lower(expr::text) LIKE 'q%'`), which a
   * `lower(column::text) text_pattern_ops` index answers. Set on the tables that grow, whose
   * trigram indexes cannot serve one or two letters: `%q%` reads every row in scope (1.5 s
   * for a branch of 154,000 customers), `q%` a few index pages (migration ShortSearch).
   */
  shortSearchByPrefix?: boolean;
  /** Default order when none is asked for. */
  defaultOrder: [string, 'ASC' | 'DESC'];
  /** Always appended last so pages are stable. */
  tieBreaker?: string;
  /** Highest length a caller may ask for; -1 (all) stays allowed for print and export. */
  maxLength?: number;
}

/**
 * A table that grows with the campaign (pre-registrations, registrations, test rides, the
 * audit trail): `length=-1` answers every row of the filters only while they match at most
 * `allRowsUpTo` (ALL_ROWS_MAX), else 422 under `length` (`tooManyRows`), written a batch at a
 * time (ALL_ROWS_BATCH). A plain TableSpec is a small table (bike models, branches, users,
 * videos, allocations, referrers): every row, as a page.
 */
export interface GrowingTableSpec extends TableSpec {
  allRowsUpTo: number;
}

export const DEFAULT_PAGE_LENGTH = 10;

/**
 * The most rows `length=-1` answers on a table that grows with the campaign: a print run of
 * 834 A4 pages, about 2-3 MB of JSON. Every row of a campaign's pre-registrations took 11-13 s
 * and 76 MB at a fifth of its size, and held everyone's health p99 at seconds (issue #32).
 */
export const ALL_ROWS_MAX = 10_000;

/** 422 under `length`: the filters match more rows than `max`, the most one answer holds. */
export function tooManyRows(max: number): UnprocessableError {
  return new UnprocessableError({
    length: [
      `These filters match more than ${max.toLocaleString('en-US')} rows, more than one page can show or print. Narrow the filters (dates, branch, search) or download the Excel export.`,
    ],
  });
}

export interface ParsedPage {
  draw: number;
  start: number;
  length: number;
  order: Array<[string, 'ASC' | 'DESC']>;
  search: string;
}

/**
 * A whole number of the paging protocol's query (`draw`, `start`, `length`) as the tables read
 * it: `fallback` when absent, NaN when not a whole number. Any spelling Number takes is the
 * number (`-01`, ` -1`, `-1.0`): whoever decides on a request's `length` reads it here.
 */
export function pageInt(v: unknown, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  // Beyond an int the database refuses the OFFSET/LIMIT (a 500): such a page does not exist.
  return Number.isInteger(n) && Math.abs(n) <= 2_147_483_647 ? n : NaN;
}

export function parsePageQuery(query: PageQuery, spec: TableSpec): ParsedPage {
  const errors: Record<string, string[]> = {};
  const draw = pageInt(query.draw, 0);
  const start = pageInt(query.start, 0);
  const length = pageInt(query.length, DEFAULT_PAGE_LENGTH);
  if (Number.isNaN(draw) || draw < 0) errors.draw = ['The draw must be a whole number.'];
  if (Number.isNaN(start) || start < 0) errors.start = ['The start must be a whole number of at least 0.'];
  if (Number.isNaN(length) || (length < 1 && length !== -1) || length > (spec.maxLength ?? 1000)) {
    errors.length = [`The length must be -1 or between 1 and ${spec.maxLength ?? 1000}.`];
  }
  const columnCount = Object.keys(spec.orderable).length;
  const columns = toArray(query.columns, columnCount, 'columns', errors);
  const orders = toArray(query.order, columnCount, 'order', errors);
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  const order: Array<[string, 'ASC' | 'DESC']> = [];
  for (const o of orders) {
    if (!o || o.column === undefined) continue;
    const idx = Number(o.column);
    const name = Number.isInteger(idx) ? (columns[idx]?.data ?? columns[idx]?.name) : String(o.column);
    const dir = String(o.dir ?? 'asc').toUpperCase();
    // Own keys only: 'constructor' or 'toString' are on every object's prototype.
    if (!name || !Object.hasOwn(spec.orderable, name)) {
      errors.order = [`The column ${name ?? o.column} cannot be ordered.`];
      continue;
    }
    if (dir !== 'ASC' && dir !== 'DESC') {
      errors.order = ['The order direction must be asc or desc.'];
      continue;
    }
    order.push([spec.orderable[name], dir]);
  }
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  return { draw, start, length, order: order.length ? order : [[spec.orderable[spec.defaultOrder[0]] ?? spec.defaultOrder[0], spec.defaultOrder[1]]], search: pageSearch(query) };
}

/** The paging protocol's search (`search[value]`, or `search` alone) as the tables read it: trimmed, at most 100 characters, '' for none. */
export function pageSearch(query: PageQuery): string {
  const raw = typeof query.search === 'string' ? query.search : query.search?.value;
  return typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
}

/**
 * Counts are exact up to this many rows; above it a table answers the planner's estimate
 * (never less than this), so a page of a million-row table never counts a million rows.
 * A branch's own tables (tens of thousands of rows in a campaign) stay exact: a pager that
 * says 10,001 when the branch has 57,000 customers misleads the staff who read it.
 */
export const EXACT_COUNT_UP_TO = 100_000;

/**
 * A count the planner expects at this many times EXACT_COUNT_UP_TO or more is answered with
 * the estimate alone: a planner that far over is not met with the simple filters of these
 * tables, and the exact count would be the estimate's anyway (above the bound).
 */
export const ESTIMATE_ONLY_FROM = 5;

/** From this offset on a page reads its ids first (index only) and then only those rows. */
export const DEFERRED_JOIN_FROM = 200;

/**
 * Rows of an all-rows answer (`length=-1` on a table that grows) read, mapped and written as
 * JSON per turn of the event loop. Done at once, 10,000 rows held Node's one thread for about
 * a second (TypeORM's hydration, the mapping, a 12 MB JSON.stringify): everyone's requests
 * waited behind it (#32's hostile bench: health p99 1,010 ms with three such readers). A
 * batch costs a few milliseconds; other requests are served between batches.
 */
export const ALL_ROWS_BATCH = 100;

/**
 * After each batch the lane rests this many times as long as the batch took: the all-rows
 * answers together take at most half of the process's time (and of a database connection's),
 * whoever asks and however many ask. At one batch after another, three readers of 10,000 rows
 * kept Node's thread 88 % busy for seconds: everyone else's requests waited a batch each, and
 * the password hashes of staff signing in waited for the cores (#32's hostile bench: health
 * p99 47 ms against 12 ms quiet). A print page of 10,000 rows takes about twice as long.
 */
export const ALL_ROWS_REST = 1;

/**
 * The all-rows answers take turns, a batch each, one batch at a time in the process, with the
 * event loop served before each and a rest after (ALL_ROWS_REST): three print pages read at
 * once cost everyone else a batch's wait, not three.
 */
const allRowsLane = new FairQueue();
let allRowsCalls = 0;

/** An answer of the paging protocol: the page, or every row already written as JSON (`allRows`). */
export type TableAnswer<R> = PageResult<R> | StreamableFile;

/**
 * Runs a table query: `qb` already holds the caller's scope and filters.
 * recordsTotal counts the scoped table, recordsFiltered adds the search. Both are exact up
 * to EXACT_COUNT_UP_TO rows and the planner's estimate above it (docs/benchmarks.md).
 */
export async function paginate<T extends ObjectLiteral, R = T>(
  qb: SelectQueryBuilder<T>,
  query: PageQuery,
  spec: GrowingTableSpec,
  map?: (rows: T[]) => R[] | Promise<R[]>,
): Promise<TableAnswer<R>>;
export async function paginate<T extends ObjectLiteral, R = T>(
  qb: SelectQueryBuilder<T>,
  query: PageQuery,
  spec: TableSpec,
  map?: (rows: T[]) => R[] | Promise<R[]>,
): Promise<PageResult<R>>;
export async function paginate<T extends ObjectLiteral, R = T>(
  qb: SelectQueryBuilder<T>,
  query: PageQuery,
  spec: TableSpec | GrowingTableSpec,
  map: (rows: T[]) => R[] | Promise<R[]> = (rows) => rows as unknown as R[],
): Promise<TableAnswer<R>> {
  const page = parsePageQuery(query, spec);
  const filtered = applySearch(qb.clone(), page, spec);
  const upTo = page.length === -1 && 'allRowsUpTo' in spec ? spec.allRowsUpTo : undefined;
  const head = (recordsTotal: number, recordsFiltered: number | undefined) => ({
    draw: page.draw,
    input: { length: page.length, start: page.start, draw: page.draw },
    recordsTotal,
    recordsFiltered: recordsFiltered ?? recordsTotal,
  });
  if (upTo !== undefined) {
    // Every row of a table that grows: counted first (from an index), no further than the bound
    // (a refusal needs no more), and read only within it.
    const matched = await countUpTo(filtered, upTo);
    if (matched > upTo) throw tooManyRows(upTo);
    const recordsTotal = page.search ? await countRows(qb) : matched;
    return allRows(filtered, page, spec, upTo, map, head(recordsTotal, matched));
  }
  const [recordsTotal, recordsFiltered, rows] = await Promise.all([
    countRows(qb),
    page.search ? countRows(filtered) : undefined,
    pageRows(filtered, page, spec),
  ]);
  return { data: await map(rows), ...head(recordsTotal, recordsFiltered) };
}

/**
 * Every row of the filters (at most `upTo`) as the protocol's JSON, a batch at a time
 * (ALL_ROWS_BATCH): their ids first, in the table's order, from one query (the answer's
 * snapshot: a row written later is not in it, one deleted meanwhile is left out), then each
 * batch's rows, mapped and written, the event loop served between batches.
 */
async function allRows<T extends ObjectLiteral, R>(
  filtered: SelectQueryBuilder<T>,
  page: ParsedPage,
  spec: TableSpec,
  upTo: number,
  map: (rows: T[]) => R[] | Promise<R[]>,
  head: Omit<PageResult<R>, 'data'>,
): Promise<StreamableFile> {
  const qb = applyOrder(filtered.clone(), page, spec);
  const key = keyOf(filtered);
  // Every growing table has one id column: its rows are read by id, a batch at a time.
  if (!key) throw new Error(`table ${filtered.alias} has no single primary key to read every row by`);
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"data":[`)];
  // Rows written since the count are read up to the bound, never past it.
  const ids = await orderedKeys(qb, key, 0, upTo + 1);
  if (ids.length > upTo) throw tooManyRows(upTo);
  const turn = String(++allRowsCalls);
  for (let i = 0; i < ids.length; i += ALL_ROWS_BATCH) {
    const batch = ids.slice(i, i + ALL_ROWS_BATCH);
    await allRowsLane.run(turn, async () => {
      await nextTurn();
      const started = performance.now();
      const text = JSON.stringify(await map(await rowsByKeys(qb, key, batch))).slice(1, -1);
      if (text) parts.push(Buffer.from(parts.length > 1 ? `,${text}` : text));
      await sleep((performance.now() - started) * ALL_ROWS_REST);
    });
  }
  parts.push(Buffer.from(']}'));
  const body = Buffer.concat(parts);
  return new StreamableFile(body, { type: 'application/json; charset=utf-8', length: body.length });
}

/**
 * The page's rows. A deep page (an OFFSET of hundreds of thousands) first reads only the
 * primary keys in the table's order, which an index answers without touching the rows or
 * their joins, then loads those few rows: a deferred join.
 */
async function pageRows<T extends ObjectLiteral>(filtered: SelectQueryBuilder<T>, page: ParsedPage, spec: TableSpec): Promise<T[]> {
  const qb = applyOrder(filtered.clone(), page, spec);
  const key = keyOf(filtered);
  if (page.length === -1 || page.start < DEFERRED_JOIN_FROM || !key) {
    if (page.length !== -1) qb.offset(page.start).limit(page.length);
    return qb.getMany();
  }
  return rowsByKeys(qb, key, await orderedKeys(qb, key, page.start, page.length));
}

/** `alias.id` of a query over a table with one primary key column, else undefined. */
function keyOf<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): string | undefined {
  const primary = qb.expressionMap.mainAlias?.hasMetadata ? qb.expressionMap.mainAlias.metadata.primaryColumns : [];
  return primary.length === 1 ? `${qb.alias}.${primary[0].propertyPath}` : undefined;
}

/** The ordered query's keys only (an index answers them without the rows or their joins), from `offset`, at most `limit`. */
async function orderedKeys<T extends ObjectLiteral>(ordered: SelectQueryBuilder<T>, key: string, offset: number, limit: number): Promise<unknown[]> {
  const rows = await withoutUnusedJoins(ordered.clone().select(key, 'pagingKey')).offset(offset).limit(limit).getRawMany<{ pagingKey: unknown }>();
  return rows.map((r) => r.pagingKey);
}

/** The rows of these keys, in the ordered query's order. */
function rowsByKeys<T extends ObjectLiteral>(ordered: SelectQueryBuilder<T>, key: string, keys: unknown[]): Promise<T[]> {
  if (!keys.length) return Promise.resolve([]);
  return ordered.clone().andWhere(`${key} IN (:...pagingKeys)`, { pagingKeys: keys }).getMany();
}

/**
 * Rows of a table query: exact while there are at most EXACT_COUNT_UP_TO (counted with a
 * LIMIT, so a large table stops early), the planner's estimate above that, and the estimate
 * alone when the plan expects ESTIMATE_ONLY_FROM times the bound. Joins that may repeat a row
 * (one-to-many) fall back to TypeORM's exact COUNT(DISTINCT).
 */
export async function countRows<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, upTo = EXACT_COUNT_UP_TO): Promise<number> {
  if (multiplies(qb)) return qb.clone().getCount();
  const [sql, params] = countedRows(qb);
  // The plan first (a fraction of a millisecond): when it expects many times the bound, counting
  // the first upTo + 1 rows would only confirm it (20-25 ms at a million rows).
  const [{ 'QUERY PLAN': plan }] = await qb.connection.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const estimate = Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
  if (estimate >= ESTIMATE_ONLY_FROM * upTo) return estimate;
  const n = await countFirst(qb, sql, params, upTo);
  return n <= upTo ? n : Math.max(n, estimate);
}

/**
 * Rows of a table query, exact up to `upTo`, and `upTo + 1` for any number above it: whether an
 * all-rows answer may be given, never judged from the planner's estimate (a print page's
 * filters are the user's, and an estimate 5 times over would refuse 8,000 rows). At a fifth of
 * the campaign's size each refused `length=-1` counted 100,000 rows (countRows' bound) where
 * 10,001 answer it: two users asking again and again kept PostgreSQL's cores busy (#32's bench).
 */
export async function countUpTo<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, upTo: number): Promise<number> {
  if (multiplies(qb)) return Math.min(await qb.clone().getCount(), upTo + 1);
  const [sql, params] = countedRows(qb);
  return countFirst(qb, sql, params, upTo);
}

/** The counted rows (`countedRows`), read no further than `upTo + 1`. */
async function countFirst<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, sql: string, params: unknown[], upTo: number): Promise<number> {
  const [{ n }] = await qb.connection.query(`SELECT count(*)::int AS n FROM (${sql} LIMIT ${upTo + 1}) counted`, params);
  return n;
}

/** Whether a join of the query may repeat a row (one-to-many): its rows are counted by TypeORM's COUNT(DISTINCT). */
function multiplies<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): boolean {
  return qb.expressionMap.joinAttributes.some((j) => j.relation && (j.relation.isOneToMany || j.relation.isManyToMany));
}

/** The query's rows as `SELECT 1`, without order, paging or the joins it does not use: what a count reads. */
function countedRows<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): [string, unknown[]] {
  return withoutUnusedJoins(qb.clone().select('1', 'one').orderBy().offset(undefined).limit(undefined).skip(undefined).take(undefined)).getQueryAndParameters();
}

/**
 * `qb` without the left joins it does not use: those that match at most one row (a
 * many-to-one relation, or a join on the other table's primary key) and that nothing left in
 * the query names. PostgreSQL drops such joins itself, but only after it has decided to read
 * the table's rows for their join columns; without them a count or a deep page's ids are
 * answered from the ordering index alone (an index-only scan: 1.1 s -> 0.12 s at 990,000 rows).
 * Changes `qb` and returns it.
 */
export function withoutUnusedJoins<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const map = qb.expressionMap;
  for (let changed = true; changed; ) {
    changed = false;
    for (const join of [...map.joinAttributes]) {
      const name = join.alias.name;
      const selected = map.selects.some((s) => s.selection === name || s.selection.startsWith(`${name}.`));
      if (join.direction !== 'LEFT' || selected || !atMostOneRow(join)) continue;
      const all = map.joinAttributes;
      map.joinAttributes = all.filter((j) => j !== join);
      if (new RegExp(`(^|[^\\w"])"?${name}"?\\.`).test(qb.getQuery())) map.joinAttributes = all;
      else changed = true;
    }
  }
  return qb;
}

function atMostOneRow(join: SelectQueryBuilder<ObjectLiteral>['expressionMap']['joinAttributes'][number]): boolean {
  if (join.relation) return join.relation.isManyToOne || join.relation.isOneToOneOwner;
  const alias = join.alias.name;
  const on = new RegExp(`^\\s*(${alias}\\.(\\w+)\\s*=\\s*[\\w.]+|[\\w.]+\\s*=\\s*${alias}\\.(\\w+))\\s*$`).exec(join.condition ?? '');
  if (!on) return false;
  const column = on[2] ?? on[3];
  const primary = join.alias.hasMetadata ? join.alias.metadata.primaryColumns : [];
  return primary.length === 1 && primary[0].propertyName === column;
}

/**
 * The table's rows for a request, searched and ordered as `paginate` would, but not paged:
 * exports read it in batches so a download holds exactly the table's rows.
 */
export function tableQuery<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: PageQuery, spec: TableSpec): SelectQueryBuilder<T> {
  const page = parsePageQuery(query, spec);
  return applyOrder(applySearch(qb.clone(), page, spec), page, spec);
}

/** A trigram index serves searches of at least this many characters (pg_trgm takes three at a time). */
export const SHORT_SEARCH_BELOW = 3;

function applySearch<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, page: ParsedPage, spec: TableSpec): SelectQueryBuilder<T> {
  if (!page.search || !spec.searchable.length) return qb;
  if (spec.shortSearchByPrefix && [...page.search].length < SHORT_SEARCH_BELOW) {
    const clauses = spec.searchable.map((expr) => `lower(${expr}::text) LIKE :pagingPrefix`);
    return qb.andWhere(`(${clauses.join(' OR ')})`, { pagingPrefix: `${escapeLike(page.search.toLowerCase())}%` });
  }
  const clauses = spec.searchable.map((expr) => `${expr}::text ILIKE :pagingSearch`);
  return qb.andWhere(`(${clauses.join(' OR ')})`, { pagingSearch: `%${escapeLike(page.search)}%` });
}

function applyOrder<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, page: ParsedPage, spec: TableSpec): SelectQueryBuilder<T> {
  page.order.forEach(([expr, dir], i) => (i === 0 ? qb.orderBy(expr, dir) : qb.addOrderBy(expr, dir)));
  if (spec.tieBreaker) qb.addOrderBy(spec.tieBreaker, page.order[0][1]);
  return qb;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `order` / `columns` as a dense list. An index at or beyond `limit` (the table's column
 * count) is refused under `field` without building anything from it: `order[100000000]`
 * would otherwise make a sparse array of that length and walk it.
 */
function toArray<T>(v: T[] | Record<string, T> | undefined, limit: number, field: string, errors: Record<string, string[]>): T[] {
  if (!v || typeof v !== 'object') return [];
  const entries = Array.isArray(v) ? v.map((val, i) => [String(i), val] as const) : Object.entries(v);
  const out: T[] = [];
  for (const [k, val] of entries) {
    if (!/^\d+$/.test(k)) continue;
    if (k.length > 6 || Number(k) >= limit) {
      errors[field] = [`The ${field} index must be below ${limit}, the number of columns of this table.`];
      return [];
    }
    out[Number(k)] = val;
  }
  return out;
}
