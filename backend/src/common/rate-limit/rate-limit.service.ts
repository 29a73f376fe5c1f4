import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance shares them.
 * One statement per hit: the upsert is atomic under concurrency.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit() {
    this.sweeper = setInterval(() => {
      this.dataSource.query(`DELETE FROM rate_limit WHERE reset_at < now() - interval '1 hour'`).catch(() => undefined);
    }, 10 * 60 * 1000);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    if (this.sweeper) clearInterval(this.sweeper);
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

  /** Hits so far in the current window, without counting one. */
  async peek(key: string): Promise<RateLimitResult & { hits: number }> {
    const [row] = await this.dataSource.query(
      `SELECT hits, ceil(extract(epoch FROM reset_at - now()))::int AS ttl FROM rate_limit WHERE key = $1 AND reset_at > now()`,
      [key],
    );
    return { allowed: true, hits: row?.hits ?? 0, retryAfterSeconds: Math.max(1, row?.ttl ?? 0) };
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit WHERE key = $1`, [key]);
  }
}
