import { Injectable } from '@nestjs/common';
import type { PublicDraw } from '@campaign/domain';
import { Db } from './db';
import { PreregistrationRepository } from './preregistration.repository';
import { RegistrationRepository } from './registration.repository';

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
 * The draw table's reads for the public proof (docs/fairness.md): what a verifier needs of a
 * draw, nothing about the customer. The draw module writes the table; the fairness module
 * reads it here, below both, so neither imports the other for it.
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
}
