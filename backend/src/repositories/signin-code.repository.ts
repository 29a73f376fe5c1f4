import { Injectable } from '@nestjs/common';
import { Db } from './db';

/**
 * The sign-in codes' table (signin_code: one live code per account, its keyed hash, expiry
 * and tries): every statement that names it, on the caller's transaction when one is open (db.ts).
 */
@Injectable()
export class SigninCodeRepository {
  constructor(private readonly db: Db) {}

  /** The account's new code (its hash), replacing any earlier one; its tries start again. */
  async put(userId: number, codeHash: string, ttlSeconds: number): Promise<void> {
    await this.db.query(
      `INSERT INTO signin_code (user_id, code_hash, expires_at, attempts, created_at)
       VALUES ($1, $2, now() + make_interval(secs => $3), 0, now())
       ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()`,
      [userId, codeHash, ttlSeconds],
    );
  }

  /** Counts a try on the account's live code and answers its hash; undefined when none is live or its tries are spent. */
  async tryLive(userId: number, maxAttempts: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ code_hash: string }>(
      `WITH tried AS (
         UPDATE signin_code SET attempts = attempts + 1
          WHERE user_id = $1 AND expires_at > now() AND attempts < $2
         RETURNING code_hash)
       SELECT code_hash FROM tried`,
      [userId, maxAttempts],
    );
    return row?.code_hash;
  }

  /** The account's code, used up. */
  async remove(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM signin_code WHERE user_id = $1`, [userId]);
  }
}
