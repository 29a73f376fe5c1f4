import { Injectable } from '@nestjs/common';
import type { Lang } from '@campaign/domain';
import { Db } from './db';

/**
 * A pending claim (`enquiry_claim`): a public enquiry from a phone that already has a live
 * pre-registration (issue #32, finding 10). To its visitor it is a new, unverified record (its
 * own slug, name, masked phone, code and 5 tries, the code sent to the phone within the
 * phone's limits); it is no pre-registration, so no staff screen, count, export, draw or
 * unique index sees it. The phone's right code opens the phone's existing record and deletes
 * the claim in the same transaction (VerificationService.verify); nothing else removes
 * one, except the erasure of the phone's record (a claim's expiry would tell its visitor, a
 * stranger perhaps, that the phone was registered).
 */
export interface ClaimRow {
  id: number;
  slug: string;
  phone: string;
  name: string;
  lang: Lang;
  code: string | null;
  code_expires_at: Date | null;
  code_attempts: number;
}

/**
 * The pending claims' table (enquiry_claim): every statement that names it, on the caller's
 * transaction when one is open (db.ts): the enquiry that makes a claim, the code that opens
 * it and the erasure that takes it run inside theirs.
 */
@Injectable()
export class EnquiryClaimRepository {
  constructor(private readonly db: Db) {}

  /** A new claim with its first code (its tries start at 0); answers its id. */
  async insert(v: { slug: string; phone: string; name: string; lang: Lang; code: string; expiresAt: Date }): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO enquiry_claim (slug, phone, name, lang, code, code_expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [v.slug, v.phone, v.name, v.lang, v.code, v.expiresAt],
    );
    return row.id;
  }

  /** The claim of a slug, locked until the caller's transaction ends; undefined when none. */
  async lock(slug: string): Promise<ClaimRow | undefined> {
    const [row] = await this.db.query<ClaimRow>(
      `SELECT id, slug, phone, name, lang, code, code_expires_at, code_attempts FROM enquiry_claim WHERE slug = $1 FOR UPDATE`,
      [slug],
    );
    return row;
  }

  /** What the public read of a claim shows (its own fields: another record's are never read). */
  async read(slug: string): Promise<{ slug: string; name: string; phone: string } | undefined> {
    const [row] = await this.db.query<{ slug: string; name: string; phone: string }>(
      `SELECT slug, name, phone FROM enquiry_claim WHERE slug = $1`,
      [slug],
    );
    return row;
  }

  /** A new code: its tries start again. */
  async setCode(id: number, code: string, expiresAt: Date): Promise<void> {
    await this.db.query(`UPDATE enquiry_claim SET code = $2, code_expires_at = $3, code_attempts = 0 WHERE id = $1`, [id, code, expiresAt]);
  }

  /** The wrong tries spent on the claim's code. */
  async setAttempts(id: number, attempts: number): Promise<void> {
    await this.db.query(`UPDATE enquiry_claim SET code_attempts = $2 WHERE id = $1`, [id, attempts]);
  }

  /** A claim spent by its right code. */
  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM enquiry_claim WHERE id = $1`, [id]);
  }

  /** The erasure of a phone's record takes its claims (a name and the phone someone typed) with it. */
  async deleteOfPhone(phone: string): Promise<void> {
    await this.db.query(`DELETE FROM enquiry_claim WHERE phone = $1`, [phone]);
  }
}
