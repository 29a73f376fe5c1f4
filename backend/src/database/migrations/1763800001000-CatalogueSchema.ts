import { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalogue: uploaded files, bike models, winner videos, settings, Nepal's geography. */
export class CatalogueSchema1763800001000 implements MigrationInterface {
  name = 'CatalogueSchema1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE file (
        id serial PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('image','file')),
        filename text NOT NULL UNIQUE,
        thumbnail_filename text,
        original_name text NOT NULL DEFAULT '',
        mime text NOT NULL,
        size int NOT NULL,
        width int,
        height int,
        created_by int REFERENCES "user"(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX file_type_idx ON file (type, id DESC)`);
    await q.query(`
      CREATE TABLE bike_model (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        thumbnail_id int REFERENCES file(id) ON DELETE SET NULL,
        "order" int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX bike_model_title_uq ON bike_model (lower(title))`);
    await q.query(`
      CREATE TABLE video (
        id serial PRIMARY KEY,
        title text NOT NULL,
        url text NOT NULL,
        amount int NOT NULL CHECK (amount >= 0),
        phone text,
        citizenship_no text,
        registration_id int,
        thumbnail_id int REFERENCES file(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX video_amount_idx ON video (amount, id DESC)`);
    await q.query(`
      CREATE TABLE setting (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE geo_province (
        id serial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        name_ne text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE geo_district (
        id serial PRIMARY KEY,
        province_id int NOT NULL REFERENCES geo_province(id),
        name text NOT NULL UNIQUE,
        name_ne text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE geo_local_level (
        id serial PRIMARY KEY,
        district_id int NOT NULL REFERENCES geo_district(id),
        name text NOT NULL,
        name_ne text NOT NULL,
        kind text NOT NULL DEFAULT '',
        UNIQUE (district_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['geo_local_level', 'geo_district', 'geo_province', 'setting', 'video', 'bike_model', 'file']) await q.query(`DROP TABLE ${t}`);
  }
}
