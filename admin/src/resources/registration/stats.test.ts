import { describe, expect, it } from 'vitest';
import { formatPercent, percentChange, statCards } from './stats';

describe('percentChange', () => {
  it('is the change against yesterday in percent', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(10, 10)).toBe(0);
  });
  it('does not divide by zero', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(4, 0)).toBe(100);
  });
});

describe('formatPercent', () => {
  it('has two decimals and a sign for a rise', () => {
    expect(formatPercent(12.345)).toBe('+12.35%');
    expect(formatPercent(-3)).toBe('-3.00%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(100 / 3)).toBe('+33.33%');
  });
  it('does not show a signed zero', () => {
    expect(formatPercent(-0.001)).toBe('0.00%');
  });
});

describe('statCards', () => {
  it('compares the totals with themselves at the end of yesterday and daily sales with yesterday’s', () => {
    const cards = statCards({
      total: 110,
      preregistrations: 240,
      preregistrations_today: 40,
      preregistrations_yesterday: 30,
      sales_today: 10,
      sales_yesterday: 8,
    });
    expect(cards.map((c) => [c.title, c.value, formatPercent(c.change)])).toEqual([
      ['Total Sales', 110, '+10.00%'],
      ['Pre-Registrations', 240, '+20.00%'],
      ['Daily Sales', 10, '+25.00%'],
    ]);
  });
});
