import { MigrationInterface, QueryRunner } from 'typeorm';

/** The searchable columns of the tables that grow (paging.ts, `shortSearchByPrefix`). */
const COLUMNS: Record<string, string[]> = {
  preregistration: ['name', 'phone'],
  registration: ['name', 'phone', 'bill_no'],
  test_ride: ['name', 'phone', 'email'],
};

/**
 * A one- or two-letter search on pre-registrations, registrations and test rides matches the
 * start of a name, phone, bill number or email, from these indexes: the trigram indexes need
 * three letters, and `%q%` read every row in the caller's scope (issue #32's slow searches:
 * 1.5 s for one branch, 30 of them at once held the owner's sign-in at 1 s). The expression is
 * the one the search writes (`lower(column::text)`), so the planner matches it.
 */
export class ShortSearch1795550500000 implements MigrationInterface {
  name = 'ShortSearch1795550500000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(COLUMNS)) {
      for (const column of columns) {
        await q.query(`CREATE INDEX IF NOT EXISTS ${table}_${column}_prefix ON ${table} (lower(${column}::text) text_pattern_ops)`);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(COLUMNS)) {
      for (const column of columns) await q.query(`DROP INDEX IF EXISTS ${table}_${column}_prefix`);
    }
  }
}
