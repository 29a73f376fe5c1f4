import { describe, expect, it } from 'vitest';
import { nepalDate, nepalDateTime, nepalToday } from './format';

describe('nepalDate', () => {
  it("puts an instant on Nepal's day: midnight there is 18:15 UTC", () => {
    expect(nepalDate('2026-11-21T18:14:00Z')).toBe('2026-11-21');
    expect(nepalDate('2026-11-21T18:16:00Z')).toBe('2026-11-22');
  });
  it('answers empty text for nothing or nonsense', () => {
    expect(nepalDate(null)).toBe('');
    expect(nepalDate('not a date')).toBe('');
  });
  it('gives today in Nepal', () => {
    expect(nepalToday(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
  });
});

describe('nepalDateTime', () => {
  it('shows the wall-clock time in Nepal (UTC+05:45)', () => {
    expect(nepalDateTime('2026-11-21T18:16:00Z')).toBe('2026-11-22 00:01');
    expect(nepalDateTime('2026-11-21T06:00:00Z')).toBe('2026-11-21 11:45');
  });
});
