import { describe, expect, it } from 'vitest';
import { bsFilterText, bsFilterValue } from './BsDateInput';

describe('a BS day typed into a date filter or field', () => {
  it('is the same AD day in Latin or Nepali digits, with or without an hour', () => {
    expect(bsFilterValue('2082-08-01', false)).toBe('2025-11-17');
    expect(bsFilterValue('२०८२-०८-०१', false)).toBe('2025-11-17');
    expect(bsFilterValue('२०८२-०८-०१ १०', true)).toBe('2025-11-17 10:00');
  });

  it('is not a day until it is whole, and nothing when empty', () => {
    expect(bsFilterValue('2082-08', false)).toBeUndefined();
    expect(bsFilterValue('  ', false)).toBeNull();
    expect(bsFilterText('2025-11-17')).toBe('2082-08-01');
  });
});
