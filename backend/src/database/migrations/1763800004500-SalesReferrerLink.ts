import { MigrationInterface, QueryRunner } from 'typeorm';

/** A registration's traffic source (referred_by) points at the referrer table, which TestRideSchema creates. */
export class SalesReferrerLink1763800004500 implements MigrationInterface {
  name = 'SalesReferrerLink1763800004500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE registration ADD CONSTRAINT registration_referred_by_fk FOREIGN KEY (referred_by) REFERENCES referrer(id) ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registration DROP CONSTRAINT registration_referred_by_fk`);
  }
}
