import { describe, expect, it } from 'vitest';
import { PRE_PRIZES, PRIZES, PURCHASE_WHEEL_EXTRA } from './options';
import { labelTransform, landingRotation, segmentPath, segmentUnderPointer, shuffle, wheelSegments } from './wheel';

/** Repeatable pseudo-random numbers. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('wheelSegments', () => {
  it('holds each known prize once when the prize is one of them', () => {
    const s = wheelSegments(PRE_PRIZES, 5000, { random: seeded(1) });
    expect([...s].sort((a, b) => a - b)).toEqual([...PRE_PRIZES]);
  });

  it('adds the real prize when it is missing', () => {
    const s = wheelSegments(PRE_PRIZES, 4321, { random: seeded(2) });
    expect(s).toHaveLength(PRE_PRIZES.length + 1);
    expect(s.filter((x) => x === 4321)).toHaveLength(1);
  });

  it('adds the purchase wheel’s 1,000,000 segment once', () => {
    const s = wheelSegments(PRIZES, 1500, { extra: [PURCHASE_WHEEL_EXTRA], random: seeded(3) });
    expect(s).toHaveLength(PRIZES.length + 1);
    expect(s.filter((x) => x === 1_000_000)).toHaveLength(1);
  });

  it('shuffles: different seeds give different orders', () => {
    const orders = new Set(Array.from({ length: 20 }, (_, i) => wheelSegments(PRE_PRIZES, 3000, { random: seeded(i + 7) }).join()));
    expect(orders.size).toBeGreaterThan(15);
  });

  it('drops duplicates', () => {
    expect(wheelSegments([3000, 3000, 5000], 5000, { random: seeded(3) })).toHaveLength(2);
  });

  it('still has the prize when the prize lists could not be loaded', () => {
    expect(wheelSegments([], 3000)).toEqual([3000]);
  });
});

describe('shuffle', () => {
  it('answers a permutation and leaves its input alone', () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffle(input, seeded(4));
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect([...out].sort()).toEqual(input);
  });
});

describe('segmentUnderPointer', () => {
  it('reads the segment at 12 o’clock after a clockwise turn', () => {
    expect(segmentUnderPointer(4, 0)).toBe(0);
    expect(segmentUnderPointer(4, 45)).toBe(3);
    expect(segmentUnderPointer(4, 135)).toBe(2);
    expect(segmentUnderPointer(4, 360 * 7 + 315)).toBe(0);
    expect(segmentUnderPointer(4, -45)).toBe(0);
  });
});

describe('landingRotation', () => {
  it('stops on the server’s prize, whatever the order and the random point', () => {
    for (let seed = 0; seed < 300; seed++) {
      const random = seeded(seed);
      const prize = PRIZES[seed % PRIZES.length];
      const segments = wheelSegments(PRIZES, prize, { extra: [PURCHASE_WHEEL_EXTRA], random });
      const rotation = landingRotation(segments.length, segments.indexOf(prize), { random });
      expect(segments[segmentUnderPointer(segments.length, rotation)]).toBe(prize);
    }
  });

  it('stops on a prize the lists did not hold, added to the wheel', () => {
    const segments = wheelSegments(PRE_PRIZES, 7777, { random: seeded(5) });
    const rotation = landingRotation(segments.length, segments.indexOf(7777), { random: seeded(6) });
    expect(segments[segmentUnderPointer(segments.length, rotation)]).toBe(7777);
  });

  it('keeps well inside the segment, never on an edge', () => {
    for (const r of [0, 0.5, 0.99999]) {
      const rotation = landingRotation(10, 3, { turns: 0, random: () => r });
      const angle = (360 - (rotation % 360)) % 360;
      expect(angle - 3 * 36).toBeGreaterThanOrEqual(36 * 0.15 - 1e-9);
      expect(angle - 3 * 36).toBeLessThanOrEqual(36 * 0.85 + 1e-9);
    }
  });

  it('makes the requested full turns first', () => {
    const rotation = landingRotation(4, 0, { turns: 5, random: () => 0.5 });
    expect(rotation).toBe(5 * 360 + 315);
  });

  it('turns forward from the current rotation, so a replay never spins back', () => {
    const first = landingRotation(4, 0, { turns: 5, random: () => 0.5 });
    const again = landingRotation(4, 3, { turns: 5, from: first, random: () => 0.5 });
    expect(again).toBeGreaterThan(first + 5 * 360 - 1);
    expect(segmentUnderPointer(4, again)).toBe(3);
  });

  it('refuses a segment that is not on the wheel', () => {
    expect(() => landingRotation(3, 3)).toThrow(RangeError);
    expect(() => landingRotation(3, -1)).toThrow(RangeError);
  });
});

describe('segmentPath', () => {
  it('draws a quarter from 12 to 3 o’clock', () => {
    expect(segmentPath(0, 4, 100)).toBe('M0 0L0.000 -100.000A100 100 0 0 1 100.000 -0.000Z');
  });
});

describe('labelTransform', () => {
  it('puts a label in the middle of its segment', () => {
    expect(labelTransform(0, 4, 58)).toBe('rotate(45) translate(0 -58) rotate(-90)');
    expect(labelTransform(3, 4, 57)).toBe('rotate(315) translate(0 -57) rotate(-90)');
  });
});
