import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { DataSource, EntityManager } from 'typeorm';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL (the unlogged `rate_limit` table), so every app
 * instance shares them and a restart of the app keeps them. One statement per hit: the upsert
 * is atomic under concurrency. Two users of the same code: the throttler's per-address route
 * limits (@Throttle, through `increment`, the ThrottlerStorage interface) and the domain
 * counters that need to peek and reset (per phone, per account, per code).
 */
@Injectable()
export class RateLimitService implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit() {
    this.sweeper = setInterval(
      () => {
        this.dataSource.query(`DELETE FROM rate_limit WHERE reset_at < now() - interval '1 hour'`).catch(() => undefined);
      },
      10 * 60 * 1000,
    );
    this.sweeper.unref();
  }

  onModuleDestroy() {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Erasure: forgets every counter keyed by one of these phones (the key ends with the phone). */
  async forgetPhones(em: EntityManager, phones: string[]): Promise<void> {
    if (!phones.length) return;
    await em.query(`DELETE FROM rate_limit WHERE ${phones.map((_, i) => `key LIKE '%' || $${i + 1}`).join(' OR ')}`, phones);
  }

  /** Counts one hit against `key`; allowed while the window holds at most `limit` hits. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const [row] = await this.dataSource.query(
      `INSERT INTO rate_limit (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit.reset_at <= now() THEN 1 ELSE rate_limit.hits + 1 END,
         reset_at = CASE WHEN rate_limit.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit.reset_at END
       RETURNING hits, ceil(extract(epoch FROM reset_at - now()))::int AS ttl`,
      [key, windowSeconds],
    );
    return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds: Math.max(1, row.ttl) };
  }

  /**
   * One hit against each of `windows` in one statement (a route's per-address windows): the
   * same fixed windows as `hit`, in key order so two requests on the same keys cannot deadlock.
   */
  async hitMany(windows: Array<{ key: string; limit: number; windowSeconds: number }>): Promise<RateLimitResult[]> {
    const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows: Array<{ key: string; hits: number; ttl: number }> = await this.dataSource.query(
      `INSERT INTO rate_limit (key, hits, reset_at)
       SELECT k, 1, now() + make_interval(secs => w) FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS t(k, w, n) ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit.reset_at <= now() THEN 1 ELSE rate_limit.hits + 1 END,
         reset_at = CASE WHEN rate_limit.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit.reset_at END
       RETURNING key, hits, ceil(extract(epoch FROM reset_at - now()))::int AS ttl`,
      [sorted.map((w) => w.key), sorted.map((w) => w.windowSeconds)],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return windows.map((w) => {
      const row = byKey.get(w.key)!;
      return { allowed: row.hits <= w.limit, hits: row.hits, retryAfterSeconds: Math.max(1, row.ttl) };
    });
  }

  /**
   * The throttler's storage: `ttl` in milliseconds, the answer's times in seconds. Over the
   * limit, the address stays refused until its window ends (fixed window, as `hit`).
   */
  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const r = await this.hit(key, limit, Math.max(1, Math.ceil(ttl / 1000)));
    return {
      totalHits: r.hits,
      timeToExpire: r.retryAfterSeconds,
      isBlocked: !r.allowed,
      timeToBlockExpire: r.allowed ? 0 : r.retryAfterSeconds,
    };
  }

  /** Hits so far in the current window, without counting one. */
  async peek(key: string): Promise<RateLimitResult & { hits: number }> {
    const [row] = await this.dataSource.query(
      `SELECT hits, ceil(extract(epoch FROM reset_at - now()))::int AS ttl FROM rate_limit WHERE key = $1 AND reset_at > now()`,
      [key],
    );
    return { allowed: true, hits: row?.hits ?? 0, retryAfterSeconds: Math.max(1, row?.ttl ?? 0) };
  }

  /** Holds `key` for `seconds` from now (a delay: `peek` sees it until then), whatever it held before. */
  async hold(key: string, seconds: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO rate_limit (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET hits = 1, reset_at = EXCLUDED.reset_at`,
      [key, seconds],
    );
  }

  /** Takes back one hit of the current window (an attempt counted before its outcome was known turned out not to count). */
  async release(key: string): Promise<void> {
    await this.dataSource.query(`UPDATE rate_limit SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND reset_at > now()`, [key]);
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit WHERE key = $1`, [key]);
  }
}
