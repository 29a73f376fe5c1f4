import { describe, expect, it } from 'vitest';
import { prizeTiers, totals } from './analyticsData';
import { describeSeries, peak, percent, shortDay } from './chartMath';

describe('summaries', () => {
  const days = ['2026-11-20', '2026-11-21', '2026-11-22'];
  it('names the total and the first peak', () => {
    expect(peak(days, [3, 9, 9])).toEqual({ category: '2026-11-21', value: 9 });
    expect(describeSeries('Sales', days, [3, 9, 2])).toBe('Sales 14 in all, most 9 on 2026-11-21');
    expect(describeSeries('Sales', days, [0, 0, 0])).toBe('Sales none');
  });
  it('shortens a day and writes a share', () => {
    expect(shortDay('2026-11-05')).toBe('07-19 BS (11-05)');
    expect(shortDay('2025-11-24')).toBe('08-08 BS (11-24)');
    expect(percent(3, 7)).toBe('42.9%');
    expect(percent(1, 0)).toBe('—');
  });
});

describe('prizeTiers', () => {
  it('spreads the prize rows over every day of the period, biggest prize first', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22'];
    const tiers = prizeTiers(days, [
      { day: '2026-11-20', amount: 3000, allocated: 0, awarded: 4 },
      { day: '2026-11-21', amount: 100000, allocated: 2, awarded: 1 },
      { day: '2026-11-22', amount: 100000, allocated: 1, awarded: 0 },
      { day: '2026-10-01', amount: 5000, allocated: 9, awarded: 9 },
    ]);
    expect(tiers.map((t) => t.amount)).toEqual([100000, 3000]);
    expect(tiers[0]).toEqual({ amount: 100000, allocated: [0, 2, 1], awarded: [0, 1, 0], totalAllocated: 3, totalAwarded: 1 });
    expect(tiers[1].awarded).toEqual([4, 0, 0]);
  });
  it('adds up the activity counts', () => {
    expect(
      totals([
        { preregistrations: 2, verifications: 1, sales: 1, test_rides: 0 },
        { preregistrations: 3, verifications: 2, sales: 0, test_rides: 4 },
      ]),
    ).toEqual({ preregistrations: 5, verifications: 3, sales: 1, test_rides: 4 });
  });
});
