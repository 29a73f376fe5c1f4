/** GET /stats, as the backend builds it. */
export type { StatsAnswer as Stats } from '@campaign/domain';
import type { StatsAnswer as Stats } from '@campaign/domain';

export const CAPTCHA_OFF_WARNING =
  'The public forms run without a captcha (CAPTCHA=off). Set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY and remove CAPTCHA=off to protect them.';

/** The stats refresh every 60000 ms. */
export const STATS_REFRESH_MS = 60_000;

/**
 * Change of `now` against `before`, in percent. From nothing: 0 when still nothing, 100
 * when something came (there is no percentage of zero).
 */
export function percentChange(now: number, before: number): number {
  if (!before) return now ? 100 : 0;
  return ((now - before) / before) * 100;
}

/** '+12.50%', '-3.00%', '0.00%' (two decimals). */
export function formatPercent(p: number): string {
  const fixed = Math.abs(p) < 0.005 ? '0.00' : p.toFixed(2);
  return `${p >= 0.005 ? '+' : ''}${fixed}%`;
}

export interface StatCard {
  title: 'Total Sales' | 'Pre-Registrations' | 'Daily Sales';
  value: number;
  change: number;
}

/**
 * The three cards, each number against what it was yesterday (docs/decisions.md): the two
 * totals against themselves at the end of yesterday (the total less today's), daily sales
 * against yesterday's sales.
 */
export function statCards(s: Omit<Stats, 'test_rides' | 'test_rides_today' | 'test_rides_yesterday'>): StatCard[] {
  return [
    { title: 'Total Sales', value: s.total, change: percentChange(s.total, s.total - s.sales_today) },
    {
      title: 'Pre-Registrations',
      value: s.preregistrations,
      change: percentChange(s.preregistrations, s.preregistrations - s.preregistrations_today),
    },
    { title: 'Daily Sales', value: s.sales_today, change: percentChange(s.sales_today, s.sales_yesterday) },
  ];
}
