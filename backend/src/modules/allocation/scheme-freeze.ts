import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UnprocessableError } from '../../common/http/errors';
import { Clock } from '../../common/clock';
import { addDays, campaignDay, localTime, localToUtc } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { DrawDayRepository } from '../../repositories/draw-day.repository';
import { SettingService } from '../setting/setting.service';

/**
 * When a day's prize scheme stops changing (docs/fairness.md): at the commitment time (the
 * `commit_cutoff` setting, 22:00 Nepal time by default) on the evening before. From then
 * the day's allocations are committed by hash, so nobody can steer a draw after a
 * customer's seed arrives; changes go to later days. The one place this rule is written:
 * the scheme screen, its writes and the daily commitment all ask here.
 */
@Injectable()
export class SchemeFreeze {
  constructor(
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly settings: SettingService,
    private readonly days: DrawDayRepository,
  ) {}

  private get tz() {
    return this.config.get('app').campaignTz;
  }

  /** HH:MM, Nepal time, the evening before each day. */
  cutoff(): Promise<string> {
    return this.settings.get('commit_cutoff');
  }

  /** The instant a day's scheme is committed and frozen. */
  async frozenAt(day: string): Promise<Date> {
    return this.cutoffInstant(day, await this.cutoff());
  }

  private cutoffInstant(day: string, cutoff: string): Date {
    return localToUtc(addDays(day, -1), cutoff, this.tz);
  }

  /** null while the day's scheme may change; otherwise the message that says why not. */
  async frozenSince(day: string): Promise<string | null> {
    const cutoff = await this.cutoff();
    // A written commitment freezes its day even if the commitment time was later moved past
    // now: what was committed is what is drawn. Read through the caller's transaction when one is open (db.ts).
    const at = await this.days.committedAt(day);
    // The time said is when the commitment was made (a late one says so), or the cutoff it waits for.
    if (at) return `The prizes of ${day} were committed at ${localTime(at, this.tz)} Nepal time on ${campaignDay(at, this.tz)} and can no longer change: change a later day.`;
    if (this.clock.now() < this.cutoffInstant(day, cutoff)) return null;
    return `The prizes of ${day} are frozen since ${cutoff} Nepal time on ${addDays(day, -1)} and can no longer change: change a later day.`;
  }

  /**
   * Runs a change to a day's scheme in a transaction that holds the day's scheme lock, after
   * checking (under the lock) that the day is still open: the commitment takes the same lock
   * before it reads the scheme, so a change either lands before the commitment reads or is
   * refused, never in between (422 under `date` with the freeze's message).
   */
  async whileOpen<T>(dataSource: DataSource, day: string, change: (em: EntityManager) => Promise<T>): Promise<T> {
    return dataSource.transaction(async (em) => {
      await this.lock(em, day);
      const frozen = await this.frozenSince(day);
      if (frozen) throw new UnprocessableError({ date: [frozen] });
      return change(em);
    });
  }

  /** The day's scheme lock, until the caller's transaction ends. */
  async lock(em: EntityManager, day: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('scheme:' || $1))`, [day]);
  }

  /** The last day whose scheme is frozen: tomorrow once tonight's commitment time has passed, else today. */
  async lastFrozenDay(): Promise<string> {
    const today = campaignDay(this.clock.now(), this.tz);
    const tomorrow = addDays(today, 1);
    return this.clock.now() >= (await this.frozenAt(tomorrow)) || (await this.days.committedAt(tomorrow)) ? tomorrow : today;
  }

  /** The first day whose scheme may still change: the day after the last frozen one. */
  async firstOpenDay(): Promise<string> {
    return addDays(await this.lastFrozenDay(), 1);
  }

  /** The days that are frozen and may need their commitment made now: today, and tomorrow after tonight's cutoff. */
  async daysDue(): Promise<string[]> {
    const today = campaignDay(this.clock.now(), this.tz);
    const last = await this.lastFrozenDay();
    return last === today ? [today] : [today, last];
  }
}
