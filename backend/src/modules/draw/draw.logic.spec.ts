import { randomInt } from 'node:crypto';
import { DrawCandidate, ROLL_RANGE, runDraw, thresholdOf } from './draw.logic';

/** A roll source for the rule alone: a fixed list, or crypto's. */
const from = (next: () => number) => () => ({ roll: next() });
const cryptoRoll = from(() => randomInt(ROLL_RANGE));

const always = async () => 1;

describe(runDraw.name, () => {
  it('tries the highest amount first and stops at the first claimed win', async () => {
    const rolls = [0, 0];
    const claimed: number[] = [];
    const out = await runDraw(
      [
        { id: 1, amount: 5000, threshold: 5000 },
        { id: 2, amount: 100000, threshold: 5000 },
      ],
      3000,
      from(() => rolls.shift()!),
      async (id) => (claimed.push(id), 0),
    );
    expect(out).toMatchObject({ amount: 100000, allocationId: 2 });
    expect(claimed).toEqual([2]);
    expect(out.rolls).toHaveLength(1);
  });

  it('falls through a losing roll to the next allocation, then to the base prize', async () => {
    const rolls = [5000, 4999];
    const out = await runDraw(
      [
        { id: 1, amount: 10000, threshold: 5000 },
        { id: 2, amount: 5000, threshold: 5000 },
      ],
      3000,
      from(() => rolls.shift()!),
      always,
    );
    expect(out).toMatchObject({ amount: 5000, allocationId: 2 });
    expect(out.rolls.map((r) => [r.allocation_id, r.roll, r.won])).toEqual([
      [1, 5000, false],
      [2, 4999, true],
    ]);
    const lost = await runDraw([{ id: 1, amount: 10000, threshold: 5000 }], 3000, from(() => 9999), always);
    expect(lost).toMatchObject({ amount: 3000, allocationId: null });
  });

  it('moves on when the stock was taken by another draw between the roll and the claim', async () => {
    const out = await runDraw(
      [
        { id: 1, amount: 10000, threshold: 10000 },
        { id: 2, amount: 5000, threshold: 10000 },
      ],
      3000,
      from(() => 0),
      async (id) => (id === 2 ? 0 : null),
    );
    expect(out).toMatchObject({ amount: 5000, allocationId: 2 });
    expect(out.rolls[0]).toMatchObject({ won: true, claimed: false });
  });

  it('never rolls at 0 %, always wins at 100 %, and reads two decimals', async () => {
    let calls = 0;
    const zero = await runDraw([{ id: 1, amount: 10000, threshold: 0 }], 3000, from(() => (calls++, 0)), always);
    expect(zero.amount).toBe(3000);
    expect(calls).toBe(0);
    const hundred = await runDraw([{ id: 1, amount: 10000, threshold: ROLL_RANGE }], 3000, from(() => ROLL_RANGE - 1), always);
    expect(hundred.amount).toBe(10000);
    expect(thresholdOf(0.5)).toBe(50);
    expect(thresholdOf(12.34)).toBe(1234);
    expect(thresholdOf(100)).toBe(ROLL_RANGE);
  });

  it('gives the base prize when there is no allocation', async () => {
    expect(await runDraw([], 1500, cryptoRoll, always)).toEqual({ amount: 1500, allocationId: null, rolls: [] });
  });

  /** The odds over many cryptographic rolls: within 5 standard deviations of the stated probability. */
  it.each([
    [25, 200_000],
    [0.5, 200_000],
    [99.99, 100_000],
  ])('wins about %d %% of %d draws with crypto rolls', async (probability, n) => {
    const candidates: DrawCandidate[] = [{ id: 1, amount: 10000, threshold: thresholdOf(probability) }];
    let wins = 0;
    for (let i = 0; i < n; i++) if ((await runDraw(candidates, 3000, cryptoRoll, always)).allocationId) wins++;
    const p = probability / 100;
    const sd = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(wins / n - p)).toBeLessThan(5 * sd + 1e-9);
  });

  it('splits odds down the list: 50 % then 50 % gives 1/2, 1/4 and 1/4 base', async () => {
    const candidates: DrawCandidate[] = [
      { id: 1, amount: 20000, threshold: 5000 },
      { id: 2, amount: 5000, threshold: 5000 },
    ];
    const n = 100_000;
    const counts: Record<number, number> = { 20000: 0, 5000: 0, 3000: 0 };
    for (let i = 0; i < n; i++) counts[(await runDraw(candidates, 3000, cryptoRoll, always)).amount]++;
    const sd = Math.sqrt((0.25 * 0.75) / n);
    expect(Math.abs(counts[20000] / n - 0.5)).toBeLessThan(5 * Math.sqrt(0.25 / n));
    expect(Math.abs(counts[5000] / n - 0.25)).toBeLessThan(5 * sd);
    expect(Math.abs(counts[3000] / n - 0.25)).toBeLessThan(5 * sd);
  });
});
