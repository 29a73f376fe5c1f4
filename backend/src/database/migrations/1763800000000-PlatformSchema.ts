import { MigrationInterface, QueryRunner } from 'typeorm';

/** Platform: roles, users, branches (completed by the catalogue), shared rate limits. */
export class PlatformSchema1763800000000 implements MigrationInterface {
  name = 'PlatformSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE role (
        id serial PRIMARY KEY,
        title text NOT NULL UNIQUE,
        head_office boolean NOT NULL DEFAULT false,
        permissions text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`
      CREATE TABLE branch (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        state text NOT NULL DEFAULT '',
        district text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        location text NOT NULL DEFAULT '',
        email text,
        phone text,
        mobile text,
        "order" int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX branch_order_idx ON branch ("order", id)`);
    await q.query(`
      CREATE TABLE "user" (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        name text GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED,
        email text NOT NULL,
        phone text,
        sex text NOT NULL DEFAULT 'MALE' CHECK (sex IN ('MALE','FEMALE','OTHERS')),
        address text,
        password text NOT NULL,
        token_version int NOT NULL DEFAULT 0,
        branch_id int REFERENCES branch(id) ON DELETE RESTRICT,
        role_id int NOT NULL REFERENCES role(id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX user_email_uq ON "user" (lower(email)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX user_branch_idx ON "user" (branch_id)`);
    await q.query(`
      CREATE UNLOGGED TABLE rate_limit (
        key text PRIMARY KEY,
        hits int NOT NULL,
        reset_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limit`);
    await q.query(`DROP TABLE "user"`);
    await q.query(`DROP TABLE branch`);
    await q.query(`DROP TABLE role`);
  }
}
