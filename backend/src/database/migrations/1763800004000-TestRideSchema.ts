import { MigrationInterface, QueryRunner } from 'typeorm';

/** Test rides and bike bookings from the public dialog, and the traffic sources (referrers) they came from. */
export class TestRideSchema1763800004000 implements MigrationInterface {
  name = 'TestRideSchema1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE referrer (
        id serial PRIMARY KEY,
        title text NOT NULL,
        utm_source text NOT NULL UNIQUE CHECK (utm_source ~ '^[a-z0-9_.-]{1,100}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE test_ride (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        email text,
        phone text NOT NULL CHECK (phone ~ '^[0-9]{10}$'),
        state text NOT NULL,
        district text NOT NULL,
        city text NOT NULL,
        branch_id int NOT NULL REFERENCES branch(id) ON DELETE RESTRICT,
        bike_model_id int NOT NULL REFERENCES bike_model(id) ON DELETE RESTRICT,
        type text NOT NULL DEFAULT 'TESTRIDE' CHECK (type IN ('TESTRIDE','BOOKING')),
        utm_source text,
        referrer_id int REFERENCES referrer(id) ON DELETE SET NULL,
        ip inet,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX test_ride_branch_created_idx ON test_ride (branch_id, created_at)`);
    await q.query(`CREATE INDEX test_ride_created_idx ON test_ride (created_at)`);
    await q.query(`CREATE INDEX test_ride_referrer_idx ON test_ride (referrer_id)`);
    // The duplicate check (same phone, branch, model and type within a minute) looks up by phone.
    await q.query(`CREATE INDEX test_ride_phone_idx ON test_ride (phone, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE test_ride`);
    await q.query(`DROP TABLE referrer`);
  }
}
