import { Injectable } from '@nestjs/common';
import type { PrizesToday } from '@campaign/domain';
import { Clock } from '../../common/clock';
import { CachedAnswer } from '../../common/http/cached-json';
import { campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { AllocationService } from '../allocation/allocation.service';
import { SettingService } from '../setting/setting.service';
import { DrawService } from './draw.service';

/**
 * What can still be won, for the landing page (#19): today's pre-registration prizes per
 * amount across every branch (planned and still to win), what the draw has given so far, and
 * the campaign's last day. The same answer for everyone, kept in memory for the public
 * answers' 30 s: nothing per branch (a day's full detail is published on /fairness once the
 * day has ended).
 */
@Injectable()
export class PrizesToWin {
  readonly answer = new CachedAnswer(async (): Promise<{ data: PrizesToday }> => {
    const tz = this.config.get('app').campaignTz;
    const day = campaignDay(this.clock.now(), tz);
    const [tiers, given, endsOn, endedOn] = await Promise.all([
      this.stock.preregistrationPrizesOn(day),
      this.draws.preregistrationPrizesGiven(),
      this.settings.get('campaign_ends_on'),
      this.settings.campaignEndedOn(),
    ]);
    // The instant the campaign's last day ends (Nepal midnight), for the countdown.
    const endsAt = endsOn ? dayRange(endsOn, tz).end.toISOString() : null;
    // After the end there is nothing left to win: the landing page shows the results.
    return { data: { day, tiers: endedOn ? [] : tiers, given, campaign_ends_on: endsOn, campaign_ends_at: endsAt, ended: endedOn !== null } };
  });

  constructor(
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly stock: AllocationService,
    private readonly draws: DrawService,
    private readonly settings: SettingService,
  ) {}
}
