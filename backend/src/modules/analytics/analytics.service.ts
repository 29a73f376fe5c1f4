import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { scopeToBranch } from '../../common/auth/branch-scope';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { addDays, campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';

/** Days shown when no period is asked for. */
export const DEFAULT_DAYS = 30;
/** Longest period one request may cover. */
export const MAX_DAYS = 366;
/** How the branches breakdown names the records that belong to no branch (public enquiries). */
export const NO_BRANCH_TITLE = 'No branch (public enquiries)';

export interface Counts {
  preregistrations: number;
  verifications: number;
  sales: number;
  test_rides: number;
}

export interface Analytics {
  from: string;
  to: string;
  days: Array<{ day: string } & Counts>;
  branches: Array<{ branch_id: number | null; title: string } & Counts>;
  sources: Array<{ source: string | null; preregistrations: number }>;
  prizes: Array<{ day: string; amount: number; allocated: number; awarded: number }>;
}

const ZERO: Counts = { preregistrations: 0, verifications: 0, sales: 0, test_rides: 0 };
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The analytics screen (send-sms): per Nepal day and per branch, pre-registrations
 * (created), verifications (verified_at), sales (purchases) and test rides; pre-registrations
 * per source; prizes per day and amount (allocated stock vs. draws awarded). Every number is
 * counted by PostgreSQL with GROUP BY over the Nepal day, `(at AT TIME ZONE tz)::date`;
 * deleted records are left out; branch staff count their branch only (scopeToBranch).
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  async analytics(user: AuthUser, query: { from?: unknown; to?: unknown }, now = new Date()): Promise<Analytics> {
    const tz = this.config.get('app').campaignTz;
    const { from, to } = parsePeriod(query, campaignDay(now, tz));
    const params = { tz, start: dayRange(from, tz).start, end: dayRange(to, tz).end, fromDay: from, toDay: to };
    const [activity, sources, prizes, branches] = [
      await this.activity(user, params),
      await this.sources(user, params),
      await this.prizes(user, params),
      await this.branchList(user),
    ];

    const byDay = new Map(activity.filter((r) => r.by_branch === 0).map((r) => [r.day!, counts(r)]));
    const byBranch = new Map(activity.filter((r) => r.by_branch === 1).map((r) => [r.branch_id, counts(r)]));
    const days: Analytics['days'] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) days.push({ day: d, ...(byDay.get(d) ?? ZERO) });
    const branchRows: Analytics['branches'] = branches.map((b) => ({ branch_id: b.id, title: b.title, ...(byBranch.get(b.id) ?? ZERO) }));
    const none = byBranch.get(null);
    if (none && user.branch_id === null) branchRows.push({ branch_id: null, title: NO_BRANCH_TITLE, ...none });
    return { from, to, days, branches: branchRows, sources, prizes };
  }

  /** One scoped, grouped count per record kind, combined and grouped by day and by branch in one statement. */
  private async activity(user: AuthUser, params: Record<string, unknown>) {
    const part = (table: string, alias: string, at: string, metric: keyof Counts) => {
      const qb = this.dataSource
        .createQueryBuilder()
        .select(`(${alias}.${at} AT TIME ZONE :tz)::date`, 'day')
        .addSelect(`${alias}.branch_id`, 'branch_id');
      for (const m of Object.keys(ZERO)) qb.addSelect(m === metric ? 'count(*)' : '0', m);
      qb.from(table, alias)
        .where(`${alias}.deleted_at IS NULL`)
        .andWhere(`${alias}.${at} >= :start AND ${alias}.${at} < :end`)
        .groupBy('1')
        .addGroupBy('2');
      return scopeToBranch(qb, user, `${alias}.branch_id`);
    };
    const union = [
      part('preregistration', 'p', 'created_at', 'preregistrations'),
      part('preregistration', 'v', 'verified_at', 'verifications'),
      part('registration', 'r', 'created_at', 'sales'),
      part('test_ride', 't', 'created_at', 'test_rides'),
    ];
    return this.run<{ by_branch: number; day: string | null; branch_id: number | null } & Counts>(
      `SELECT GROUPING(ev.day)::int AS by_branch, ev.day::text AS day, ev.branch_id,
              sum(ev.preregistrations)::int AS preregistrations, sum(ev.verifications)::int AS verifications,
              sum(ev.sales)::int AS sales, sum(ev.test_rides)::int AS test_rides
         FROM (${union.map((qb) => qb.getQuery()).join(' UNION ALL ')}) AS ev
        GROUP BY GROUPING SETS ((ev.day), (ev.branch_id))`,
      params,
      union,
    );
  }

  /** Pre-registrations of the period per source (most first; null when the form left it out). */
  private sources(user: AuthUser, params: Record<string, unknown>) {
    const qb = this.dataSource
      .createQueryBuilder()
      .select('p.source', 'source')
      .addSelect('count(*)::int', 'preregistrations')
      .from('preregistration', 'p')
      .where('p.deleted_at IS NULL')
      .andWhere('p.created_at >= :start AND p.created_at < :end', params)
      .groupBy('p.source')
      .orderBy('preregistrations', 'DESC')
      .addOrderBy('p.source', 'ASC', 'NULLS LAST');
    return scopeToBranch(qb, user, 'p.branch_id').getRawMany<Analytics['sources'][number]>();
  }

  /**
   * Per day and amount: `allocated` sums the scheme's stock (allocation.count) for that Nepal
   * day, `awarded` counts the draws of that amount made that Nepal day, special or base
   * prize, pre-registration or purchase (of live records).
   */
  private prizes(user: AuthUser, params: Record<string, unknown>) {
    const stock = this.dataSource
      .createQueryBuilder()
      .select('a.date', 'day')
      .addSelect('a.amount', 'amount')
      .addSelect('sum(a.count)', 'allocated')
      .addSelect('0', 'awarded')
      .from('allocation', 'a')
      .where('a.date >= CAST(:fromDay AS date) AND a.date <= CAST(:toDay AS date)')
      .groupBy('a.date')
      .addGroupBy('a.amount');
    scopeToBranch(stock, user, 'a.branch_id');
    const draws = this.dataSource
      .createQueryBuilder()
      .select('(d.created_at AT TIME ZONE :tz)::date', 'day')
      .addSelect('d.amount', 'amount')
      .addSelect('0', 'allocated')
      .addSelect('count(*)', 'awarded')
      .from('draw', 'd')
      // Joined rows are filtered by hand below (TypeORM would hide deleted ones, making them count).
      .withDeleted()
      .leftJoin('preregistration', 'dp', `d.kind = 'preregistration' AND dp.id = d.record_id`)
      .leftJoin('registration', 'dr', `d.kind = 'registration' AND dr.id = d.record_id`)
      .where('d.created_at >= :start AND d.created_at < :end')
      .andWhere('COALESCE(dp.deleted_at, dr.deleted_at) IS NULL')
      .groupBy('1')
      .addGroupBy('2');
    scopeToBranch(draws, user, 'COALESCE(dp.branch_id, dr.branch_id)');
    return this.run<Analytics['prizes'][number]>(
      `SELECT pz.day::text AS day, pz.amount, sum(pz.allocated)::int AS allocated, sum(pz.awarded)::int AS awarded
         FROM (${stock.getQuery()} UNION ALL ${draws.getQuery()}) AS pz
        GROUP BY pz.day, pz.amount
        ORDER BY pz.day, pz.amount`,
      params,
      [stock, draws],
    );
  }

  /** The branches the user may see, in their order. */
  private branchList(user: AuthUser) {
    const qb = this.dataSource
      .createQueryBuilder()
      .select('b.id', 'id')
      .addSelect('b.title', 'title')
      .from('branch', 'b')
      .orderBy('b.order', 'ASC')
      .addOrderBy('b.id', 'ASC');
    return scopeToBranch(qb, user, 'b.id').getRawMany<{ id: number; title: string }>();
  }

  /** Runs SQL written around query builders' named parameters (their scope included). */
  private run<T>(sql: string, params: Record<string, unknown>, parts: SelectQueryBuilder<object>[]): Promise<T[]> {
    const all = Object.assign({}, params, ...parts.map((qb) => qb.getParameters()));
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(sql, all);
    return this.dataSource.query(query, values);
  }
}

function counts(r: Counts): Counts {
  return { preregistrations: r.preregistrations, verifications: r.verifications, sales: r.sales, test_rides: r.test_rides };
}

/**
 * `from` and `to` as Nepal days (both included). By default the last 30 days up to today;
 * with only one end given, the 30 days starting (or ending) there.
 */
export function parsePeriod(query: { from?: unknown; to?: unknown }, today: string): { from: string; to: string } {
  const errors: FieldErrors = {};
  const read = (field: 'from' | 'to') => {
    const v = query[field];
    if (v === undefined || v === null || v === '') return undefined;
    const day = typeof v === 'string' ? v.trim() : '';
    const parsed = DAY_RE.test(day) ? new Date(`${day}T00:00:00Z`) : null;
    // 2025-02-30 parses as 2 March: the day must read back the same.
    if (parsed && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day)) return day;
    errors[field] = [`The ${field} must be a date (YYYY-MM-DD).`];
    return undefined;
  };
  let from = read('from');
  let to = read('to');
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  if (!to) to = from ? addDays(from, DEFAULT_DAYS - 1) : today;
  if (!from) from = addDays(to, -(DEFAULT_DAYS - 1));
  if (to < from) throw new UnprocessableError({ to: ['The to must be a date after or equal to from.'] });
  if (addDays(from, MAX_DAYS - 1) < to) throw new UnprocessableError({ to: [`The period may be at most ${MAX_DAYS} days.`] });
  return { from, to };
}
