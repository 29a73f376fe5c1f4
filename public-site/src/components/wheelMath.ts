/**
 * Prize wheel geometry. Pure, so it is tested without a browser.
 *
 * Segment i covers the clockwise angles [i * step, (i + 1) * step) measured from 12 o'clock,
 * where the pointer sits. Rotating the wheel clockwise by R degrees brings the wheel angle
 * (360 - R mod 360) under the pointer.
 */

export type Random = () => number;

/** Fisher-Yates shuffle of a copy. */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The wheel's segments: the known prize amounts (without duplicates) in random order, plus the
 * actual prize as an extra segment if it is missing.
 */
export function buildSegments(known: readonly number[], prize: number, random: Random = Math.random): number[] {
  const unique = [...new Set(known.filter((n) => Number.isFinite(n)))];
  const segments = shuffle(unique, random);
  if (!segments.includes(prize)) segments.splice(Math.floor(random() * (segments.length + 1)), 0, prize);
  return segments;
}

/** Index of the segment under the pointer after a clockwise rotation of `rotation` degrees. */
export function segmentAt(count: number, rotation: number): number {
  const step = 360 / count;
  const angle = (((360 - rotation) % 360) + 360) % 360;
  return Math.min(count - 1, Math.floor(angle / step));
}

/**
 * The clockwise rotation (degrees) that lands the pointer on the prize's segment after `turns`
 * full turns, at a random point inside the segment that keeps clear of its edges.
 * `from` is the wheel's current rotation; the result is always greater than it.
 */
export function targetRotation(
  segments: readonly number[],
  prize: number,
  opts: { turns?: number; from?: number; random?: Random } = {},
): number {
  const { turns = 6, from = 0, random = Math.random } = opts;
  const index = segments.indexOf(prize);
  if (index < 0) throw new Error(`prize ${prize} is not on the wheel`);
  const step = 360 / segments.length;
  // Point inside the segment: its centre, moved at most 35% of a segment either way.
  const point = (index + 0.5 + (random() - 0.5) * 0.7) * step;
  const landing = (360 - point) % 360; // rotation mod 360 that brings `point` to the pointer
  const base = Math.ceil(from / 360) * 360 + turns * 360;
  return base + landing;
}
