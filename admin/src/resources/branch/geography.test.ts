import { describe, expect, it } from 'vitest';
import { cascade, State } from './geography';

const states: State[] = [
  {
    name: 'Bagmati',
    name_ne: 'बागमती',
    districts: [
      { name: 'Kathmandu', cities: [{ name: 'Kathmandu Metropolitan City' }, { name: 'Kirtipur' }] },
      { name: 'Lalitpur', cities: [{ name: 'Lalitpur Metropolitan City' }] },
    ],
  },
  { name: 'Gandaki', districts: [{ name: 'Kaski', cities: [{ name: 'Pokhara' }] }] },
];

describe('cascade', () => {
  it('offers only the districts of the chosen state and the cities of the chosen district', () => {
    const o = cascade(states, 'Bagmati', 'Kathmandu');
    expect(o.states.map((c) => c.id)).toEqual(['Bagmati', 'Gandaki']);
    expect(o.districts.map((c) => c.id)).toEqual(['Kathmandu', 'Lalitpur']);
    expect(o.cities.map((c) => c.id)).toEqual(['Kathmandu Metropolitan City', 'Kirtipur']);
  });

  it('offers nothing below an unchosen level', () => {
    const o = cascade(states, null, null);
    expect(o.districts).toEqual([]);
    expect(o.cities).toEqual([]);
  });

  it('keeps a stored value the list does not know, so an edit does not lose it', () => {
    const o = cascade(states, 'Gandaki', 'Kaski', 'Old Town');
    expect(o.cities.map((c) => c.id)).toEqual(['Old Town', 'Pokhara']);
  });
});
