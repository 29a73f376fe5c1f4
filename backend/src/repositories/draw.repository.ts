import { Injectable } from '@nestjs/common';
import type { PublicDraw } from '@campaign/domain';
import { Db } from './db';
import { PreregistrationRepository } from './preregistration.repository';
import { RegistrationRepository } from './registration.repository';

/** The two kinds of draw (a pre-registration's, a purchase's). */
type DrawKind = PublicDraw['kind'];

/** A draw row as the draw module reads it back (DrawService's DrawResult, less what it adds), with its day. */
export interface DrawRow {
  id: number;
  /** The public draw id the customer checks on /fairness (null for draws made before the scheme). */
  public_id: string | null;
  kind: DrawKind;
  record_id: number;
  amount: number;
  allocation_id: number | null;
  created_at: Date;
  day: string | null;
}

const RESULT_COLUMNS = `id, public_id, kind, record_id, amount, allocation_id, created_at, day::text AS day`;

/** A draw to store (DrawService.draw). */
export interface NewDraw {
  kind: DrawKind;
  recordId: number;
  amount: number;
  allocationId: number | null;
  audit: unknown;
  publicId: string;
  day: string;
  clientSeed: string;
  rollFormat: number;
}

/** A draw row as the public proof reads it (`seq` is its id: the order of the claims). */
interface PublicDrawRow {
  seq: number;
  draw_id: string;
  day: string;
  kind: PublicDraw['kind'];
  record_id: number;
  client_seed: string;
  audit: Record<string, unknown>;
}

const PUBLIC_COLUMNS = `d.id AS seq, d.public_id AS draw_id, d.day::text AS day, d.kind, d.record_id, d.client_seed, d.audit`;

function toPublic(row: PublicDrawRow): PublicDraw {
  const a = row.audit as { type: string; branch_id: number | null; base_prize: number; considered: PublicDraw['considered']; result: { amount: number; allocation_id: number | null } };
  return {
    draw_id: row.draw_id,
    seq: Number(row.seq),
    day: row.day,
    kind: row.kind,
    record_id: Number(row.record_id),
    client_seed: row.client_seed,
    type: a.type,
    branch_id: a.branch_id,
    base_prize: a.base_prize,
    considered: a.considered,
    result: { amount: a.result.amount, allocation_id: a.result.allocation_id },
  };
}

/**
 * The draw table: every statement that names it. The public proof's reads (docs/fairness.md:
 * what a verifier needs of a draw, nothing about the customer), which the fairness module
 * asks, and the draw module's own (a record's draw, storing one, moving one, the counts).
 * Each runs on the caller's transaction when one is open (db.ts).
 */
@Injectable()
export class DrawRepository {
  constructor(
    private readonly db: Db,
    private readonly preregistrations: PreregistrationRepository,
    private readonly registrations: RegistrationRepository,
  ) {}

  /** Each draw with the prize its record was given: a pre-registration's prize, a purchase's coupon (null: no record holds it). */
  private async withGiven(draws: PublicDraw[]): Promise<PublicDraw[]> {
    const ids = (kind: PublicDraw['kind']) => draws.filter((d) => d.kind === kind).map((d) => d.record_id);
    const [pre, reg] = await Promise.all([this.preregistrations.prizesOf(ids('preregistration')), this.registrations.couponsOf(ids('registration'))]);
    return draws.map((d) => ({ ...d, given: (d.kind === 'preregistration' ? pre : reg).get(d.record_id) ?? null }));
  }

  /** One draw by its public id. */
  async publicDraw(drawId: string): Promise<PublicDraw | undefined> {
    const [row] = await this.db.query<PublicDrawRow>(`SELECT ${PUBLIC_COLUMNS} FROM draw d WHERE d.public_id = $1`, [drawId]);
    return row && (await this.withGiven([toPublic(row)]))[0];
  }

  /** A day's draws in the order they were stored (the order of their claims), a page at a time after `afterSeq`. */
  async publicDraws(day: string, afterSeq: number, limit: number): Promise<PublicDraw[]> {
    const rows = await this.db.query<PublicDrawRow>(
      `SELECT ${PUBLIC_COLUMNS} FROM draw d WHERE d.day = $1 AND d.public_id IS NOT NULL AND d.id > $2 ORDER BY d.id LIMIT $3`,
      [day, afterSeq, limit],
    );
    return this.withGiven(rows.map(toPublic));
  }

  /** A day's draws counted per amount and allocation won (null: the base prize). */
  awardedOn(day: string) {
    return this.db.query<{ amount: number; allocation_id: number | null; awarded: number }>(
      `SELECT amount, allocation_id, count(*)::int AS awarded FROM draw WHERE day = $1 AND public_id IS NOT NULL GROUP BY amount, allocation_id ORDER BY amount DESC`,
      [day],
    );
  }

  // ---------------------------------------------------------------- the draw module's statements (DrawService)

  /** The record's draw moved to another record of the same kind; answers it, or undefined when the first had none. */
  async moveRecord(kind: DrawKind, fromRecordId: number, toRecordId: number): Promise<DrawRow | undefined> {
    const [rows] = await this.db.query<DrawRow[]>(`UPDATE draw SET record_id = $3 WHERE kind = $1 AND record_id = $2 RETURNING ${RESULT_COLUMNS}`, [kind, fromRecordId, toRecordId]);
    return rows[0];
  }

  /** A record's draw, or undefined. */
  async ofRecord(kind: DrawKind, recordId: number): Promise<DrawRow | undefined> {
    const [row] = await this.db.query<DrawRow>(`SELECT ${RESULT_COLUMNS} FROM draw WHERE kind = $1 AND record_id = $2`, [kind, recordId]);
    return row;
  }

  /**
   * Stores a draw; undefined when another transaction drew the record first or took the same
   * seed a moment before (no conflict target: the record's draw (kind, record_id) and the
   * day's seed (format 2) are both once).
   */
  async insert(d: NewDraw): Promise<DrawRow | undefined> {
    const [inserted] = await this.db.query<DrawRow>(
      `INSERT INTO draw (kind, record_id, amount, allocation_id, audit, public_id, day, client_seed, roll_format)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)
       ON CONFLICT DO NOTHING
       RETURNING ${RESULT_COLUMNS}`,
      [d.kind, d.recordId, d.amount, d.allocationId, JSON.stringify(d.audit), d.publicId, d.day, d.clientSeed, d.rollFormat],
    );
    return inserted;
  }

  /** Whether a client seed has rolled a draw of the day already. */
  async seedUsed(day: string, clientSeed: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM draw WHERE day = $1 AND client_seed = $2 AND roll_format = 2`, [day, clientSeed]);
    return rows.length > 0;
  }

  /** Draw rows per Nepal day and amount in [start, end), of the records `live` lists (a subquery of ids per kind). */
  awardedByDay(tz: string, start: Date, end: Date, live: Record<DrawKind, { sql: string; params: unknown[] }>) {
    const pre = live.preregistration;
    const reg = live.registration;
    const shift = (sql: string, by: number) => sql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + by}`);
    const preSql = shift(pre.sql, 3);
    const regSql = shift(reg.sql, 3 + pre.params.length);
    return this.db.query<{ day: string; amount: number; awarded: number }>(
      `SELECT (d.created_at AT TIME ZONE $1)::date::text AS day, d.amount, count(*)::int AS awarded
         FROM draw d
        WHERE d.created_at >= $2 AND d.created_at < $3
          AND ((d.kind = 'preregistration' AND d.record_id IN (${preSql})) OR (d.kind = 'registration' AND d.record_id IN (${regSql})))
        GROUP BY 1, 2`,
      [tz, start, end, ...pre.params, ...reg.params],
    );
  }

  /** The enquiry draw's prizes so far, counted per amount, the largest first. */
  preregistrationPrizesByAmount(): Promise<Array<{ amount: number; prizes: number }>> {
    return this.db.query(`SELECT amount, count(*)::int AS prizes FROM draw WHERE kind = 'preregistration' GROUP BY amount ORDER BY amount DESC`);
  }
}
