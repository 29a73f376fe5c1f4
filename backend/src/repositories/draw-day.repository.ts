import { Injectable } from '@nestjs/common';
import type { SealedDay } from '@campaign/domain';
import { Db } from './db';

/** A day's commitment as stored (docs/fairness.md). The seed never leaves the fairness module before the day ends. */
export interface DayCommitment {
  day: string;
  seedHex: string;
  seed_hash: string;
  allocation_set: string;
  allocation_set_hash: string;
  committed_at: Date;
  /** 1: committed before the chain; 2: chained, salted, base prizes committed (docs/fairness.md). */
  format: number;
  saltHex: string | null;
  prev_hash: string | null;
  sealed: SealedDay[];
  commitment_hash: string;
  closing: boolean;
}

/** A new link of the chain, as the fairness module makes it (FairnessService.commitment). */
export interface NewDayCommitment {
  day: string;
  seed: Buffer;
  seed_hash: string;
  allocation_set: string;
  allocation_set_hash: string;
  committed_at: Date;
  salt: Buffer;
  prev_hash: string | null;
  sealed: SealedDay[];
  commitment_hash: string;
  closing: boolean;
}

const COLUMNS = `day::text AS day, encode(seed, 'hex') AS "seedHex", seed_hash, allocation_set, allocation_set_hash, committed_at,
  format, encode(salt, 'hex') AS "saltHex", prev_hash, sealed, commitment_hash, closing`;

/** A committed day no link has sealed yet (alias `d`). */
const UNSEALED = `NOT EXISTS (SELECT 1 FROM draw_day s, jsonb_array_elements(s.sealed) e WHERE e->>'day' = d.day::text)`;

/**
 * The daily commitments' table (draw_day): every statement that names it. Each runs on the
 * caller's transaction when one is open (db.ts): the fairness module's commitment and the
 * scheme's freeze check (SchemeFreeze, which asks here whether a day is committed) read
 * through the transaction that holds the day's scheme lock.
 */
@Injectable()
export class DrawDayRepository {
  constructor(private readonly db: Db) {}

  /** A day's commitment, or undefined when it has none. */
  async read(day: string): Promise<DayCommitment | undefined> {
    const [row] = await this.db.query<DayCommitment>(`SELECT ${COLUMNS} FROM draw_day WHERE day = $1`, [day]);
    return row;
  }

  /** When a day's commitment was made, or null when it has none. */
  async committedAt(day: string): Promise<Date | null> {
    return (await this.read(day))?.committed_at ?? null;
  }

  /** The newest committed day, and whether a day up to `last` is still unsealed. */
  async chainState(last: string): Promise<{ newest: string | null; open: boolean | null } | undefined> {
    const [state] = await this.db.query<{ newest: string | null; open: boolean | null }>(
      `SELECT max(d.day)::text AS newest,
              bool_or(d.day <= $1 AND ${UNSEALED}) AS open
         FROM draw_day d`,
      [last],
    );
    return state;
  }

  /** One link at a time: the previous link and the days to seal are read under this lock, until the transaction ends. */
  async lockChain(): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('draw_day:chain'))`);
  }

  /** The commitment hash of the newest link before `day`, or null for the first. */
  async previousHash(day: string): Promise<string | null> {
    const [prev] = await this.db.query<{ commitment_hash: string }>(
      `SELECT commitment_hash FROM draw_day WHERE day < $1 ORDER BY day DESC LIMIT 1`,
      [day],
    );
    return prev?.commitment_hash ?? null;
  }

  /** The committed days before `day` that no link has sealed yet, oldest first. */
  unsealedBefore(day: string): Promise<DayCommitment[]> {
    return this.db.query<DayCommitment>(
      `SELECT ${COLUMNS} FROM draw_day d
        WHERE d.day < $1 AND ${UNSEALED}
        ORDER BY d.day`,
      [day],
    );
  }

  /** Stores a format-2 link; a day that has one already keeps it. */
  async insert(c: NewDayCommitment): Promise<void> {
    await this.db.query(
      `INSERT INTO draw_day (day, seed, seed_hash, allocation_set, allocation_set_hash, committed_at, format, salt, prev_hash, sealed, commitment_hash, closing)
       VALUES ($1, $2, $3, $4, $5, $6, 2, $7, $8, $9::jsonb, $10, $11) ON CONFLICT (day) DO NOTHING`,
      [
        c.day,
        c.seed,
        c.seed_hash,
        c.allocation_set,
        c.allocation_set_hash,
        c.committed_at,
        c.salt,
        c.prev_hash,
        JSON.stringify(c.sealed),
        c.commitment_hash,
        c.closing,
      ],
    );
  }

  /** The whole chain, oldest first. */
  chain(): Promise<DayCommitment[]> {
    return this.db.query<DayCommitment>(`SELECT ${COLUMNS} FROM draw_day ORDER BY day`);
  }

  /** The latest committed days, newest first. */
  latest(limit: number): Promise<DayCommitment[]> {
    return this.db.query<DayCommitment>(`SELECT ${COLUMNS} FROM draw_day ORDER BY day DESC LIMIT $1`, [limit]);
  }
}
