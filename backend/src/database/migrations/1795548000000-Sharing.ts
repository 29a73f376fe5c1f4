import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sharing with friends (#19): each pre-registration gets a personal share code (its link is
 * `/?utm_source=ref-<code>`) and the traffic source it came through, as the purchases and
 * test rides already have, so the referrer report counts pre-registrations per source.
 * 16 hex characters (64 random bits): no two of a million records meet.
 */
export class Sharing1795548000000 implements MigrationInterface {
  name = 'Sharing1795548000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE preregistration
        ADD COLUMN share_code text NOT NULL DEFAULT substr(md5(gen_random_uuid()::text), 1, 16) CHECK (share_code ~ '^[0-9a-f]{16}$'),
        ADD COLUMN referrer_id int REFERENCES referrer(id) ON DELETE SET NULL`);
    await q.query(`CREATE UNIQUE INDEX preregistration_share_code_key ON preregistration (share_code)`);
    await q.query(`CREATE INDEX preregistration_referrer_id_idx ON preregistration (referrer_id) WHERE deleted_at IS NULL`);
    // Earlier records name their source as the visitor's link carried it; known sources only.
    await q.query(`UPDATE preregistration p SET referrer_id = r.id FROM referrer r WHERE p.utm_source IS NOT NULL AND r.utm_source = lower(btrim(p.utm_source))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE preregistration DROP COLUMN share_code, DROP COLUMN referrer_id`);
  }
}
