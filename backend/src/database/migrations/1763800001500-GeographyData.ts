import { MigrationInterface, QueryRunner } from 'typeorm';
import geography from '../seeds/geography/nepal.json';

interface Place {
  name: string;
  name_ne: string;
}
export interface GeoProvinceSeed extends Place {
  districts: Array<Place & { local_levels: Array<Place & { kind: string }> }>;
}

/** Nepal's provinces, districts and local levels (seeds/geography/NOTICE.md), three statements. */
export class GeographyData1763800001500 implements MigrationInterface {
  name = 'GeographyData1763800001500';

  async up(q: QueryRunner): Promise<void> {
    const provinces = geography as GeoProvinceSeed[];
    const districts = provinces.flatMap((p) => p.districts.map((d) => ({ ...d, province: p.name })));
    const levels = districts.flatMap((d) => d.local_levels.map((l) => ({ ...l, district: d.name })));
    await q.query(
      `INSERT INTO geo_province (name, name_ne)
       SELECT t.name, t.name_ne FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(name, name_ne, n) ORDER BY t.n`,
      [provinces.map((p) => p.name), provinces.map((p) => p.name_ne)],
    );
    await q.query(
      `INSERT INTO geo_district (province_id, name, name_ne)
       SELECT p.id, t.name, t.name_ne FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(province, name, name_ne, n)
       JOIN geo_province p ON p.name = t.province ORDER BY t.n`,
      [districts.map((d) => d.province), districts.map((d) => d.name), districts.map((d) => d.name_ne)],
    );
    await q.query(
      `INSERT INTO geo_local_level (district_id, name, name_ne, kind)
       SELECT d.id, t.name, t.name_ne, t.kind FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(district, name, name_ne, kind, n)
       JOIN geo_district d ON d.name = t.district ORDER BY t.n`,
      [levels.map((l) => l.district), levels.map((l) => l.name), levels.map((l) => l.name_ne), levels.map((l) => l.kind)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM geo_local_level`);
    await q.query(`DELETE FROM geo_district`);
    await q.query(`DELETE FROM geo_province`);
  }
}
