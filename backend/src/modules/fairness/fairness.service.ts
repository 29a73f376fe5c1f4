import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  BasePrizes,
  canonicalScheme,
  commitmentHash,
  CommittedAllocation,
  DayTotals,
  fingerprintOf,
  parseScheme,
  resultsRootOf,
  schemeHash,
  sha256Hex,
  totalsOf,
  type ChainLink,
  type PublicDraw,
  type SealedDay,
} from '@campaign/domain';
import { Clock } from '../../common/clock';
import { addDays, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { DayCommitment, DrawDayRepository } from '../../repositories/draw-day.repository';
import { DrawRepository } from '../../repositories/draw.repository';
import { AllocationService } from '../allocation/allocation.service';
import { SchemeFreeze } from '../allocation/scheme-freeze';
import { SETTING_DEFAULTS } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';

/** What the public sees of a day: the hashes always, the seed and the scheme once the day has ended. */
export interface PublicDay {
  day: string;
  seed_hash: string;
  allocation_set_hash: string;
  committed_at: string;
  starts_at: string;
  ends_at: string;
  /** Committed after the day began (the server was down at the commitment time): said, never hidden. */
  late: boolean;
  revealed: boolean;
  seed: string | null;
  allocation_set: string | null;
  format: number;
  /** The scheme hash's salt (format 2), revealed with the seed. */
  salt: string | null;
  prev_hash: string | null;
  sealed: SealedDay[];
  commitment_hash: string;
  /** The first 20 hex characters of the commitment hash: what the prize SMS and dialog carry. */
  fingerprint: string;
  closing: boolean;
}

/** The base prize of each draw kind from the settings (a value that is not a positive whole number falls back to its default). */
export function basePrizesOf(s: { base_prize_preregistration: unknown; base_prize_registration: unknown }): BasePrizes {
  const valid = (v: unknown, fallback: number) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  return {
    preregistration: valid(s.base_prize_preregistration, SETTING_DEFAULTS.base_prize_preregistration),
    registration: valid(s.base_prize_registration, SETTING_DEFAULTS.base_prize_registration),
  };
}

/**
 * The daily commitments of the provably fair draw (docs/fairness.md), stored through
 * DrawDayRepository (the draw_day table's statements). Each Nepal day gets 32 random bytes,
 * kept here and never logged; at the commitment time the evening before, the day's seed hash
 * and the hash of its prize scheme are stored (a check every minute, and at start-up); the draw asks for its day's
 * commitment and makes it then if the server was down at that time (marked late). The seed
 * is given out once the day has ended.
 */
@Injectable()
export class FairnessService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Fairness');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly freeze: SchemeFreeze,
    private readonly allocations: AllocationService,
    private readonly settings: SettingService,
    private readonly draws: DrawRepository,
    private readonly days: DrawDayRepository,
  ) {}

  onApplicationBootstrap() {
    const every = this.config.get('app').commitIntervalMs;
    if (!every) return;
    const tick = () => this.commitDue().catch((e: Error) => this.log.warn(`daily commitment not made yet: ${e.message}`));
    void tick();
    this.timer = setInterval(tick, every);
    this.timer.unref();
  }

  onModuleDestroy() {
    clearInterval(this.timer);
  }

  private get tz() {
    return this.config.get('app').campaignTz;
  }

  /** Makes the commitment of every day whose commitment time has passed and that has none yet. */
  async commitDue(): Promise<string[]> {
    // No day after the campaign's last is committed: nothing is drawn then.
    const days: string[] = [];
    for (const day of await this.freeze.daysDue()) if (await this.settings.campaignRunsOn(day)) days.push(day);
    for (const day of days) await this.dataSource.transaction((em) => this.commitment(em, day));
    const closing = await this.closeDue();
    if (closing) days.push(closing);
    return days;
  }

  /**
   * Once the campaign's last day has ended, no day's commitment will come to seal its last
   * days: a closing commitment does, for the day after both the last day and the newest link
   * (so the chain stays in day order), made once while a campaign day is still unsealed.
   * Answers the day it was made for, or null.
   */
  private async closeDue(): Promise<string | null> {
    const last = await this.settings.get('campaign_ends_on');
    if (!last || !this.revealed(last)) return null;
    return this.dataSource.transaction(async (em) => {
      const state = await this.days.chainState(last);
      if (!state?.open) return null;
      const day = [addDays(last, 1), addDays(state.newest as string, 1)].sort().at(-1)!;
      await this.commitment(em, day, true);
      return day;
    });
  }

  /**
   * The day's commitment, made now if it has none, inside the caller's transaction. It takes
   * the day's scheme lock before reading the scheme, so no change to the scheme can land
   * between the freeze check of that change and this read (SchemeFreeze.whileOpen).
   */
  async commitment(em: EntityManager, day: string, closing = false): Promise<DayCommitment> {
    const found = await this.days.read(day);
    if (found) return this.remember(found);
    await this.freeze.lock(em, day);
    const again = await this.days.read(day);
    if (again) return this.remember(again);
    // One link at a time: the previous link and the days to seal are read under this lock.
    await this.days.lockChain();
    const seed = randomBytes(32);
    const salt = randomBytes(32);
    const base = basePrizesOf(await this.settings.readIn(['base_prize_preregistration', 'base_prize_registration']));
    const scheme = canonicalScheme(await this.allocations.committedSet(day), base);
    const link = {
      day,
      format: 2,
      seed_hash: sha256Hex(seed),
      allocation_set_hash: schemeHash(scheme, salt.toString('hex')),
      prev_hash: await this.days.previousHash(day),
      sealed: await this.sealable(day),
    };
    await this.days.insert({ ...link, seed, salt, allocation_set: scheme, committed_at: this.clock.now(), commitment_hash: commitmentHash(link), closing });
    return this.remember((await this.days.read(day))!);
  }

  /**
   * The days a commitment for `day` seals: every committed day before it that has ended and
   * that no link has sealed yet, each with the root of its published draws and totals.
   */
  private async sealable(day: string): Promise<SealedDay[]> {
    const open = await this.days.unsealedBefore(day);
    const sealed: SealedDay[] = [];
    for (const c of open) {
      if (!this.revealed(c.day)) continue;
      const draws = await this.draws.publicDraws(c.day, 0, Number.MAX_SAFE_INTEGER);
      sealed.push({ day: c.day, root: resultsRootOf(c.day, FairnessService.allocationsOf(c), draws) });
    }
    return sealed;
  }

  private readonly fingerprints = new Map<string, string>();

  /** A day's fingerprint (the first 20 hex characters of its commitment hash), kept once read: a commitment never changes. */
  async fingerprintOf(day: string): Promise<string | null> {
    const kept = this.fingerprints.get(day);
    if (kept) return kept;
    const c = await this.days.read(day);
    return c ? this.fingerprints.get(this.remember(c).day)! : null;
  }

  private remember(c: DayCommitment): DayCommitment {
    if (this.fingerprints.size > 400) this.fingerprints.clear();
    this.fingerprints.set(c.day, fingerprintOf(c.commitment_hash));
    return c;
  }

  /** The committed scheme of a day, parsed. */
  static allocationsOf(c: Pick<DayCommitment, 'allocation_set'>): CommittedAllocation[] {
    return parseScheme(c.allocation_set).allocations;
  }

  /** The committed base prizes of a day (format 2), or null (format 1: the settings' at the draw). */
  static committedBasePrizes(c: Pick<DayCommitment, 'allocation_set'>): BasePrizes | null {
    return parseScheme(c.allocation_set).base_prizes;
  }

  /** Whether a day has ended, so that its seed may be published. */
  revealed(day: string): boolean {
    return this.clock.now() >= dayRange(day, this.tz).end;
  }

  toPublic(c: DayCommitment): PublicDay {
    const { start, end } = dayRange(c.day, this.tz);
    const revealed = this.revealed(c.day);
    return {
      day: c.day,
      seed_hash: c.seed_hash,
      allocation_set_hash: c.allocation_set_hash,
      committed_at: new Date(c.committed_at).toISOString(),
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
      late: new Date(c.committed_at) > start,
      revealed,
      seed: revealed ? c.seedHex : null,
      allocation_set: revealed ? c.allocation_set : null,
      format: c.format,
      salt: revealed ? c.saltHex : null,
      prev_hash: c.prev_hash,
      sealed: c.sealed,
      commitment_hash: c.commitment_hash,
      fingerprint: fingerprintOf(c.commitment_hash),
      closing: c.closing,
    };
  }

  /** The whole chain, oldest first: what a verifier checks the links of. */
  async chain(): Promise<ChainLink[]> {
    const rows = await this.days.chain();
    return rows.map((c) => ({
      day: c.day,
      format: c.format,
      seed_hash: c.seed_hash,
      allocation_set_hash: c.allocation_set_hash,
      prev_hash: c.prev_hash,
      sealed: c.sealed,
      commitment_hash: c.commitment_hash,
      committed_at: new Date(c.committed_at).toISOString(),
      closing: c.closing,
    }));
  }

  /** The public view of one day, or undefined when it has no commitment. */
  async publicDay(day: string): Promise<PublicDay | undefined> {
    const c = await this.days.read(day);
    return c && this.toPublic(c);
  }

  /** The latest committed days, newest first (tomorrow's too once tonight's commitment is made). */
  async publicDays(limit = 60): Promise<PublicDay[]> {
    const rows = await this.days.latest(limit);
    return rows.map((r) => this.toPublic(r));
  }

  // ---------------------------------------------------------------- the day's draws (the draw table, read through DrawRepository)

  /** One draw by its public id: what a verifier needs, nothing about the customer. */
  publicDraw(drawId: string): Promise<PublicDraw | undefined> {
    return this.draws.publicDraw(drawId);
  }

  /** A day's draws in the order of their claims, a page at a time after `afterSeq`. */
  publicDraws(day: string, afterSeq: number, limit: number): Promise<PublicDraw[]> {
    return this.draws.publicDraws(day, afterSeq, limit);
  }

  /** A revealed day's totals against its committed scheme (totalsOf: the verifier's own rule). */
  async dayTotals(day: string, scheme: CommittedAllocation[]): Promise<DayTotals> {
    return totalsOf(scheme, await this.draws.awardedOn(day));
  }
}
