import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Today's and yesterday's bounds (instants) of the campaign's day. */
export interface DayBounds {
  todayStart: Date;
  todayEnd: Date;
  yesterdayStart: Date;
}

export interface DayCounts {
  total: number;
  today: number;
  yesterday: number;
}

/**
 * Rows of a scoped query (`qb`: the owner's live, scoped rows, the same its list reads) in
 * total, today and yesterday by `at`. Owners answer the dashboard's cards with it, so a card
 * counts what its list shows.
 */
export async function dayCounts<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, at: string, days: DayBounds): Promise<DayCounts> {
  const row = await qb
    .select('count(*)::int', 'total')
    .addSelect(`count(*) FILTER (WHERE ${at} >= :dcTodayStart AND ${at} < :dcTodayEnd)::int`, 'today')
    .addSelect(`count(*) FILTER (WHERE ${at} >= :dcYesterdayStart AND ${at} < :dcTodayStart)::int`, 'yesterday')
    .setParameters({ dcTodayStart: days.todayStart, dcTodayEnd: days.todayEnd, dcYesterdayStart: days.yesterdayStart })
    .getRawOne<DayCounts>();
  return { total: row?.total ?? 0, today: row?.today ?? 0, yesterday: row?.yesterday ?? 0 };
}

export interface DayBranchCount {
  day: string;
  branch_id: number | null;
  n: number;
}

/**
 * Rows of a scoped query per Nepal day of `at` (within [start, end)) and per owning branch
 * (`branch`, the owner column of the table), for the analytics screen.
 */
export function countByDayAndBranch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  at: string,
  branch: string,
  period: { tz: string; start: Date; end: Date },
): Promise<DayBranchCount[]> {
  return qb
    .select(`(${at} AT TIME ZONE :cbTz)::date::text`, 'day')
    .addSelect(branch, 'branch_id')
    .addSelect('count(*)::int', 'n')
    .andWhere(`${at} >= :cbStart AND ${at} < :cbEnd`, { cbTz: period.tz, cbStart: period.start, cbEnd: period.end })
    .groupBy('1')
    .addGroupBy('2')
    .getRawMany<DayBranchCount>();
}
