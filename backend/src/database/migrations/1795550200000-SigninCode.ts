import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in code (modules/auth/auth.service.ts): once an account's budget for sign-ins from
 * untrusted browsers is spent, such a browser signs in with the password plus a code sent by
 * SMS to the user's phone on file. One live code per user: its keyed hash (never the code),
 * its expiry and its wrong tries. A new code replaces the row; a right one deletes it.
 */
export class SigninCode1795550200000 implements MigrationInterface {
  name = 'SigninCode1795550200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signin_code (
        user_id int PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signin_code`);
  }
}
