import { MigrationInterface, QueryRunner } from 'typeorm';

/** The citizenship number's unique index, under either name it may have (see OnePreregistrationPerCustomer), with its rows. */
const CITIZENSHIP_INDEXES: Record<string, string> = {
  preregistration_citizenship_uq: 'deleted_at IS NULL AND citizenship_no IS NOT NULL',
  preregistration_citizenship_open_uq: 'NOT purchased AND deleted_at IS NULL AND citizenship_no IS NOT NULL',
};

/**
 * The public enquiry tells no one another person's state (issue 32, finding 10):
 * - `enquiry_claim`: a public enquiry from a phone that already has a live pre-registration.
 *   It answers as a new record does (its own slug, code and tries, the code sent to the
 *   phone) but is not a pre-registration: no staff list, count, export or draw sees it and
 *   the one-per-customer indexes are untouched. Its right code opens the phone's existing
 *   record, and the claim is deleted in that transaction.
 * - `preregistration.held`: a public enquiry whose citizenship number another live record
 *   holds. It is saved, and staff see it with the message and a link to that record; its
 *   verification draws nothing while held. The citizenship number's unique index leaves held
 *   rows out (the one-per-customer rule for everyone else is unchanged).
 */
export class EnquiryClaims1795550400000 implements MigrationInterface {
  name = 'EnquiryClaims1795550400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE preregistration ADD COLUMN held boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE enquiry_claim (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        phone text NOT NULL,
        name text NOT NULL,
        lang text NOT NULL DEFAULT 'en',
        code text,
        code_expires_at timestamptz,
        code_attempts int NOT NULL DEFAULT 0 CHECK (code_attempts >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_claim_phone_idx ON enquiry_claim (phone)`);
    for (const name of await citizenshipIndexes(q)) {
      await q.query(`DROP INDEX ${name}`);
      await q.query(`CREATE UNIQUE INDEX ${name} ON preregistration (citizenship_no) WHERE ${CITIZENSHIP_INDEXES[name]} AND NOT held`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // Held records were never allowed before: they go to the trash, so the indexes hold again.
    await q.query(`UPDATE preregistration SET deleted_at = now() WHERE held AND deleted_at IS NULL`);
    for (const name of await citizenshipIndexes(q)) {
      await q.query(`DROP INDEX ${name}`);
      await q.query(`CREATE UNIQUE INDEX ${name} ON preregistration (citizenship_no) WHERE ${CITIZENSHIP_INDEXES[name]}`);
    }
    await q.query(`DROP TABLE enquiry_claim`);
    await q.query(`ALTER TABLE preregistration DROP COLUMN held`);
  }
}

async function citizenshipIndexes(q: QueryRunner): Promise<string[]> {
  const rows: Array<{ indexname: string }> = await q.query(
    `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'preregistration' AND indexname = ANY($1)`,
    [Object.keys(CITIZENSHIP_INDEXES)],
  );
  return rows.map((r) => r.indexname);
}
