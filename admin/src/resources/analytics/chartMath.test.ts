import { describe, expect, it } from 'vitest';
import { prizeTiers, totals } from './analyticsData';
import { bands, describeSeries, labelStep, linePath, niceScale, peak, percent, scaleLinear, shortDay } from './chartMath';

describe('niceScale', () => {
  it('rounds the top up to a 1-2-5 step and lists the ticks from 0', () => {
    expect(niceScale(23)).toEqual({ max: 25, step: 5, ticks: [0, 5, 10, 15, 20, 25] });
    expect(niceScale(100)).toEqual({ max: 100, step: 20, ticks: [0, 20, 40, 60, 80, 100] });
    expect(niceScale(7)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(1234).step).toBe(500);
    expect(niceScale(1234).max).toBe(1500);
  });
  it('never steps below 1 for small counts', () => {
    expect(niceScale(3)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(1)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
  });
  it('gives an empty or broken series a 0..1 axis', () => {
    expect(niceScale(0)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale(Number.NaN)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale(-4)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
  });
  it('always covers the value', () => {
    for (const v of [1, 9, 11, 49, 51, 99, 101, 999, 1001, 123456]) expect(niceScale(v).max).toBeGreaterThanOrEqual(v);
  });
});

describe('scaleLinear and bands', () => {
  it('maps counts onto pixels, clamping below 0', () => {
    const y = scaleLinear(25, 200);
    expect(y(0)).toBe(0);
    expect(y(25)).toBe(200);
    expect(y(10)).toBe(80);
    expect(y(-3)).toBe(0);
    expect(scaleLinear(0, 200)(5)).toBe(0);
  });
  it('splits a length into equal padded bands', () => {
    const b = bands(4, 400, 0.2);
    expect(b.band).toBe(100);
    expect(b.inner).toBe(80);
    expect(b.start(0)).toBe(10);
    expect(b.start(3)).toBe(310);
    expect(b.centre(1)).toBe(150);
  });
});

describe('labelStep', () => {
  it('thins the axis labels so at most max show', () => {
    expect(labelStep(7, 10)).toBe(1);
    expect(labelStep(30, 10)).toBe(3);
    expect(labelStep(31, 10)).toBe(4);
  });
});

describe('linePath', () => {
  it('draws a path through the points, rounded to a tenth of a pixel', () => {
    expect(
      linePath([
        [0, 10],
        [12.345, 5],
        [20, 0],
      ]),
    ).toBe('M0 10 L12.3 5 L20 0');
    expect(linePath([])).toBe('');
  });
});

describe('summaries', () => {
  const days = ['2026-11-20', '2026-11-21', '2026-11-22'];
  it('names the total and the first peak', () => {
    expect(peak(days, [3, 9, 9])).toEqual({ category: '2026-11-21', value: 9 });
    expect(describeSeries('Sales', days, [3, 9, 2])).toBe('Sales 14 in all, most 9 on 2026-11-21');
    expect(describeSeries('Sales', days, [0, 0, 0])).toBe('Sales none');
  });
  it('shortens a day and writes a share', () => {
    expect(shortDay('2026-11-05')).toBe('5 Nov');
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
