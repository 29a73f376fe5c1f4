import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk SMS: one `sms_batch` row per send from the SMS screen, its messages in `sms_outbox`
 * (batch_id). `branch_id` is the sender's branch (null for head office): branch staff see
 * only their branch's batches; `fingerprint` (type, recipients chosen, text) lets the
 * service refuse the same send twice within a minute. The outbox gets the foreign key to
 * its batch, and an index that lets the worker take transactional messages (codes,
 * prizes) before bulk ones.
 */
export class SmsBatch1763800005000 implements MigrationInterface {
  name = 'SmsBatch1763800005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sms_batch (
        id serial PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('ALL', 'BRANCH', 'REGISTRANTS', 'MOBILE')),
        text text NOT NULL CHECK (length(text) BETWEEN 1 AND 1600),
        segments int NOT NULL CHECK (segments >= 1),
        recipients_count int NOT NULL DEFAULT 0 CHECK (recipients_count >= 0),
        branch_id int REFERENCES branch(id) ON DELETE RESTRICT,
        created_by int REFERENCES "user"(id) ON DELETE SET NULL,
        fingerprint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sms_batch_created_idx ON sms_batch (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX sms_batch_branch_created_idx ON sms_batch (branch_id, created_at DESC, id DESC)`);
    // The duplicate-send guard looks up the sender's latest batches.
    await q.query(`CREATE INDEX sms_batch_created_by_idx ON sms_batch (created_by, created_at DESC)`);

    const [{ present }] = await q.query(
      `SELECT EXISTS (
         SELECT 1 FROM pg_constraint c
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
          WHERE c.conrelid = 'sms_outbox'::regclass AND c.contype = 'f' AND a.attname = 'batch_id') AS present`,
    );
    if (!present) {
      // No batch existed before this table: a stray batch_id cannot point anywhere.
      await q.query(`UPDATE sms_outbox SET batch_id = NULL WHERE batch_id IS NOT NULL`);
      await q.query(
        `ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_batch_fk FOREIGN KEY (batch_id) REFERENCES sms_batch(id) ON DELETE RESTRICT`,
      );
    }
    // Counts per batch and status (the batches table) read the index only.
    await q.query(`DROP INDEX IF EXISTS sms_outbox_batch_idx`);
    await q.query(`CREATE INDEX sms_outbox_batch_status_idx ON sms_outbox (batch_id, status) WHERE batch_id IS NOT NULL`);
    // The worker's claim order: transactional messages first, then bulk, oldest first.
    await q.query(`CREATE INDEX sms_outbox_claim_idx ON sms_outbox ((batch_id IS NOT NULL), id) WHERE status = 'queued'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS sms_outbox_claim_idx`);
    await q.query(`DROP INDEX IF EXISTS sms_outbox_batch_status_idx`);
    await q.query(`CREATE INDEX IF NOT EXISTS sms_outbox_batch_idx ON sms_outbox (batch_id) WHERE batch_id IS NOT NULL`);
    await q.query(`ALTER TABLE sms_outbox DROP CONSTRAINT IF EXISTS sms_outbox_batch_fk`);
    await q.query(`DROP TABLE sms_batch`);
  }
}
