import { describe, expect, it } from 'vitest';
import { nepalDate, nepalDateTime, nepalToday, staffDate } from './format';

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
  it('shows the Nepal day in BS first, the AD day beside it, and the 24-hour wall-clock time in Nepal (UTC+05:45)', () => {
    expect(nepalDateTime('2026-11-21T18:16:00Z')).toBe('2083-08-06 BS (2026-11-22) 00:01');
    expect(nepalDateTime('2026-11-21T06:00:00Z')).toBe('2083-08-05 BS (2026-11-21) 11:45');
    expect(nepalDateTime('2025-11-24T08:20:00Z')).toBe('2082-08-08 BS (2025-11-24) 14:05');
  });
});

describe('staffDate', () => {
  it('shows a day BS first with AD beside it, on the Nepal day', () => {
    expect(staffDate('2025-11-24T18:14:00Z')).toBe('2082-08-08 BS (2025-11-24)');
    expect(staffDate('2025-11-24T18:16:00Z')).toBe('2082-08-09 BS (2025-11-25)');
    expect(staffDate(null)).toBe('');
  });
});
