import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed-out tokens: POST /auth/logout stores the token's id until the token would have
 * expired anyway, so every instance refuses it at once. Rows past `expires_at` mean nothing
 * and are pruned. A logged table (unlike rate_limit): a crash must not revive a session.
 */
export class RevokedToken1795543360400 implements MigrationInterface {
  name = 'RevokedToken1795543360400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE revoked_token (jti uuid PRIMARY KEY, expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX revoked_token_expires_idx ON revoked_token (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revoked_token`);
  }
}
