import { MigrationInterface, QueryRunner } from 'typeorm';

/** The landing page's model showcase (#19): a line of text and a price ('from' or exact) per model, edited in the admin. */
export class BikeModelShowcase1795547000000 implements MigrationInterface {
  name = 'BikeModelShowcase1795547000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE bike_model ADD COLUMN tagline text, ADD COLUMN price int CHECK (price IS NULL OR price > 0), ADD COLUMN price_from boolean NOT NULL DEFAULT false`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bike_model DROP COLUMN tagline, DROP COLUMN price, DROP COLUMN price_from`);
  }
}
