/** Cascading State > District > City > Branch choices of the booking dialog. Pure. */

export interface Place {
  name: string;
  name_ne?: string;
}
export interface District extends Place {
  cities: Place[];
}
export interface Province extends Place {
  districts: District[];
}
export interface BranchLike {
  id: number;
  title: string;
  state: string;
  district: string;
  city: string;
  /** The places' Nepali names, as GET /branches gives them. */
  state_ne?: string | null;
  district_ne?: string | null;
  city_ne?: string | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The Nepali names of a place from the geography (each undefined where it has none). */
export function nepaliNames(geo: Province[], place: { state?: string; district?: string; city?: string }) {
  const province = geo.find((p) => same(p.name, place.state));
  const district = province?.districts.find((d) => same(d.name, place.district));
  const city = district?.cities.find((c) => same(c.name, place.city));
  return { state: province?.name_ne, district: district?.name_ne, city: city?.name_ne };
}

export function districtsOf(geo: Province[], state: string): District[] {
  return geo.find((p) => same(p.name, state))?.districts ?? [];
}

export function citiesOf(geo: Province[], state: string, district: string): Place[] {
  return districtsOf(geo, state).find((d) => same(d.name, district))?.cities ?? [];
}

/** Which level the offered branches come from. */
export type BranchScope = 'all' | 'state' | 'district' | 'city';

export interface BranchChoice<B> {
  branches: B[];
  /** The level actually offered. */
  scope: BranchScope;
  /** The level the visitor asked for (most specific place chosen). */
  wanted: BranchScope;
  /**
   * A chosen city without a showroom: the places nearby that have one (the district's
   * cities, else the province's), for the visitor to choose instead. Empty otherwise.
   */
  nearby: { district: string; city: string }[];
}

/**
 * Branches for the chosen place. Once a city is chosen, only that city's branches (the
 * options are limited to the chosen city), none when it has none (then `nearby` names the
 * district's cities that do). Before a city: the district's, else the province's, else all
 * (the dialog says which). Nothing chosen: all branches.
 */
export function branchesFor<B extends BranchLike>(
  branches: B[],
  place: { state?: string; district?: string; city?: string },
): BranchChoice<B> {
  const inState = (b: B) => same(b.state, place.state);
  const inDistrict = (b: B) => inState(b) && same(b.district, place.district);
  if (place.state && place.district && place.city) {
    const found = branches.filter((b) => inDistrict(b) && same(b.city, place.city));
    if (found.length) return { branches: found, scope: 'city', wanted: 'city', nearby: [] };
    const around = branches.filter(inDistrict);
    return { branches: [], scope: 'city', wanted: 'city', nearby: placesOf(around.length ? around : branches.filter(inState)) };
  }
  const levels: [BranchScope, (b: B) => boolean][] = [];
  if (place.state) {
    if (place.district) levels.push(['district', inDistrict]);
    levels.push(['state', inState]);
  }
  const wanted: BranchScope = levels[0]?.[0] ?? 'all';
  for (const [scope, keep] of levels) {
    const found = branches.filter(keep);
    if (found.length) return { branches: found, scope, wanted, nearby: [] };
  }
  return { branches, scope: 'all', wanted, nearby: [] };
}

/** The distinct district/city pairs of some branches, in the branches' order. */
function placesOf(branches: BranchLike[]): { district: string; city: string }[] {
  const seen = new Map<string, { district: string; city: string }>();
  for (const b of branches) {
    if (!b.city) continue;
    const key = `${b.district.trim().toLowerCase()}|${b.city.trim().toLowerCase()}`;
    if (!seen.has(key)) seen.set(key, { district: b.district, city: b.city });
  }
  return [...seen.values()];
}

/**
 * The branch to select after the choices changed: keep the current one if still offered,
 * else the first once a city is chosen. Only ever one of the offered branches, so never a
 * showroom outside the chosen city.
 */
export function pickBranch<B extends BranchLike>(choice: BranchChoice<B>, current: string, cityChosen: boolean): string {
  if (current && choice.branches.some((b) => String(b.id) === current)) return current;
  return cityChosen && choice.branches.length ? String(choice.branches[0].id) : '';
}

/** When /geography cannot be read, the places that have a branch still make a usable cascade. */
export function geographyFromBranches(branches: BranchLike[]): Province[] {
  const provinces = new Map<string, Map<string, Set<string>>>();
  // The Nepali name the branches give each place, by level and name.
  const ne = new Map<string, string>();
  const keep = (level: string, name: string, nepali: string | null | undefined) => nepali && ne.set(`${level}|${name}`, nepali);
  for (const b of branches) {
    if (!b.state || !b.district) continue;
    const districts = provinces.get(b.state) ?? provinces.set(b.state, new Map()).get(b.state)!;
    const cities = districts.get(b.district) ?? districts.set(b.district, new Set()).get(b.district)!;
    if (b.city) cities.add(b.city);
    keep('state', b.state, b.state_ne);
    keep('district', b.district, b.district_ne);
    keep('city', b.city, b.city_ne);
  }
  const place = (level: string, name: string): Place => {
    const nepali = ne.get(`${level}|${name}`);
    return nepali ? { name, name_ne: nepali } : { name };
  };
  const byName = (a: Place, b: Place) => a.name.localeCompare(b.name);
  return [...provinces]
    .map(([name, districts]) => ({
      ...place('state', name),
      districts: [...districts]
        .map(([d, cities]) => ({ ...place('district', d), cities: [...cities].map((c) => place('city', c)).sort(byName) }))
        .sort(byName),
    }))
    .sort(byName);
}
