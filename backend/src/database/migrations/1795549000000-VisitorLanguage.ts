import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a visitor used (#15): their SMS go out in it. Earlier records and staff-made ones read English. */
export class VisitorLanguage1795549000000 implements MigrationInterface {
  name = 'VisitorLanguage1795549000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['preregistration', 'test_ride']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'ne'))`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['preregistration', 'test_ride']) await q.query(`ALTER TABLE ${table} DROP COLUMN lang`);
  }
}
