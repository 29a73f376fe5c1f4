import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Nepali twins of the names visitors read (#35): a model's title and showcase line, a
 * showroom's title and location, a winner video's title. Null until head office writes one;
 * the Nepali site then shows the English name (a proper name is often the same in both).
 */
export class NepaliNames1795550700000 implements MigrationInterface {
  name = 'NepaliNames1795550700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bike_model ADD COLUMN title_ne text, ADD COLUMN tagline_ne text`);
    await q.query(`ALTER TABLE branch ADD COLUMN title_ne text, ADD COLUMN location_ne text`);
    await q.query(`ALTER TABLE video ADD COLUMN title_ne text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE video DROP COLUMN title_ne`);
    await q.query(`ALTER TABLE branch DROP COLUMN title_ne, DROP COLUMN location_ne`);
    await q.query(`ALTER TABLE bike_model DROP COLUMN title_ne, DROP COLUMN tagline_ne`);
  }
}
