import { describe, expect, it } from 'vitest';
import { nepalDate, nepalDateTime, nepalToday, prizeLabel, rupees } from './format';

describe('rupees', () => {
  it('groups digits the Indian way', () => {
    expect(rupees(5000)).toBe('Rs. 5,000');
    expect(rupees(100000)).toBe('Rs. 1,00,000');
    expect(rupees(0)).toBe('Rs. 0');
  });
  it('shows a dash for no amount', () => {
    expect(rupees(null)).toBe('—');
    expect(rupees(undefined)).toBe('—');
  });
});

describe('prizeLabel', () => {
  it('names the big prizes and prints the others in rupees', () => {
    expect(prizeLabel(100000)).toBe('One Lakh');
    expect(prizeLabel(900000)).toBe('Nine Lakh');
    expect(prizeLabel(3500)).toBe('Rs. 3,500');
  });
});

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
