import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One pre-registration per customer for the whole campaign, as the terms promise: per
 * phone, and per citizenship number or PAN where given. A purchase no longer frees the
 * phone or the number; only a deleted record does. The service checks first and names the
 * earlier record; these indexes answer a race past that check.
 *
 * A database that already holds a repeat customer (two live records of one phone or
 * number, allowed before) keeps the old per-open-record indexes: which record to drop is a
 * person's decision, not a migration's. The service refuses new repeats either way.
 */
export class OnePreregistrationPerCustomer1795543327729 implements MigrationInterface {
  name = 'OnePreregistrationPerCustomer1795543327729';

  async up(q: QueryRunner): Promise<void> {
    const [{ repeats }] = await q.query(
      `SELECT (EXISTS (SELECT 1 FROM preregistration WHERE deleted_at IS NULL GROUP BY phone HAVING count(*) > 1)
            OR EXISTS (SELECT 1 FROM preregistration WHERE deleted_at IS NULL AND citizenship_no IS NOT NULL GROUP BY citizenship_no HAVING count(*) > 1)) AS repeats`,
    );
    if (repeats) {
      q.connection.logger.log('warn', 'OnePreregistrationPerCustomer: repeat customers exist; the per-open-record unique indexes stay, the service refuses new repeats.');
      return;
    }
    await q.query(`CREATE UNIQUE INDEX preregistration_phone_uq ON preregistration (phone) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX preregistration_citizenship_uq ON preregistration (citizenship_no) WHERE deleted_at IS NULL AND citizenship_no IS NOT NULL`);
    await q.query(`DROP INDEX preregistration_phone_open_uq`);
    await q.query(`DROP INDEX preregistration_citizenship_open_uq`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX IF NOT EXISTS preregistration_phone_open_uq ON preregistration (phone) WHERE NOT purchased AND deleted_at IS NULL`);
    await q.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS preregistration_citizenship_open_uq ON preregistration (citizenship_no) WHERE NOT purchased AND deleted_at IS NULL AND citizenship_no IS NOT NULL`,
    );
    await q.query(`DROP INDEX IF EXISTS preregistration_phone_uq`);
    await q.query(`DROP INDEX IF EXISTS preregistration_citizenship_uq`);
  }
}
