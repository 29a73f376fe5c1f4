import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FieldErrors } from '../../common/http/errors';

export interface GeoPlace {
  name: string;
  name_ne: string;
}
export interface GeoDistrict extends GeoPlace {
  cities: GeoPlace[];
}
export interface GeoProvince extends GeoPlace {
  districts: GeoDistrict[];
}

export interface Geography {
  tree: GeoProvince[];
  /** The JSON answer of GET /geography and its ETag, made once. */
  body: string;
  etag: string;
}

/** A state/district/city triple as stored: the geography's own spelling. */
export interface Place {
  state: string;
  district: string;
  city: string;
}

const key = (s: string) => s.trim().toLowerCase();

/** A state > district > city in the tree, case-insensitively (each level undefined where it is not). */
function find(tree: GeoProvince[], place: Place) {
  const province = tree.find((p) => key(p.name) === key(place.state));
  const district = province?.districts.find((d) => key(d.name) === key(place.district));
  const city = district?.cities.find((c) => key(c.name) === key(place.city));
  return { province, district, city };
}

/**
 * Nepal's provinces (states), districts and local levels (cities), loaded once: they
 * change only with a migration, which comes with a restart.
 */
@Injectable()
export class GeographyService {
  private loaded?: Promise<Geography>;

  constructor(private readonly dataSource: DataSource) {}

  get(): Promise<Geography> {
    if (!this.loaded) {
      this.loaded = this.load();
      this.loaded.catch(() => (this.loaded = undefined));
    }
    return this.loaded;
  }

  /**
   * Checks a state > district > city choice, case-insensitively, and answers it in the
   * geography's spelling, or the errors under each wrong field.
   */
  async resolve(input: Place): Promise<{ place: Place } | { errors: FieldErrors }> {
    const { tree } = await this.get();
    const errors: FieldErrors = {};
    const { province, district, city } = find(tree, input);
    if (!province) errors.state = ['The selected state is invalid.'];
    else if (!district) errors.district = ['The selected district is not in the selected state.'];
    else if (!city) errors.city = ['The selected city is not in the selected district.'];
    if (!province || !district || !city) return { errors };
    return { place: { state: province.name, district: district.name, city: city.name } };
  }

  /**
   * The Nepali names of a stored place, by its state > district > city (each null when not in
   * the geography: a branch saved before its place was checked).
   */
  async nepaliOf(places: Place[]): Promise<Array<{ state_ne: string | null; district_ne: string | null; city_ne: string | null }>> {
    const { tree } = await this.get();
    return places.map((place) => {
      const { province, district, city } = find(tree, place);
      return { state_ne: province?.name_ne ?? null, district_ne: district?.name_ne ?? null, city_ne: city?.name_ne ?? null };
    });
  }

  private async load(): Promise<Geography> {
    const rows: Array<{ p: string; p_ne: string; d: string; d_ne: string; c: string; c_ne: string }> = await this.dataSource.query(
      `SELECT p.name AS p, p.name_ne AS p_ne, d.name AS d, d.name_ne AS d_ne, l.name AS c, l.name_ne AS c_ne
         FROM geo_province p
         JOIN geo_district d ON d.province_id = p.id
         JOIN geo_local_level l ON l.district_id = d.id
        ORDER BY p.id, d.name, l.name`,
    );
    const tree: GeoProvince[] = [];
    for (const r of rows) {
      let province = tree[tree.length - 1];
      if (province?.name !== r.p) tree.push((province = { name: r.p, name_ne: r.p_ne, districts: [] }));
      let district = province.districts[province.districts.length - 1];
      if (district?.name !== r.d) province.districts.push((district = { name: r.d, name_ne: r.d_ne, cities: [] }));
      district.cities.push({ name: r.c, name_ne: r.c_ne });
    }
    const body = JSON.stringify({ data: tree });
    return { tree, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
}
