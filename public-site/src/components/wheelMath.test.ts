import { describe, expect, it } from 'vitest';
import { buildSegments, segmentAt, shuffle, targetRotation } from './wheelMath';

const PRE_PRIZES = [3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000];

/** Deterministic pseudo-random numbers for repeatable tests. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('buildSegments', () => {
  it('keeps every known prize exactly once when the prize is among them', () => {
    const segments = buildSegments(PRE_PRIZES, 5000, seeded(1));
    expect(segments).toHaveLength(PRE_PRIZES.length);
    expect([...segments].sort((a, b) => a - b)).toEqual(PRE_PRIZES);
  });

  it('adds the actual prize as an extra segment when it is missing', () => {
    const segments = buildSegments(PRE_PRIZES, 12345, seeded(2));
    expect(segments).toHaveLength(PRE_PRIZES.length + 1);
    expect(segments.filter((s) => s === 12345)).toHaveLength(1);
  });

  it('puts the amounts in random order', () => {
    const orders = new Set(Array.from({ length: 20 }, (_, i) => buildSegments(PRE_PRIZES, 3000, seeded(i + 10)).join(',')));
    expect(orders.size).toBeGreaterThan(15);
  });

  it('works with no known prizes (settings failed to load)', () => {
    expect(buildSegments([], 3000)).toEqual([3000]);
  });

  it('drops duplicates', () => {
    expect(buildSegments([3000, 3000, 5000], 5000, seeded(3))).toHaveLength(2);
  });
});

describe('shuffle', () => {
  it('returns a permutation and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffle(input, seeded(4));
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect([...out].sort()).toEqual(input);
  });
});

describe('segmentAt', () => {
  it("reads the segment under the pointer at 12 o'clock", () => {
    // 4 segments of 90 degrees: no rotation shows the boundary of 0 and 3; just past it, segment 0.
    expect(segmentAt(4, 0)).toBe(0);
    expect(segmentAt(4, -45)).toBe(0);
    expect(segmentAt(4, 45)).toBe(3); // wheel turned clockwise 45: segment 3 (270..360) is under the pointer
    expect(segmentAt(4, 315)).toBe(0);
    expect(segmentAt(4, 135)).toBe(2);
    expect(segmentAt(4, 360 * 5 + 135)).toBe(2);
  });
});

describe('targetRotation', () => {
  it('lands on the prize segment, whatever the order and the random point', () => {
    for (let seed = 0; seed < 200; seed++) {
      const random = seeded(seed);
      const prize = PRE_PRIZES[seed % PRE_PRIZES.length];
      const segments = buildSegments(PRE_PRIZES, prize, random);
      const rotation = targetRotation(segments, prize, { random });
      expect(segments[segmentAt(segments.length, rotation)]).toBe(prize);
    }
  });

  it('lands on an added extra prize too', () => {
    const segments = buildSegments(PRE_PRIZES, 7777, seeded(5));
    const rotation = targetRotation(segments, 7777, { random: seeded(6) });
    expect(segments[segmentAt(segments.length, rotation)]).toBe(7777);
  });

  it('keeps clear of the segment edges', () => {
    const segments = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (const r of [0, 0.0001, 0.5, 0.9999]) {
      const rotation = targetRotation(segments, 4, { random: () => r, turns: 0 });
      const angle = (360 - (rotation % 360)) % 360;
      const step = 36;
      const offset = angle - 3 * step;
      expect(offset).toBeGreaterThan(step * 0.1);
      expect(offset).toBeLessThan(step * 0.9);
    }
  });

  it('turns the requested number of full turns forward from the current rotation', () => {
    const segments = [1, 2, 3, 4];
    const rotation = targetRotation(segments, 1, { turns: 5, random: () => 0.5 });
    expect(rotation).toBe(5 * 360 + 315); // centre of segment 0 (45) comes to the pointer
    const again = targetRotation(segments, 3, { turns: 5, from: rotation, random: () => 0.5 });
    expect(again).toBeGreaterThan(rotation + 5 * 360 - 1);
    expect(segments[segmentAt(4, again)]).toBe(3);
  });

  it('refuses a prize that is not on the wheel', () => {
    expect(() => targetRotation([1, 2], 3)).toThrow();
  });
});
