import { describe, expect, it } from 'vitest';
// A second, independent table (another author's package), to check ours against.
import { toBik_euro } from 'bikram-sambat';
import { adToBs, bothCalendars, bsToAd, parseEitherDay } from './bs-date';

/**
 * Known BS / AD pairs at month and year edges: each one is the other package's answer and
 * agrees with the published new-year days (1 Baisakh 2081 = 13 April 2024, 1 Baisakh 2082 =
 * 14 April 2025) and the issue's own example (2082-08-08 = 2025-11-24).
 */
const PAIRS: Array<[bs: string, ad: string]> = [
  ['2000-01-01', '1943-04-14'],
  ['2081-01-01', '2024-04-13'],
  ['2081-02-01', '2024-05-14'],
  ['2081-03-01', '2024-06-15'],
  ['2081-04-01', '2024-07-16'],
  ['2081-05-01', '2024-08-17'],
  ['2081-06-01', '2024-09-17'],
  ['2081-07-01', '2024-10-17'],
  ['2081-08-01', '2024-11-16'],
  ['2081-09-01', '2024-12-16'],
  ['2081-10-01', '2025-01-14'],
  ['2081-11-01', '2025-02-13'],
  ['2081-12-01', '2025-03-14'],
  ['2081-12-31', '2025-04-13'],
  ['2082-01-01', '2025-04-14'],
  ['2082-02-01', '2025-05-15'],
  ['2082-03-01', '2025-06-15'],
  ['2082-03-32', '2025-07-16'],
  ['2082-04-01', '2025-07-17'],
  ['2082-07-01', '2025-10-18'],
  ['2082-08-01', '2025-11-17'],
  ['2082-08-08', '2025-11-24'],
  ['2082-09-01', '2025-12-16'],
  ['2082-10-01', '2026-01-15'],
  ['2082-12-01', '2026-03-15'],
  ['2082-12-30', '2026-04-13'],
  ['2083-01-01', '2026-04-14'],
];

describe('Bikram Sambat dates', () => {
  it.each(PAIRS)('%s BS is %s AD, both ways', (bs, ad) => {
    expect(adToBs(ad)).toBe(bs);
    expect(bsToAd(bs)).toBe(ad);
  });

  it('agrees with a second package on every day from 1 Baisakh 2000 to the end of 2083 BS', () => {
    const disagreements: string[] = [];
    let days = 0;
    for (let t = Date.UTC(1943, 3, 14); t < Date.UTC(2027, 3, 14); t += 86_400_000) {
      const ad = new Date(t).toISOString().slice(0, 10);
      days++;
      if (adToBs(ad) !== toBik_euro(ad)) disagreements.push(ad);
    }
    expect(days).toBeGreaterThan(30_000);
    expect(disagreements).toEqual([]);
  });

  it('refuses a day a BS month does not have, and days outside the tables', () => {
    expect(bsToAd('2082-08-30')).toBeUndefined(); // Mangsir 2082 has 29 days
    expect(bsToAd('2082-13-01')).toBeUndefined();
    expect(bsToAd('1999-01-01')).toBeUndefined();
    expect(adToBs('2025-02-30')).toBeUndefined();
    expect(adToBs('yesterday')).toBeUndefined();
    // Before and after the tables (BS 2000-2090): no made-up day.
    expect(adToBs('1900-01-01')).toBeUndefined();
    expect(adToBs('2100-06-01')).toBeUndefined();
  });

  it('reads a typed day in either calendar and writes BS first with AD beside it', () => {
    expect(parseEitherDay('2082-08-08')).toBe('2025-11-24');
    expect(parseEitherDay('2082-08-08 BS')).toBe('2025-11-24');
    expect(parseEitherDay('2025-11-24')).toBe('2025-11-24');
    expect(parseEitherDay('2025-11-24 AD')).toBe('2025-11-24');
    expect(parseEitherDay('2082-08-30')).toBeUndefined();
    expect(bothCalendars('2025-11-24')).toBe('2082-08-08 BS (2025-11-24)');
  });
});
