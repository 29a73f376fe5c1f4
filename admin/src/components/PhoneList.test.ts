import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './PhoneList';

describe('the phone filter button counts the drawer’s filters that are on', () => {
  const sources = ['bike_model', 'branch', 'from', 'to', 'prize', 'from', 'to'];
  it('counts each source once, only when it holds a value', () => {
    expect(activeFilterCount({ bike_model: 3, from: '2025-11-17 00:00', to: '', prize: null }, sources)).toBe(2);
  });
  it('does not count a search shown outside the drawer', () => {
    expect(activeFilterCount({ phone: '9841', q: 'Ram' }, sources)).toBe(0);
  });
});
