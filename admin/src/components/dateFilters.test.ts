import { describe, expect, it } from 'vitest';
import { addDays, dayParam, hourInputValue, hourParam } from './dateFilters';

describe('hourParam', () => {
  it("sends a date-time picker's value as 'YYYY-MM-DD HH:mm' on the whole hour", () => {
    expect(hourParam('2026-11-21T10:37')).toBe('2026-11-21 10:00');
    expect(hourParam('2026-11-21T00:00')).toBe('2026-11-21 00:00');
    expect(hourParam('2026-11-21T23:59:30')).toBe('2026-11-21 23:00');
    expect(hourParam('2026-11-21 08:15')).toBe('2026-11-21 08:00');
  });
  it('gives no filter for an empty picker, and passes other text on for the server to refuse', () => {
    expect(hourParam('')).toBeNull();
    expect(hourParam(null)).toBeNull();
    expect(hourParam('yesterday')).toBe('yesterday');
  });
});

describe('hourInputValue', () => {
  it('shows a stored filter in the datetime-local picker', () => {
    expect(hourInputValue('2026-11-21 10:00')).toBe('2026-11-21T10:00');
    expect(hourInputValue('2026-11-21T10:00')).toBe('2026-11-21T10:00');
    expect(hourInputValue(undefined)).toBe('');
  });
  it('round-trips with hourParam', () => {
    expect(hourParam(hourInputValue('2026-01-05 07:00'))).toBe('2026-01-05 07:00');
  });
});

describe('dayParam and addDays', () => {
  it('keeps a day and drops anything else', () => {
    expect(dayParam('2026-11-21')).toBe('2026-11-21');
    expect(dayParam('')).toBeNull();
    expect(dayParam('21/11/2026')).toBeNull();
  });
  it('moves by calendar days across months and years', () => {
    expect(addDays('2026-11-21', -29)).toBe('2026-10-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
