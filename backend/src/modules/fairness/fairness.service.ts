import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { canonicalAllocationSet, CommittedAllocation, sha256Hex, type PublicDraw } from '@campaign/domain';
import { Clock } from '../../common/clock';
import { dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { DrawRepository } from '../../repositories/draw.repository';
import { AllocationService } from '../allocation/allocation.service';
import { SchemeFreeze } from '../allocation/scheme-freeze';
import { SettingService } from '../setting/setting.service';

/** A day's commitment as stored. The seed never leaves this module before the day ends. */
export interface DayCommitment {
  day: string;
  seedHex: string;
  seed_hash: string;
  allocation_set: string;
  allocation_set_hash: string;
  committed_at: Date;
}

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
}

/**
 * The daily commitments of the provably fair draw (docs/fairness.md); the only code that
 * names the draw_day table. Each Nepal day gets 32 random bytes, kept here and never logged;
 * at the commitment time the evening before, the day's seed hash and the hash of its prize
 * scheme are stored (a check every minute, and at start-up); the draw asks for its day's
 * commitment and makes it then if the server was down at that time (marked late). The seed
 * is given out once the day has ended.
 */
@Injectable()
export class FairnessService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
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
  ) {}

  onModuleInit() {
    this.freeze.isCommitted(async (day, em) => !!(await this.read(em ?? this.dataSource, day)));
  }

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
    return days;
  }

  /**
   * The day's commitment, made now if it has none, inside the caller's transaction. It takes
   * the day's scheme lock before reading the scheme, so no change to the scheme can land
   * between the freeze check of that change and this read (SchemeFreeze.whileOpen).
   */
  async commitment(em: EntityManager, day: string): Promise<DayCommitment> {
    const found = await this.read(em, day);
    if (found) return found;
    await this.freeze.lock(em, day);
    const again = await this.read(em, day);
    if (again) return again;
    const seed = randomBytes(32);
    const set = canonicalAllocationSet(await this.allocations.committedSet(em, day));
    await em.query(
      `INSERT INTO draw_day (day, seed, seed_hash, allocation_set, allocation_set_hash, committed_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (day) DO NOTHING`,
      [day, seed, sha256Hex(seed), set, sha256Hex(set), this.clock.now()],
    );
    return (await this.read(em, day))!;
  }

  private async read(em: EntityManager | DataSource, day: string): Promise<DayCommitment | undefined> {
    const [row] = await em.query(
      `SELECT day::text AS day, encode(seed, 'hex') AS "seedHex", seed_hash, allocation_set, allocation_set_hash, committed_at FROM draw_day WHERE day = $1`,
      [day],
    );
    return row;
  }

  /** The committed scheme of a day, parsed. */
  static allocationsOf(c: Pick<DayCommitment, 'allocation_set'>): CommittedAllocation[] {
    return JSON.parse(c.allocation_set) as CommittedAllocation[];
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
    };
  }

  /** The public view of one day, or undefined when it has no commitment. */
  async publicDay(day: string): Promise<PublicDay | undefined> {
    const c = await this.read(this.dataSource, day);
    return c && this.toPublic(c);
  }

  /** The latest committed days, newest first (tomorrow's too once tonight's commitment is made). */
  async publicDays(limit = 60): Promise<PublicDay[]> {
    const rows: DayCommitment[] = await this.dataSource.query(
      `SELECT day::text AS day, encode(seed, 'hex') AS "seedHex", seed_hash, allocation_set, allocation_set_hash, committed_at
         FROM draw_day ORDER BY day DESC LIMIT $1`,
      [limit],
    );
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

  /**
   * A revealed day's totals against its committed scheme: per channel and amount, the prizes
   * planned, awarded and left; and the base prizes given.
   */
  async dayTotals(day: string, scheme: CommittedAllocation[]) {
    const awarded = await this.draws.awardedOn(day);
    const given = new Map(awarded.filter((a) => a.allocation_id !== null).map((a) => [a.allocation_id, a.awarded]));
    const tiers = new Map<string, { type: string; amount: number; planned: number; awarded: number; left: number }>();
    for (const a of scheme) {
      const key = `${a.type}|${a.amount}`;
      const t = tiers.get(key) ?? { type: a.type, amount: a.amount, planned: 0, awarded: 0, left: 0 };
      t.planned += a.count;
      t.awarded += given.get(a.id) ?? 0;
      t.left = t.planned - t.awarded;
      tiers.set(key, t);
    }
    const base = awarded.filter((a) => a.allocation_id === null).map((a) => ({ amount: a.amount, awarded: a.awarded }));
    return { tiers: [...tiers.values()].sort((x, y) => x.type.localeCompare(y.type) || y.amount - x.amount), base_prizes: base };
  }
}
