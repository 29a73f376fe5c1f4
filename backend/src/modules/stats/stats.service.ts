import { Injectable } from '@nestjs/common';
import type { Stats } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { addDays, campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { PreregistrationService } from '../preregistration/preregistration.service';
import { RegistrationService } from '../registration/registration.service';
import { TestRideService } from '../test-ride/test-ride.service';

/**
 * The dashboard's counts (SPEC: Stats). "Today" and "yesterday" are Nepal days. Each card is
 * asked of the module that owns its list, over the same scoped rows that list reads: a
 * card always equals its list (deleted records left out, branch users their branch's rows
 * by the owner rule of each table).
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly config: ConfigService,
    private readonly preregistrations: PreregistrationService,
    private readonly registrations: RegistrationService,
    private readonly testRides: TestRideService,
  ) {}

  async stats(user: AuthUser, now = new Date()): Promise<Stats> {
    const tz = this.config.get('app').campaignTz;
    const today = campaignDay(now, tz);
    const { start: todayStart, end: todayEnd } = dayRange(today, tz);
    const { start: yesterdayStart } = dayRange(addDays(today, -1), tz);
    const days = { todayStart, todayEnd, yesterdayStart };
    const [sales, pre, rides] = await Promise.all([
      this.registrations.dayCounts(user, days),
      this.preregistrations.dayCounts(user, days),
      this.testRides.dayCounts(user, days),
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
