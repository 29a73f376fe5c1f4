import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Provably fair draws (docs/fairness.md). Each Nepal day has a secret seed and the hash of
 * its prize scheme, committed before the day begins and revealed after it ends (draw_day,
 * owned by the fairness module). A draw records its public id, its day and the client seed
 * it was rolled with; the records keep the client seed the customer's browser sent.
 */
export class Fairness1795546000000 implements MigrationInterface {
  name = 'Fairness1795546000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE draw_day (
        day date PRIMARY KEY,
        seed bytea NOT NULL CHECK (octet_length(seed) = 32),
        seed_hash text NOT NULL,
        allocation_set text NOT NULL,
        allocation_set_hash text NOT NULL,
        committed_at timestamptz NOT NULL
      )`);
    await q.query(`ALTER TABLE draw ADD COLUMN public_id text, ADD COLUMN day date, ADD COLUMN client_seed text`);
    await q.query(`CREATE UNIQUE INDEX draw_public_id_key ON draw (public_id)`);
    await q.query(`CREATE INDEX draw_day_idx ON draw (day, id) WHERE public_id IS NOT NULL`);
    await q.query(`ALTER TABLE preregistration ADD COLUMN client_seed text`);
    await q.query(`ALTER TABLE registration ADD COLUMN client_seed text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registration DROP COLUMN client_seed`);
    await q.query(`ALTER TABLE preregistration DROP COLUMN client_seed`);
    await q.query(`DROP INDEX draw_day_idx`);
    await q.query(`DROP INDEX draw_public_id_key`);
    await q.query(`ALTER TABLE draw DROP COLUMN public_id, DROP COLUMN day, DROP COLUMN client_seed`);
    await q.query(`DROP TABLE draw_day`);
  }
}
