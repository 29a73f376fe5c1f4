import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';


/**
 * Provably fair draws (docs/fairness.md): the one definition of a roll, of a day's
 * commitments and of what makes a draw check out. The backend draws with it, the public
 * fairness page and `npm run verify-draws` recompute with it, so the three cannot disagree.
 * Pure JavaScript hashing (@noble/hashes, audited): the same code runs in Node and in a
 * browser that withholds Web Crypto (a page served over plain HTTP).
 */

/** Rolls are integers in [0, ROLL_RANGE), compared with a probability in hundredths of a percent. */
export const ROLL_RANGE = 10_000;
/**
 * The largest multiple of ROLL_RANGE that fits in 32 bits. A 32-bit value at or above it is
 * thrown away and the next attempt rolled, so that every roll 0..9999 is exactly as likely
 * (a plain `% 10000` would favour 0..7295 by one part in 429,496).
 */
export const ROLL_LIMIT = Math.floor(2 ** 32 / ROLL_RANGE) * ROLL_RANGE;

export type DrawKindName = 'preregistration' | 'registration';

export const sha256Hex = (data: string | Uint8Array) => bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));

/** The message of one roll: client seed | kind | record id | allocation id | attempt. */
export function rollInput(clientSeed: string, kind: DrawKindName, recordId: number, allocationId: number, attempt: number): string {
  return `${clientSeed}|${kind}|${recordId}|${allocationId}|${attempt}`;
}

/** The first 4 bytes of HMAC-SHA256(day seed, input), big-endian. */
export function rollValue(seedHex: string, input: string): number {
  const mac = hmac(sha256, hexToBytes(seedHex), utf8ToBytes(input));
  return ((mac[0] << 24) | (mac[1] << 16) | (mac[2] << 8) | mac[3]) >>> 0;
}

/** A 32-bit value as a roll in [0, ROLL_RANGE), or null when it must be thrown away (see ROLL_LIMIT). */
export const rollFromValue = (value: number): number | null => (value < ROLL_LIMIT ? value % ROLL_RANGE : null);

export interface RollTrace {
  /** The attempt that gave the roll (0 unless earlier values were thrown away). */
  attempt: number;
  /** The HMAC input of that attempt. */
  input: string;
  /** Its 32-bit value. */
  value: number;
  /** value mod ROLL_RANGE. */
  roll: number;
}

/** One roll of a draw against one allocation: attempts 0, 1, ... until a value below ROLL_LIMIT. */
export function fairRoll(seedHex: string, clientSeed: string, kind: DrawKindName, recordId: number, allocationId: number): RollTrace {
  for (let attempt = 0; ; attempt++) {
    const input = rollInput(clientSeed, kind, recordId, allocationId, attempt);
    const value = rollValue(seedHex, input);
    const roll = rollFromValue(value);
    if (roll !== null) return { attempt, input, value, roll };
  }
}

/** A probability (percent, two decimals) in hundredths of a percent: rolls below it win. */
export const thresholdOf = (probability: number) => Math.max(0, Math.min(ROLL_RANGE, Math.round(probability * 100)));

// ------------------------------------------------------------------ a day's commitment

/** One allocation as committed: what decides a draw, nothing about who drew. */
export interface CommittedAllocation {
  id: number;
  type: string;
  /** null: the public channel (every branch). */
  branch_id: number | null;
  amount: number;
  count: number;
  /** Hundredths of a percent (probability x 100). */
  threshold: number;
}

/**
 * The day's allocation set as one text: allocations ordered by id, each with its fields in
 * a fixed order, as JSON without spaces. Its SHA-256 is the published commitment.
 */
export function canonicalAllocationSet(allocations: CommittedAllocation[]): string {
  const ordered = [...allocations].sort((a, b) => a.id - b.id);
  return JSON.stringify(ordered.map((a) => ({ id: a.id, type: a.type, branch_id: a.branch_id, amount: a.amount, count: a.count, threshold: a.threshold })));
}

// ------------------------------------------------------------------ checking a draw

/** One allocation a draw considered, as its audit row records it. */
export interface ConsideredRoll {
  allocation_id: number;
  amount: number;
  threshold: number;
  /** Stock left when the draw read the scheme. */
  remaining_seen?: number;
  /** null when the threshold is 0 (nothing rolled). */
  roll: number | null;
  attempt?: number;
  input?: string;
  value?: number;
  won: boolean;
  /** null when not won; false when another draw took the last unit first. */
  claimed: boolean | null;
  /** The allocation's stock left right after this claim (the order of claims). */
  remaining_after?: number | null;
}

/** What the public sees of one draw: no name, phone or record slug. */
export interface PublicDraw {
  draw_id: string;
  /** The order in which draws were stored (their claims are in this order). */
  seq: number;
  day: string;
  kind: DrawKindName;
  record_id: number;
  client_seed: string;
  type: string;
  branch_id: number | null;
  base_prize: number;
  considered: ConsideredRoll[];
  result: { amount: number; allocation_id: number | null };
}

export interface DrawVerdict {
  draw_id: string;
  ok: boolean;
  /** Plain-language reasons, empty when ok. */
  problems: string[];
  /** The rolls recomputed from the revealed seed. */
  rolls: Array<{ allocation_id: number; input: string | null; roll: number | null; recorded: number | null }>;
}

/**
 * Recomputes one draw from the revealed day seed and the committed allocation set: every
 * allocation considered is in the set with the committed chance; every roll is the HMAC of
 * its input (with no attempt skipped that should have counted); won is roll < threshold;
 * allocations are tried highest amount first; the prize is the first won-and-claimed
 * allocation's amount, or the base prize when none was.
 */
export function verifyDraw(seedHex: string, allocations: CommittedAllocation[] | Map<number, CommittedAllocation>, draw: PublicDraw): DrawVerdict {
  const problems: string[] = [];
  const byId = allocations instanceof Map ? allocations : new Map(allocations.map((a) => [a.id, a]));
  const rolls: DrawVerdict['rolls'] = [];
  let prize: { amount: number; allocation_id: number | null } | null = null;
  let previous: { amount: number; id: number } | null = null;
  for (const c of draw.considered) {
    const committed = byId.get(c.allocation_id);
    if (!committed) problems.push(`Allocation ${c.allocation_id} is not in the day's committed prize scheme.`);
    else {
      if (committed.type !== draw.type || committed.branch_id !== draw.branch_id) problems.push(`Allocation ${c.allocation_id} belongs to another channel or branch.`);
      if (committed.threshold !== c.threshold) problems.push(`Allocation ${c.allocation_id} was rolled at ${c.threshold / 100}% but committed at ${committed.threshold / 100}%.`);
      if (committed.amount !== c.amount) problems.push(`Allocation ${c.allocation_id} is recorded as Rs. ${c.amount} but committed as Rs. ${committed.amount}.`);
    }
    if (previous && (c.amount > previous.amount || (c.amount === previous.amount && c.allocation_id < previous.id))) {
      problems.push(`Allocation ${c.allocation_id} was tried out of order (highest amount first).`);
    }
    previous = { amount: c.amount, id: c.allocation_id };
    if (prize) {
      problems.push(`Allocation ${c.allocation_id} was tried after a prize had already been claimed.`);
      continue;
    }
    const threshold = committed?.threshold ?? c.threshold;
    if (threshold === 0) {
      rolls.push({ allocation_id: c.allocation_id, input: null, roll: null, recorded: c.roll });
      if (c.roll !== null || c.won) problems.push(`Allocation ${c.allocation_id} has a 0% chance and cannot be won.`);
      continue;
    }
    const trace = fairRoll(seedHex, draw.client_seed, draw.kind, draw.record_id, c.allocation_id);
    rolls.push({ allocation_id: c.allocation_id, input: trace.input, roll: trace.roll, recorded: c.roll });
    if (c.roll !== trace.roll) problems.push(`The roll for allocation ${c.allocation_id} is recorded as ${c.roll} but recomputes to ${trace.roll}.`);
    const won = trace.roll < threshold;
    if (c.won !== won) problems.push(`Allocation ${c.allocation_id} is recorded as ${c.won ? 'won' : 'lost'} but the roll ${trace.roll} against ${threshold} says ${won ? 'won' : 'lost'}.`);
    if (!won && c.claimed !== null) problems.push(`Allocation ${c.allocation_id} records a claim without a win.`);
    if (won && c.claimed) prize = { amount: committed?.amount ?? c.amount, allocation_id: c.allocation_id };
  }
  const expected = prize ?? { amount: draw.base_prize, allocation_id: null };
  if (draw.result.amount !== expected.amount || draw.result.allocation_id !== expected.allocation_id) {
    problems.push(`The prize is recorded as Rs. ${draw.result.amount} but the rolls give Rs. ${expected.amount}.`);
  }
  return { draw_id: draw.draw_id, ok: problems.length === 0, problems, rolls };
}

/** A revealed day as the public API gives it. */
export interface RevealedDay {
  day: string;
  seed_hash: string;
  allocation_set_hash: string;
  /** Present once the day has ended. */
  seed: string | null;
  allocation_set: string | null;
  committed_at: string;
  /** When the day began (Nepal midnight), as an ISO instant. */
  starts_at: string;
}

export interface DayVerdict {
  day: string;
  /** Problems with the day itself (seed, scheme, late commitment, stock). */
  problems: string[];
  draws: DrawVerdict[];
  ok: boolean;
}

/**
 * A revealed day against what was published before it began: the seed against its hash,
 * the prize scheme against its hash, and the commitment's time. Returns the problems (plain
 * words), the seed (null when the day is not revealed yet) and the scheme.
 */
export function checkCommitment(day: RevealedDay): { problems: string[]; seed: string | null; allocations: CommittedAllocation[] } {
  if (!day.seed || day.allocation_set === null) {
    return { problems: ['The day has not been revealed yet (its seed is published after the day ends).'], seed: null, allocations: [] };
  }
  const problems: string[] = [];
  const wellFormed = /^[0-9a-f]{64}$/.test(day.seed);
  if (!wellFormed) problems.push('The revealed seed is not 32 bytes of hex.');
  else if (sha256Hex(hexToBytes(day.seed)) !== day.seed_hash) problems.push('The revealed seed does not match the commitment published before the day.');
  if (sha256Hex(day.allocation_set) !== day.allocation_set_hash) problems.push('The revealed prize scheme does not match the commitment published before the day.');
  if (Date.parse(day.committed_at) > Date.parse(day.starts_at)) problems.push(`The commitment was made late, at ${day.committed_at}, after the day began.`);
  let allocations: CommittedAllocation[] = [];
  try {
    allocations = JSON.parse(day.allocation_set) as CommittedAllocation[];
  } catch {
    problems.push('The revealed prize scheme is not JSON.');
  }
  return { problems, seed: wellFormed ? day.seed : '00'.repeat(32), allocations };
}

/**
 * Checks a revealed day: the seed and the allocation set against the hashes published before
 * the day began, the commitment's time, every draw, and that no allocation gave more prizes
 * than its count or refused a claim while it had stock.
 */
export function verifyDay(day: RevealedDay, draws: PublicDraw[]): DayVerdict {
  const { problems, seed, allocations } = checkCommitment(day);
  if (seed === null) return { day: day.day, problems, draws: [], ok: false };
  const scheme = new Map(allocations.map((a) => [a.id, a]));
  const verdicts = draws.map((d) => verifyDraw(seed, scheme, d));
  // Stock: never more prizes than the count; a claim refused only once the stock is gone.
  // One pass in the order of claims (seq) gives each allocation's prizes and the draw that took its last one.
  const byId = new Map(allocations.map((a) => [a.id, a]));
  const awarded = new Map<number, number>();
  const soldOutAt = new Map<number, number>();
  for (const d of [...draws].sort((a, b) => a.seq - b.seq)) {
    const id = d.result.allocation_id;
    if (id === null) continue;
    const n = (awarded.get(id) ?? 0) + 1;
    awarded.set(id, n);
    if (n === byId.get(id)?.count) soldOutAt.set(id, d.seq);
  }
  for (const a of allocations) {
    const n = awarded.get(a.id) ?? 0;
    if (n > a.count) problems.push(`Allocation ${a.id} gave ${n} prizes, more than its ${a.count}.`);
  }
  draws.forEach((d, i) => {
    const v = verdicts[i];
    const fail = (problem: string) => {
      v.problems.push(problem);
      v.ok = false;
    };
    const considered = new Set(d.considered.map((c) => c.allocation_id));
    for (const c of d.considered) {
      if (c.claimed === false && byId.has(c.allocation_id) && !soldOutAt.has(c.allocation_id)) fail(`Allocation ${c.allocation_id} refused a claim while it still had prizes left.`);
    }
    // An allocation of the draw's channel left out must have given its last prize to an earlier
    // draw, unless it comes after the prize won (allocations are tried highest amount first).
    const won = d.result.allocation_id === null ? undefined : byId.get(d.result.allocation_id);
    const after = (a: CommittedAllocation) => !!won && (a.amount < won.amount || (a.amount === won.amount && a.id > won.id));
    for (const a of allocations) {
      if (a.type !== d.type || a.branch_id !== d.branch_id || considered.has(a.id) || after(a)) continue;
      const out = soldOutAt.get(a.id);
      if (out === undefined || out > d.seq) fail(`Allocation ${a.id} (Rs. ${a.amount}) was left out of the draw while it still had prizes left.`);
    }
  });
  return { day: day.day, problems, draws: verdicts, ok: problems.length === 0 && verdicts.every((v) => v.ok) };
}

/** A day as the public API answers it (GET /fairness/days/{day}, and with a draw). */
export interface PublicDayAnswer extends RevealedDay {
  ends_at: string;
  late: boolean;
  revealed: boolean;
}

export interface PublicDrawCheck<D extends PublicDayAnswer = PublicDayAnswer> {
  draw: PublicDraw;
  day: D;
  /** Problems with the day's commitment; null before the day's seed is revealed. */
  dayProblems: string[] | null;
  /** Problems with the draw itself (empty before the reveal). */
  drawProblems: string[];
  rolls: DrawVerdict['rolls'];
}

/**
 * One draw checked the way anyone can, from the public API alone: its answer, and once its
 * day has ended the day's revealed seed and scheme, checked against their commitment and
 * then the draw recomputed. The public page and the admin's draw details both use it; each
 * brings its own reader of the two answers.
 */
export async function checkPublicDraw<D extends PublicDayAnswer>(
  drawId: string,
  read: { draw(id: string): Promise<{ draw: PublicDraw; day: D }>; day(day: string): Promise<D> },
): Promise<PublicDrawCheck<D>> {
  const { draw, day } = await read.draw(drawId);
  if (!day.revealed) return { draw, day, dayProblems: null, drawProblems: [], rolls: [] };
  const full = await read.day(draw.day);
  const commitment = checkCommitment(full);
  const verdict = verifyDraw(commitment.seed ?? '', commitment.allocations, draw);
  return { draw, day: full, dayProblems: commitment.problems, drawProblems: verdict.problems, rolls: verdict.rolls };
}
