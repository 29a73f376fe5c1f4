import type { Analytics, Counts } from './useAnalytics';

/** The four activity measures, in the order the charts and tables show them. */
export const METRICS: Array<{
  key: keyof Counts;
  name: string;
  color: string;
  dash?: string;
  marker: 'circle' | 'square' | 'triangle' | 'diamond';
}> = [
  { key: 'preregistrations', name: 'Pre-registrations', color: '#0072B2', marker: 'circle' },
  { key: 'verifications', name: 'Verifications', color: '#E69F00', dash: '6 3', marker: 'square' },
  { key: 'sales', name: 'Sales', color: '#009E73', dash: '2 3', marker: 'triangle' },
  { key: 'test_rides', name: 'Test rides', color: '#CC79A7', dash: '10 3 2 3', marker: 'diamond' },
];

export const ALLOCATED_COLOR = '#56B4E9';
export const AWARDED_COLOR = '#D55E00';

export function totals(rows: Counts[]): Counts {
  return rows.reduce(
    (t, r) => ({
      preregistrations: t.preregistrations + r.preregistrations,
      verifications: t.verifications + r.verifications,
      sales: t.sales + r.sales,
      test_rides: t.test_rides + r.test_rides,
    }),
    { preregistrations: 0, verifications: 0, sales: 0, test_rides: 0 },
  );
}

export interface PrizeTier {
  amount: number;
  allocated: number[];
  awarded: number[];
  totalAllocated: number;
  totalAwarded: number;
}

/**
 * The prize rows (day, amount, allocated, awarded) as one series pair per amount over every
 * day of the period (missing days are 0), biggest prize first.
 */
export function prizeTiers(days: string[], prizes: Analytics['prizes']): PrizeTier[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const tiers = new Map<number, PrizeTier>();
  for (const p of prizes) {
    const i = index.get(p.day);
    if (i === undefined) continue;
    let t = tiers.get(p.amount);
    if (!t) {
      t = { amount: p.amount, allocated: days.map(() => 0), awarded: days.map(() => 0), totalAllocated: 0, totalAwarded: 0 };
      tiers.set(p.amount, t);
    }
    t.allocated[i] += p.allocated;
    t.awarded[i] += p.awarded;
    t.totalAllocated += p.allocated;
    t.totalAwarded += p.awarded;
  }
  return [...tiers.values()].sort((a, b) => b.amount - a.amount);
}
