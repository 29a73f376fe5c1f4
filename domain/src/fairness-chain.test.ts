/// <reference types="node" />
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalScheme, CommittedAllocation, fairRoll, PublicDraw, schemeHash, sha256Hex, verifyDay } from './fairness';
import { ChainLink, commitmentHash, commitmentText, compareArchive, fingerprintOf, resultsRootOf, verifyChain, verifyPublished } from './fairness-chain';

const SEED = `${'00'.repeat(31)}01`;
const SALT = 'ab'.repeat(32);
const DAY = '2026-11-24';
const ALLOCATIONS: CommittedAllocation[] = [
  { id: 1, type: 'preregistration_public', branch_id: null, amount: 10000, count: 1, threshold: 2000 },
  { id: 2, type: 'preregistration_public', branch_id: null, amount: 5000, count: 3, threshold: 3000 },
];
const BASE = { preregistration: 3000, registration: 1000 };
const SCHEME = canonicalScheme(ALLOCATIONS, BASE);

/** Draws of a format-2 day made by the rule: the day (not a record id) in the roll, claims granted while stock lasts. */
function drawsOf(n: number): PublicDraw[] {
  const left = new Map(ALLOCATIONS.map((a) => [a.id, a.count]));
  return Array.from({ length: n }, (_, i) => {
    const client = createHash('md5').update(String(i)).digest('hex');
    const considered: PublicDraw['considered'] = [];
    let result: PublicDraw['result'] = { amount: BASE.preregistration, allocation_id: null };
    for (const a of ALLOCATIONS.filter((x) => left.get(x.id)! > 0)) {
      const t = fairRoll(SEED, client, 'preregistration', DAY, a.id);
      const won = t.roll < a.threshold;
      considered.push({ allocation_id: a.id, amount: a.amount, threshold: a.threshold, roll: t.roll, attempt: t.attempt, input: t.input, value: t.value, won, claimed: won ? true : null });
      if (won) {
        left.set(a.id, left.get(a.id)! - 1);
        result = { amount: a.amount, allocation_id: a.id };
        break;
      }
    }
    return { draw_id: `D${i}`, seq: 10 + i * 3, day: DAY, kind: 'preregistration', record_id: 500 + i, client_seed: client, type: 'preregistration_public', branch_id: null, base_prize: 3000, considered, result, given: result.amount };
  });
}

const day = {
  day: DAY,
  format: 2,
  seed: SEED,
  salt: SALT,
  seed_hash: sha256Hex(Buffer.from(SEED, 'hex')),
  allocation_set: SCHEME,
  allocation_set_hash: schemeHash(SCHEME, SALT),
  committed_at: '2026-11-23T16:15:00.000Z',
  starts_at: '2026-11-23T18:15:00.000Z',
};

function linkOf(l: Omit<ChainLink, 'commitment_hash' | 'committed_at' | 'closing'>): ChainLink {
  return { ...l, commitment_hash: commitmentHash(l), committed_at: '2026-11-23T16:15:00.000Z', closing: false };
}

/** A chain of four days: an old-format day, the verified day, the day after, and the one that seals the verified day. */
function chainOf(draws: PublicDraw[]): ChainLink[] {
  const old = linkOf({ day: '2026-11-23', format: 1, seed_hash: 'a'.repeat(64), allocation_set_hash: 'b'.repeat(64), prev_hash: null, sealed: [] });
  const ours = linkOf({ day: DAY, format: 2, seed_hash: day.seed_hash, allocation_set_hash: day.allocation_set_hash, prev_hash: old.commitment_hash, sealed: [] });
  const next = linkOf({ day: '2026-11-25', format: 2, seed_hash: 'c'.repeat(64), allocation_set_hash: 'd'.repeat(64), prev_hash: ours.commitment_hash, sealed: [{ day: '2026-11-23', root: 'e'.repeat(64) }] });
  const sealing = linkOf({
    day: '2026-11-26',
    format: 2,
    seed_hash: 'f'.repeat(64),
    allocation_set_hash: '0'.repeat(64),
    prev_hash: next.commitment_hash,
    sealed: [{ day: DAY, root: resultsRootOf(DAY, ALLOCATIONS, draws) }],
  });
  return [old, ours, next, sealing];
}

describe('the chain of commitments', () => {
  it('hashes a fixed text: a known vector for each format', () => {
    const link = { day: DAY, format: 2, seed_hash: '1'.repeat(64), allocation_set_hash: '2'.repeat(64), prev_hash: '3'.repeat(64), sealed: [{ day: '2026-11-22', root: '4'.repeat(64) }] };
    expect(commitmentText(link)).toBe(
      `campaign-draws commitment 2\nday 2026-11-24\nseed_hash ${'1'.repeat(64)}\nscheme_hash ${'2'.repeat(64)}\nprev ${'3'.repeat(64)}\nsealed 2026-11-22 ${'4'.repeat(64)}`,
    );
    expect(commitmentHash(link)).toBe(createHash('sha256').update(commitmentText(link)).digest('hex'));
    expect(commitmentText({ ...link, format: 1 })).toBe(`campaign-draws commitment 1\nday 2026-11-24\nseed_hash ${'1'.repeat(64)}\nscheme_hash ${'2'.repeat(64)}`);
    expect(fingerprintOf(commitmentHash(link))).toHaveLength(20);
  });

  it('salts the scheme hash, so a guessed scheme cannot be confirmed before the day', () => {
    expect(schemeHash(SCHEME, SALT)).toBe(createHash('sha256').update(`${SALT}\n${SCHEME}`).digest('hex'));
    expect(schemeHash(SCHEME, SALT)).not.toBe(sha256Hex(SCHEME));
    expect(JSON.parse(SCHEME)).toEqual({ base_prizes: BASE, allocations: ALLOCATIONS });
  });

  it('passes an honest day, sealed by a later link, with every kind of check', () => {
    const draws = drawsOf(40);
    const links = chainOf(draws);
    const check = verifyPublished({ day, draws, links, archive: null, fingerprints: [fingerprintOf(links[1].commitment_hash)] });
    expect(check.findings).toEqual([]);
    expect(check.sealedBy).toBe('2026-11-26');
    expect(check.head).toBe(links[3].commitment_hash);
  });

  it('reports a day whose results no later link has sealed as unsealed, not failed', () => {
    const draws = drawsOf(10);
    const check = verifyPublished({ day, draws, links: chainOf(draws).slice(0, 3) });
    expect({ ok: check.ok, sealedBy: check.sealedBy }).toEqual({ ok: true, sealedBy: null });
  });

  it('names a broken link, a changed root, a rewritten link and a wrong fingerprint', () => {
    const draws = drawsOf(30);
    const links = chainOf(draws);
    const broken = links.map((l, i) => (i === 1 ? linkOf({ ...l, seed_hash: '9'.repeat(64) }) : l));
    expect(verifyChain(broken).findings.map((f) => f.kind)).toEqual(['chain']);
    expect(verifyChain(broken).findings[0].message).toMatch(/does not name the commitment of 2026-11-24/);
    const edited = links.map((l, i) => (i === 2 ? { ...l, seed_hash: '9'.repeat(64) } : l));
    expect(verifyChain(edited).findings[0].message).toMatch(/does not hash to its published hash/);
    const removed = draws.find((d) => d.result.allocation_id === null)!;
    const fewer = draws.filter((d) => d !== removed);
    const gone = verifyPublished({ day, draws: fewer, links });
    expect(gone.findings.map((f) => f.kind)).toEqual(['chain']);
    expect(verifyPublished({ day, draws, links, fingerprints: ['0123456789abcdef0123'] }).findings.map((f) => f.kind)).toEqual(['fingerprint']);
  });

  it('keeps an archive of what it saw and flags any day that later changes', () => {
    const draws = drawsOf(20);
    const links = chainOf(draws);
    const first = compareArchive(null, links, { [DAY]: 'r'.repeat(64) });
    expect(first.findings).toEqual([]);
    expect(first.archive.days[DAY]).toEqual({ commitment_hash: links[1].commitment_hash, results_root: 'r'.repeat(64) });
    const rewritten = links.map((l, i) => (i === 3 ? linkOf({ ...l, seed_hash: '7'.repeat(64) }) : l));
    const again = compareArchive(first.archive, rewritten, { [DAY]: 's'.repeat(64) });
    expect(again.findings.map((f) => f.kind)).toEqual(['archive', 'archive']);
    expect(again.archive).toEqual(first.archive);
  });
});

describe('a format-2 day', () => {
  it('flags a changed HMAC value, a wrong base prize, a prize not given, totals that do not add up and a client seed used twice', () => {
    const draws = drawsOf(40);
    const rolled = draws.findIndex((d) => d.considered.length > 0);
    const base = draws.findIndex((d) => d.result.allocation_id === null);
    const kinds = (list: PublicDraw[], totals?: Parameters<typeof verifyDay>[0]['totals']) => {
      const v = verifyDay({ ...day, totals }, list);
      return [...v.findings, ...v.draws.flatMap((d) => d.findings)].map((f) => f.kind).sort();
    };
    expect(kinds(draws)).toEqual([]);
    const value = draws.map((d, i) => (i === rolled ? { ...d, considered: d.considered.map((c, j) => (j === 0 ? { ...c, value: c.value! + 1 } : c)) } : d));
    expect(kinds(value)).toEqual(['value']);
    const cheaper = draws.map((d, i) => (i === base ? { ...d, base_prize: 2000, result: { amount: 2000, allocation_id: null }, given: 2000 } : d));
    expect(kinds(cheaper)).toEqual(['base', 'result']);
    const notGiven = draws.map((d, i) => (i === base ? { ...d, given: 500 } : d));
    expect(kinds(notGiven)).toEqual(['given']);
    const reused = [...draws, { ...draws[base], draw_id: 'DX', seq: 999 }];
    expect(kinds(reused)).toEqual(['reuse']);
    expect(kinds(draws, { tiers: [], base_prizes: [] })).toEqual(['totals']);
  });
});
