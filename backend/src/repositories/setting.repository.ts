import { Injectable } from '@nestjs/common';
import { Db } from './db';

/**
 * The settings' table (setting: one JSON value per key): every statement that names it, on
 * the caller's transaction when one is open (db.ts). Plain SQL keeps JSON null a value.
 */
@Injectable()
export class SettingRepository {
  constructor(private readonly db: Db) {}

  /** The stored values of `keys` (an unset key has no row). */
  read<K extends string>(keys: readonly K[]): Promise<Array<{ key: K; value: unknown }>> {
    return this.db.query<{ key: K; value: unknown }>(`SELECT key, value FROM setting WHERE key = ANY($1)`, [keys]);
  }

  /** Stores a key's value. */
  async put(key: string, value: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO setting (key, value, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
