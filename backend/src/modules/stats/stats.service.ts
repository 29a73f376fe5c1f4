import { Injectable } from '@nestjs/common';
import type { Stats } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { addDays, campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { TestRideRepository } from '../../repositories/test-ride.repository';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';

/**
 * The dashboard's counts (GET /stats). "Today" and "yesterday" are Nepal days. Each card is
 * asked of its table's repository (or the module that owns a table without one), over the
 * same scoped rows that list reads: a card always equals its list (deleted records left out,
 * branch users their branch's rows by the owner rule of each table).
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly config: ConfigService,
    private readonly preregistrations: PreregistrationRepository,
    private readonly registrations: RegistrationRepository,
    private readonly testRides: TestRideRepository,
  ) {}

  async stats(user: AuthUser, now = new Date()): Promise<Stats> {
    const tz = this.config.get('app').campaignTz;
    const today = campaignDay(now, tz);
    const { start: todayStart, end: todayEnd } = dayRange(today, tz);
    const { start: yesterdayStart } = dayRange(addDays(today, -1), tz);
    const days = { todayStart, todayEnd, yesterdayStart };
    const [sales, pre, rides] = await Promise.all([
      this.registrations.countByDay(user, days),
      this.preregistrations.dayCounts(user, days),
      this.testRides.countByDay(user, days),
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
}
