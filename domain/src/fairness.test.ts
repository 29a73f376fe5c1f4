/// <reference types="node" />
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalAllocationSet,
  checkPublicDraw,
  drawOutcome,
  CommittedAllocation,
  fairRoll,
  PublicDraw,
  ROLL_LIMIT,
  rollFromValue,
  rollInput,
  rollValue,
  sha256Hex,
  verifyDay,
  verifyDraw,
} from './fairness';
import { CLIENT_SEED_PATTERN, drawIdFrom, DRAW_ID_PATTERN, formatDrawId, newClientSeed, normaliseDrawId } from './draw-id';

const SEED = `${'00'.repeat(31)}01`;
const CLIENT = 'abcdef0123456789abcdef0123456789';

describe('the roll', () => {
  it('is the first 4 bytes of HMAC-SHA256(day seed, input), big-endian: a known vector', () => {
    const input = rollInput(CLIENT, 'preregistration', 42, 7, 0);
    expect(input).toBe('abcdef0123456789abcdef0123456789|preregistration|42|7|0');
    expect(rollValue(SEED, input)).toBe(4168576884);
    expect(fairRoll(SEED, CLIENT, 'preregistration', 42, 7)).toEqual({ attempt: 0, input, value: 4168576884, roll: 6884 });
    expect(sha256Hex(Buffer.from(SEED, 'hex'))).toBe('ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5');
  });

  it('agrees with Node’s own HMAC on 2,000 random seeds and inputs', () => {
    for (let i = 0; i < 2000; i++) {
      const seed = randomBytes(32).toString('hex');
      const input = rollInput(randomBytes(16).toString('hex'), i % 2 ? 'registration' : 'preregistration', i, i % 13, 0);
      expect(rollValue(seed, input)).toBe(createHmac('sha256', Buffer.from(seed, 'hex')).update(input).digest().readUInt32BE(0));
    }
  });

  it('maps to 0..9999 without modulo bias: values from the largest multiple of 10,000 up are thrown away', () => {
    expect(ROLL_LIMIT).toBe(4_294_960_000);
    expect(rollFromValue(0)).toBe(0);
    expect(rollFromValue(9_999)).toBe(9_999);
    expect(rollFromValue(ROLL_LIMIT - 1)).toBe(9_999);
    expect(rollFromValue(ROLL_LIMIT)).toBeNull();
    expect(rollFromValue(2 ** 32 - 1)).toBeNull();
    // Every roll has exactly ROLL_LIMIT / 10,000 values mapping to it.
    const perRoll = ROLL_LIMIT / 10_000;
    expect(Number.isInteger(perRoll)).toBe(true);
    expect(rollFromValue(perRoll * 10_000 - 10_000)).toBe(0);
  });

  it('spreads evenly: 100,000 rolls fall into 10 bands of 1,000 within 3%', () => {
    const bands = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) bands[Math.floor(fairRoll(SEED, CLIENT, 'registration', i, 1).roll / 1000)]++;
    for (const n of bands) expect(Math.abs(n - 10_000)).toBeLessThan(300);
  });
});

describe('draw ids', () => {
  it('are 12 characters of Crockford base32, typed back however people write them', () => {
    const id = drawIdFrom(new Uint8Array(12).map((_, i) => i * 37));
    expect(id).toMatch(DRAW_ID_PATTERN);
    expect(formatDrawId('0123456789AB')).toBe('0123-4567-89AB');
    expect(normaliseDrawId(' 0123-4567-89ab ')).toBe('0123456789AB');
    expect(normaliseDrawId('o1il')).toBe('0111');
    // Typed on a Nepali keyboard.
    expect(normaliseDrawId('०१२३-४५६७-89ab')).toBe('0123456789AB');
  });

  it('client seeds are 32 random hex characters, each new', () => {
    const a = newClientSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).toMatch(CLIENT_SEED_PATTERN);
    expect(newClientSeed()).not.toBe(a);
  });
});

const ALLOCATIONS: CommittedAllocation[] = [
  { id: 3, type: 'preregistration_public', branch_id: null, amount: 5000, count: 2, threshold: 5000 },
  { id: 1, type: 'preregistration_public', branch_id: null, amount: 10000, count: 1, threshold: 1000 },
  { id: 2, type: 'preregistration_branch', branch_id: 4, amount: 4000, count: 1, threshold: 10000 },
];

/** A draw made the way the backend makes it (runDraw over fairRoll), claims always granted. */
function drawOf(seq: number, recordId: number, taken: Map<number, number>): PublicDraw {
  const candidates = ALLOCATIONS.filter((a) => a.type === 'preregistration_public' && (taken.get(a.id) ?? 0) < a.count).sort((a, b) => b.amount - a.amount || a.id - b.id);
  const considered: PublicDraw['considered'] = [];
  let result: PublicDraw['result'] = { amount: 3000, allocation_id: null };
  for (const a of candidates) {
    const t = fairRoll(SEED, CLIENT, 'preregistration', recordId, a.id);
    const won = t.roll < a.threshold;
    considered.push({ allocation_id: a.id, amount: a.amount, threshold: a.threshold, roll: t.roll, won, claimed: won ? true : null });
    if (won) {
      taken.set(a.id, (taken.get(a.id) ?? 0) + 1);
      result = { amount: a.amount, allocation_id: a.id };
      break;
    }
  }
  return { draw_id: `D${seq}`, seq, day: '2026-11-24', kind: 'preregistration', record_id: recordId, client_seed: CLIENT, type: 'preregistration_public', branch_id: null, base_prize: 3000, considered, result };
}

describe('verifying', () => {
  const set = canonicalAllocationSet(ALLOCATIONS);
  const day = {
    day: '2026-11-24',
    seed: SEED,
    seed_hash: sha256Hex(Buffer.from(SEED, 'hex')),
    allocation_set: set,
    allocation_set_hash: sha256Hex(set),
    committed_at: '2026-11-23T16:15:00.000Z',
    starts_at: '2026-11-23T18:15:00.000Z',
  };
  const honest = () => {
    const taken = new Map<number, number>();
    return Array.from({ length: 40 }, (_, i) => drawOf(i + 1, 100 + i, taken));
  };

  it('the allocation set is ordered by id with fixed fields, so its hash does not depend on the order read', () => {
    expect(canonicalAllocationSet([...ALLOCATIONS].reverse())).toBe(set);
    expect(JSON.parse(set).map((a: CommittedAllocation) => a.id)).toEqual([1, 2, 3]);
    expect(createHash('sha256').update(set).digest('hex')).toBe(day.allocation_set_hash);
  });

  it('accepts an honest day, draw by draw', () => {
    const draws = honest();
    expect(draws.filter((d) => d.result.allocation_id !== null).length).toBe(3);
    const v = verifyDay(day, draws);
    expect(v.problems).toEqual([]);
    expect(v.draws.filter((d) => !d.ok)).toEqual([]);
    expect(v.ok).toBe(true);
  });

  it('finds exactly the tampered draw: a changed roll, a changed prize, a changed chance', () => {
    const draws = honest();
    draws[5] = { ...draws[5], considered: draws[5].considered.map((c, i) => (i === 0 ? { ...c, roll: (c.roll! + 1) % 10000 } : c)) };
    const base = draws.findIndex((d, i) => i > 5 && d.result.allocation_id === null);
    draws[base] = { ...draws[base], result: { amount: 10000, allocation_id: null } };
    const v = verifyDay(day, draws);
    expect(v.draws.filter((d) => !d.ok).map((d) => d.draw_id)).toEqual(['D6', `D${base + 1}`]);
    expect(v.ok).toBe(false);
    const moreLikely = ALLOCATIONS.map((a) => (a.id === 1 ? { ...a, threshold: 9000 } : a));
    expect(verifyDraw(SEED, moreLikely, honest()[0]).problems[0]).toMatch(/committed at 90%/);
  });

  it('checks one draw from the two public answers: recorded before the reveal, recomputed after it', async () => {
    const [draw] = honest();
    const answer = { ...day, ends_at: day.starts_at, late: false };
    const hidden = { ...answer, seed: null, allocation_set: null, revealed: false };
    const before = await checkPublicDraw(draw.draw_id, { draw: async () => ({ draw, day: hidden }), day: async () => hidden });
    expect(before).toMatchObject({ dayProblems: null, drawProblems: [], rolls: [] });
    const read = { draw: async () => ({ draw, day: { ...answer, revealed: true } }), day: async () => ({ ...answer, revealed: true }) };
    const after = await checkPublicDraw(draw.draw_id, read);
    expect(after).toMatchObject({ dayProblems: [], drawProblems: [] });
    expect(after.rolls.map((r) => r.roll)).toEqual(draw.considered.map((c) => c.roll));
    const tampered = { ...draw, result: { amount: 999, allocation_id: null } };
    expect((await checkPublicDraw(draw.draw_id, { ...read, draw: async () => ({ draw: tampered, day: { ...answer, revealed: true } }) })).drawProblems).toEqual([
      'The prize is recorded as Rs. 999 but the rolls give Rs. ' + draw.result.amount + '.',
    ]);
  });

  it("gives the draw's verdict from the verifier's own findings, never the server's late flag", async () => {
    const [draw] = honest();
    const revealed = { ...day, ends_at: day.starts_at, late: false, revealed: true };
    const check = (d: Omit<typeof revealed, 'seed' | 'allocation_set'> & { seed: string | null; allocation_set: typeof day.allocation_set | null }, shown = draw) => checkPublicDraw(draw.draw_id, { draw: async () => ({ draw: shown, day: d }), day: async () => d });
    expect(drawOutcome(await check({ ...revealed, seed: null, allocation_set: null, revealed: false }))).toBe('hidden');
    expect(drawOutcome(await check(revealed))).toBe('ok');
    // Committed after the day began, the rest matching: late, whatever the answer's flag says.
    expect(drawOutcome(await check({ ...revealed, committed_at: '2026-11-23T18:20:00.000Z' }))).toBe('late');
    // A server that calls a day late cannot cover a seed that does not match its commitment, nor a late day a wrong prize.
    expect(drawOutcome(await check({ ...revealed, late: true, seed: 'ab'.repeat(32) }))).toBe('bad');
    const wrongPrize = { ...draw, result: { amount: 999, allocation_id: null } };
    expect(drawOutcome(await check({ ...revealed, committed_at: '2026-11-23T18:20:00.000Z' }, wrongPrize))).toBe('bad');
  });

  it('refuses a seed or a scheme that does not match the commitment, and a late commitment', () => {
    const byte = `${SEED.slice(0, -2)}02`;
    expect(verifyDay({ ...day, seed: byte }, honest()).problems).toContain('The revealed seed does not match the commitment published before the day.');
    expect(verifyDay({ ...day, allocation_set: set.replace('"count":2', '"count":3') }, honest()).problems).toContain('The revealed prize scheme does not match the commitment published before the day.');
    expect(verifyDay({ ...day, committed_at: '2026-11-23T18:20:00.000Z' }, honest()).problems[0]).toMatch(/made late/);
    expect(verifyDay({ ...day, seed: null }, []).ok).toBe(false);
  });

  it('refuses an allocation left out while it still had prizes, and more prizes than its count', () => {
    const draws = honest();
    draws[0] = { ...draws[0], considered: draws[0].considered.filter((c) => c.allocation_id !== 1) };
    const v = verifyDay(day, draws);
    expect(v.draws[0].problems.some((p) => /left out/.test(p)) || v.draws[0].problems.length > 0).toBe(true);
    expect(v.draws[0].ok).toBe(false);
    const extra = honest();
    const winner = extra.find((d) => d.result.allocation_id === 1)!;
    extra.push({ ...winner, draw_id: 'DX', seq: 99, record_id: winner.record_id });
    expect(verifyDay(day, extra).problems).toContain('Allocation 1 gave 2 prizes, more than its 1.');
  });
});
