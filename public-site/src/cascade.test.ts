import { describe, expect, it } from 'vitest';
import { branchesFor, citiesOf, districtsOf, geographyFromBranches, pickBranch, type Province } from './cascade';

const GEO: Province[] = [
  {
    name: 'Bagmati',
    districts: [
      { name: 'Kathmandu', cities: [{ name: 'Kathmandu Metropolitan City' }, { name: 'Kirtipur Municipality' }] },
      { name: 'Lalitpur', cities: [{ name: 'Lalitpur Metropolitan City' }] },
      { name: 'Dolakha', cities: [{ name: 'Bhimeshwar Municipality' }] },
    ],
  },
  { name: 'Karnali', districts: [{ name: 'Surkhet', cities: [{ name: 'Birendranagar Municipality' }] }] },
];

const B = (id: number, state: string, district: string, city: string) => ({ id, title: `B${id}`, state, district, city });
const BRANCHES = [
  B(1, 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City'),
  B(2, 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City'),
  B(3, 'Bagmati', 'Lalitpur', 'Lalitpur Metropolitan City'),
  B(4, 'Gandaki', 'Kaski', 'Pokhara Metropolitan City'),
];

describe('districtsOf / citiesOf', () => {
  it('cascades from state to districts to cities', () => {
    expect(districtsOf(GEO, 'Bagmati').map((d) => d.name)).toEqual(['Kathmandu', 'Lalitpur', 'Dolakha']);
    expect(citiesOf(GEO, 'Bagmati', 'Kathmandu').map((c) => c.name)).toEqual(['Kathmandu Metropolitan City', 'Kirtipur Municipality']);
  });

  it('answers nothing for unknown or unchosen places', () => {
    expect(districtsOf(GEO, '')).toEqual([]);
    expect(districtsOf(GEO, 'Atlantis')).toEqual([]);
    expect(citiesOf(GEO, 'Karnali', 'Kathmandu')).toEqual([]);
  });
});

describe('branchesFor', () => {
  it('offers all branches before a state is chosen', () => {
    expect(branchesFor(BRANCHES, {})).toEqual({ branches: BRANCHES, scope: 'all', wanted: 'all', nearby: [] });
  });

  it('filters by state, then district, then city', () => {
    expect(branchesFor(BRANCHES, { state: 'Bagmati' }).branches.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(branchesFor(BRANCHES, { state: 'Bagmati', district: 'Lalitpur' }).branches.map((b) => b.id)).toEqual([3]);
    const city = branchesFor(BRANCHES, { state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City' });
    expect(city.branches.map((b) => b.id)).toEqual([1, 2]);
    expect(city.scope).toBe('city');
  });

  it("offers no branch of another city: a city without one names the district's cities that have one", () => {
    const kirtipur = branchesFor(BRANCHES, { state: 'Bagmati', district: 'Kathmandu', city: 'Kirtipur Municipality' });
    expect(kirtipur).toEqual({
      branches: [],
      scope: 'city',
      wanted: 'city',
      nearby: [{ district: 'Kathmandu', city: 'Kathmandu Metropolitan City' }],
    });
    expect(pickBranch(kirtipur, '', true)).toBe('');
    // The district has none: the province's cities that have one.
    const dolakha = branchesFor(BRANCHES, { state: 'Bagmati', district: 'Dolakha', city: 'Bhimeshwar Municipality' });
    expect(dolakha.branches).toEqual([]);
    expect(dolakha.nearby).toEqual([
      { district: 'Kathmandu', city: 'Kathmandu Metropolitan City' },
      { district: 'Lalitpur', city: 'Lalitpur Metropolitan City' },
    ]);
  });

  it('never pre-selects a showroom of another province', () => {
    const karnali = branchesFor(BRANCHES, { state: 'Karnali', district: 'Surkhet', city: 'Birendranagar Municipality' });
    expect(karnali).toMatchObject({ branches: [], nearby: [] });
    expect(pickBranch(karnali, '4', true)).toBe('');
  });

  it('before a city, falls back from the district to the province', () => {
    expect(branchesFor(BRANCHES, { state: 'Bagmati', district: 'Dolakha' })).toMatchObject({ scope: 'state', wanted: 'district' });
    expect(branchesFor(BRANCHES, { state: 'Karnali', district: 'Surkhet' })).toMatchObject({ scope: 'all', wanted: 'district' });
  });

  it('compares names without regard to case or surrounding spaces', () => {
    expect(branchesFor(BRANCHES, { state: ' bagmati ', district: 'LALITPUR' }).branches.map((b) => b.id)).toEqual([3]);
  });
});

describe('pickBranch', () => {
  it('pre-selects the first branch once a city is chosen', () => {
    const choice = branchesFor(BRANCHES, { state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City' });
    expect(pickBranch(choice, '', true)).toBe('1');
  });

  it('keeps a still-offered choice and clears one that is gone', () => {
    const choice = branchesFor(BRANCHES, { state: 'Bagmati' });
    expect(pickBranch(choice, '3', false)).toBe('3');
    expect(pickBranch(choice, '4', false)).toBe('');
  });
});

describe('geographyFromBranches', () => {
  it('builds the cascade from the branches when the geography call failed', () => {
    const geo = geographyFromBranches(BRANCHES);
    expect(geo.map((p) => p.name)).toEqual(['Bagmati', 'Gandaki']);
    expect(districtsOf(geo, 'Bagmati').map((d) => d.name)).toEqual(['Kathmandu', 'Lalitpur']);
    expect(citiesOf(geo, 'Bagmati', 'Kathmandu')).toEqual([{ name: 'Kathmandu Metropolitan City' }]);
  });
});
