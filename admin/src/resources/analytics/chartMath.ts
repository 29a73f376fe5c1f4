/**
 * The arithmetic of the analytics charts (our own SVG, no chart library): axis scales with
 * round ticks, positions, label thinning and the spoken summaries. Pure, so it is tested.
 */

export interface Scale {
  /** Top of the axis (>= the data's maximum), a multiple of `step`. */
  max: number;
  step: number;
  ticks: number[];
}

/**
 * A 0-based axis for counts up to `value` with about `count` round ticks (1, 2 or 5 times
 * a power of ten; never below 1, as counts are whole). An empty series still gets 0..1.
 */
export function niceScale(value: number, count = 5): Scale {
  const top = Number.isFinite(value) && value > 0 ? value : 0;
  if (top === 0) return { max: 1, step: 1, ticks: [0, 1] };
  const rough = top / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const factor = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  const step = Math.max(1, factor * magnitude);
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= max + step / 2; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return { max, step, ticks };
}

/** Maps 0..max onto a pixel length (for y, subtract from the bottom). */
export const scaleLinear = (max: number, length: number) => (v: number) => (max > 0 ? (Math.max(0, v) / max) * length : 0);

/**
 * `n` equal bands over `length` pixels with `padding` (0..1) of each band left empty:
 * where band i starts, its inner width, and the centre.
 */
export function bands(n: number, length: number, padding = 0.2) {
  const band = n > 0 ? length / n : 0;
  const inner = band * (1 - padding);
  return {
    band,
    inner,
    start: (i: number) => i * band + (band - inner) / 2,
    centre: (i: number) => i * band + band / 2,
  };
}

/** Show every k-th category label so at most `max` fit along the axis (1 = all). */
export function labelStep(n: number, max: number): number {
  if (n <= max || max <= 0) return 1;
  return Math.ceil(n / max);
}

/** An SVG polyline path 'M x y L x y ...' of points. */
export function linePath(points: Array<[number, number]>): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${round(x)} ${round(y)}`).join(' ');
}

const round = (v: number) => Math.round(v * 10) / 10;

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

/** 'YYYY-MM-DD' → '21 Nov' for a short axis label. */
export function shortDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(m[3])} ${months[Number(m[2]) - 1] ?? m[2]}`;
}

/** A share as a percent with one decimal ('42.9%'), or '—' when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  if (!whole) return '—';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}
