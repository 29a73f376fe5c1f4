import { MigrationInterface, QueryRunner } from 'typeorm';
import { commitmentHash } from '@campaign/domain';

/**
 * The chain of commitments (docs/fairness.md, "The chain"). A day committed from now on is of
 * format 2: its scheme's hash is salted (the salt revealed with the seed) and carries the base
 * prizes, it names the previous day's commitment hash and seals the results roots of the ended
 * days not sealed before. The days committed before keep format 1; each gets its commitment
 * hash here, so the first chained day can name the last of them. A draw of a format-2 day rolls
 * on its day instead of its record id, and its client seed is used once a day (the unique index).
 * Only additions: the previous release keeps running on this schema (docs/decisions.md, "Migrations expand, then contract").
 */
export class FairnessChain1795550600000 implements MigrationInterface {
  name = 'FairnessChain1795550600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE draw_day
        ADD COLUMN format smallint NOT NULL DEFAULT 1 CHECK (format IN (1, 2)),
        ADD COLUMN salt bytea CHECK (salt IS NULL OR octet_length(salt) = 32),
        ADD COLUMN prev_hash text,
        ADD COLUMN sealed jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN commitment_hash text,
        ADD COLUMN closing boolean NOT NULL DEFAULT false`);
    const days: Array<{ day: string; seed_hash: string; allocation_set_hash: string }> = await q.query(`SELECT day::text AS day, seed_hash, allocation_set_hash FROM draw_day`);
    for (const d of days) {
      const hash = commitmentHash({ ...d, format: 1, prev_hash: null, sealed: [] });
      await q.query(`UPDATE draw_day SET commitment_hash = $2 WHERE day = $1`, [d.day, hash]);
    }
    await q.query(`ALTER TABLE draw_day ALTER COLUMN commitment_hash SET NOT NULL`);
    await q.query(`ALTER TABLE draw ADD COLUMN roll_format smallint NOT NULL DEFAULT 1`);
    await q.query(`CREATE UNIQUE INDEX draw_client_seed_once ON draw (day, client_seed) WHERE roll_format = 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX draw_client_seed_once`);
    await q.query(`ALTER TABLE draw DROP COLUMN roll_format`);
    await q.query(`ALTER TABLE draw_day DROP COLUMN format, DROP COLUMN salt, DROP COLUMN prev_hash, DROP COLUMN sealed, DROP COLUMN commitment_hash, DROP COLUMN closing`);
  }
}
