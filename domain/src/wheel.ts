/**
 * The prize wheel's geometry, one for the admin's draw pages and the public draw dialog.
 * The server has drawn the prize already; the wheel only replays it, so the one thing
 * that must never go wrong is where it stops.
 *
 * The pointer sits at 12 o'clock. Segment i spans the clockwise angles
 * [i * 360/n, (i + 1) * 360/n) of the wheel. Turning the wheel clockwise by R degrees
 * brings the wheel angle (360 - R) mod 360 under the pointer. The wheel stops 15% to 85%
 * into its segment, never on an edge, so the pointer is never ambiguous.
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
 * The segments: the known amounts (and `extra` ones, e.g. the purchase wheel's 1,000,000),
 * each once, in random order; the actual prize is added at a random place if missing, so
 * the wheel can always stop on it (even when the prize lists could not be loaded).
 */
export function wheelSegments(
  known: readonly number[],
  prize: number,
  opts: { extra?: readonly number[]; random?: Random } = {},
): number[] {
  const { extra = [], random = Math.random } = opts;
  const amounts = [...new Set([...known, ...extra].filter((n) => Number.isFinite(n)))];
  const segments = shuffle(amounts, random);
  if (!segments.includes(prize)) segments.splice(Math.floor(random() * (segments.length + 1)), 0, prize);
  return segments;
}

/** The segment under the pointer after the wheel turned clockwise by `rotation` degrees. */
export function segmentUnderPointer(count: number, rotation: number): number {
  const step = 360 / count;
  const angle = (((360 - rotation) % 360) + 360) % 360;
  return Math.min(count - 1, Math.floor(angle / step));
}

/**
 * How far to turn the wheel (degrees, clockwise, absolute) so that it stops on segment
 * `index` after `turns` full turns past its current rotation `from`, at a random point
 * well inside the segment. The answer is always ahead of `from`, so a replay turns forward.
 */
export function landingRotation(count: number, index: number, opts: { turns?: number; from?: number; random?: Random } = {}): number {
  const { turns = 6, from = 0, random = Math.random } = opts;
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`segment ${index} is not on a wheel of ${count}`);
  const step = 360 / count;
  const within = 0.15 + random() * 0.7; // 15% to 85% into the segment
  const angle = (index + within) * step;
  return Math.ceil(from / 360) * 360 + turns * 360 + ((360 - angle) % 360);
}

/** The SVG path of segment i of n on a wheel of radius r centred on (0, 0). */
export function segmentPath(i: number, n: number, r: number): string {
  const point = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    return `${(Math.sin(a) * r).toFixed(3)} ${(-Math.cos(a) * r).toFixed(3)}`;
  };
  const step = 360 / n;
  return `M0 0L${point(i * step)}A${r} ${r} 0 ${step > 180 ? 1 : 0} 1 ${point((i + 1) * step)}Z`;
}

/** Where segment i's label sits: rotated to the middle of the segment, `radius` out from the centre. */
export function labelTransform(i: number, n: number, radius: number): string {
  const step = 360 / n;
  return `rotate(${i * step + step / 2}) translate(0 -${radius}) rotate(-90)`;
}
