/**
 * The arithmetic of the analytics page (the charts are drawn by @mui/x-charts): totals, peaks,
 * the spoken summaries of the charts' aria-labels, short day labels and shares. Pure, so it is tested.
 */
import { adToBs } from '@campaign/domain';

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The first category holding the highest value, or null when every value is 0. */
export function peak(categories: readonly string[], values: readonly number[]): { category: string; value: number } | null {
  let best = -1;
  values.forEach((v, i) => {
    if (v > 0 && (best < 0 || v > values[best])) best = i;
  });
  return best < 0 ? null : { category: categories[best], value: values[best] };
}

/** 'pre-registrations 120 in all, most 15 on 2026-11-20' for a chart's aria-label. */
export function describeSeries(name: string, categories: readonly string[], values: readonly number[]): string {
  const total = sum(values);
  const top = peak(categories, values);
  return top ? `${name} ${total} in all, most ${top.value} on ${top.category}` : `${name} none`;
}

/** 'YYYY-MM-DD' → '08-08 BS (11-24)' for a short axis label: the BS month and day first, the AD ones beside them (the period names the years). */
export function shortDay(day: string): string {
  const bs = adToBs(day);
  return bs ? `${bs.slice(5)} BS (${day.slice(5)})` : day;
}

/** A share as a percent with one decimal ('42.9%'), or '—' when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  if (!whole) return '—';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}
