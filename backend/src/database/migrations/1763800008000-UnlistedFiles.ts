import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files attached to one record (a pre-registration's screenshot: a customer's post) are
 * not catalogue images: the shared file picker, which every signed-in user of every branch
 * can open, must not list them, and no catalogue record may take one as its image.
 */
export class UnlistedFiles1763800008000 implements MigrationInterface {
  name = 'UnlistedFiles1763800008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE file ADD COLUMN listed boolean NOT NULL DEFAULT true`);
    await q.query(`UPDATE file SET listed = false WHERE id IN (SELECT screenshot_id FROM preregistration WHERE screenshot_id IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE file DROP COLUMN listed`);
  }
}
