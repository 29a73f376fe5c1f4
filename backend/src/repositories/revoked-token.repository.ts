import { Injectable } from '@nestjs/common';
import { Db } from './db';

/**
 * The signed-out tokens' denylist (revoked_token: a token's id until it would have expired).
 * Written here; read with the session's user in one statement by `loadAuthUser`
 * (common/auth/session.ts), on every signed-in request.
 */
@Injectable()
export class RevokedTokenRepository {
  constructor(private readonly db: Db) {}

  /** Refuses token `jti` from now until `expiresAtSeconds` (its `exp`); expired entries are pruned in the same statement. */
  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    await this.db.query(
      `WITH pruned AS (DELETE FROM revoked_token WHERE expires_at < now())
       INSERT INTO revoked_token (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
      [jti, expiresAtSeconds],
    );
  }
}
