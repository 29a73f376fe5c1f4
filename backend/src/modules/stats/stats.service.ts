import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { addDays, campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';

export interface Stats {
  total: number;
  preregistrations: number;
  preregistrations_today: number;
  preregistrations_yesterday: number;
  sales_today: number;
  sales_yesterday: number;
  test_rides: number;
  test_rides_today: number;
  test_rides_yesterday: number;
}

/**
 * The dashboard's counts (SPEC: Stats). "Today" and "yesterday" are Nepal days. Branch
 * users count their branch only (branch_id, the scope of their tables: the card matches
 * their pre-registration list). Deleted records are not counted.
 */
@Injectable()
export class StatsService {
  private testRidesTable?: Promise<boolean>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  async stats(user: AuthUser, now = new Date()): Promise<Stats> {
    const tz = this.config.get('app').campaignTz;
    const today = campaignDay(now, tz);
    const { start: todayStart, end: todayEnd } = dayRange(today, tz);
    const { start: yesterdayStart } = dayRange(addDays(today, -1), tz);
    const branch = user.branch_id;
    const counts = (table: string, scope: string) => `
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE created_at >= $1 AND created_at < $2)::int AS today,
             count(*) FILTER (WHERE created_at >= $3 AND created_at < $1)::int AS yesterday
        FROM ${table}
       WHERE deleted_at IS NULL AND ($4::int IS NULL OR ${scope})`;
    const params = [todayStart, todayEnd, yesterdayStart, branch];
    const [[sales], [pre], rides] = await Promise.all([
      this.dataSource.query(counts('registration', 'branch_id = $4'), params),
      this.dataSource.query(counts('preregistration', 'branch_id = $4'), params),
      this.hasTestRides().then((has) =>
        has ? this.dataSource.query(counts('test_ride', 'branch_id = $4'), params).then((r) => r[0]) : { total: 0, today: 0, yesterday: 0 },
      ),
    ]);
    return {
      total: sales.total,
      preregistrations: pre.total,
      preregistrations_today: pre.today,
      preregistrations_yesterday: pre.yesterday,
      sales_today: sales.today,
      sales_yesterday: sales.yesterday,
      test_rides: rides.total,
      test_rides_today: rides.today,
      test_rides_yesterday: rides.yesterday,
    };
  }

  /** Whether the test-ride table exists (asked once; the count is 0 until it does). */
  private hasTestRides(): Promise<boolean> {
    this.testRidesTable ??= this.dataSource
      .query(`SELECT to_regclass('test_ride') IS NOT NULL AS present`)
      .then(([row]) => row.present === true)
      .catch(() => {
        this.testRidesTable = undefined;
        return false;
      });
    return this.testRidesTable;
  }
}
