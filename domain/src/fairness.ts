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

/**
 * The message of one roll: client seed | kind | subject | allocation id | attempt. The subject
 * is the draw's day (YYYY-MM-DD) from format 2 on, and its record id on the days of format 1:
 * from format 2 nothing the server assigns goes into a roll.
 */
export function rollInput(clientSeed: string, kind: DrawKindName, subject: number | string, allocationId: number, attempt: number): string {
  return `${clientSeed}|${kind}|${subject}|${allocationId}|${attempt}`;
}

/** What a roll's third field is on a day of the given commitment format: the day (2), or the record id (1). */
export const rollSubject = (format: number, draw: { day: string; record_id: number }): number | string => (format >= 2 ? draw.day : draw.record_id);

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
export function fairRoll(seedHex: string, clientSeed: string, kind: DrawKindName, subject: number | string, allocationId: number): RollTrace {
  for (let attempt = 0; ; attempt++) {
    const input = rollInput(clientSeed, kind, subject, allocationId, attempt);
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

/** The base prize of each draw kind (given when no allocation is won). */
export type BasePrizes = Record<DrawKindName, number>;

/** A day's committed scheme, read back from its text: format 2 carries the base prizes. */
export interface CommittedScheme {
  allocations: CommittedAllocation[];
  /** null on days of format 1, whose base prize was a setting outside the commitment. */
  base_prizes: BasePrizes | null;
}

const canonicalAllocations = (allocations: CommittedAllocation[]) =>
  [...allocations].sort((a, b) => a.id - b.id).map((a) => ({ id: a.id, type: a.type, branch_id: a.branch_id, amount: a.amount, count: a.count, threshold: a.threshold }));

/**
 * The day's allocation set as one text (format 1): allocations ordered by id, each with its
 * fields in a fixed order, as JSON without spaces. Its SHA-256 is the published commitment.
 */
export function canonicalAllocationSet(allocations: CommittedAllocation[]): string {
  return JSON.stringify(canonicalAllocations(allocations));
}

/**
 * The day's scheme as one text (format 2): `{"base_prizes":{"preregistration":P,"registration":R},"allocations":[...]}`,
 * the allocations as in format 1, JSON without spaces.
 */
export function canonicalScheme(allocations: CommittedAllocation[], base: BasePrizes): string {
  return JSON.stringify({ base_prizes: { preregistration: base.preregistration, registration: base.registration }, allocations: canonicalAllocations(allocations) });
}

/** A scheme text of either format, parsed (throws on text that is not JSON). */
export function parseScheme(text: string): CommittedScheme {
  const parsed = JSON.parse(text) as CommittedAllocation[] | { base_prizes: BasePrizes; allocations: CommittedAllocation[] };
  return Array.isArray(parsed) ? { allocations: parsed, base_prizes: null } : { allocations: parsed.allocations, base_prizes: parsed.base_prizes };
}

/**
 * The published hash of a scheme text. Format 2 salts it with 32 random bytes revealed with the
 * seed (SHA-256 of the salt's 64 hex characters, a line feed, then the text), so a guessed
 * scheme cannot be confirmed before the day; format 1 hashed the text alone.
 */
export const schemeHash = (text: string, saltHex: string | null) => sha256Hex(saltHex ? `${saltHex}\n${text}` : text);

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
  /**
   * The prize the customer's record was credited with (a pre-registration's prize, a
   * purchase's coupon): equal to the result in an honest draw. Absent from answers made
   * before it was published.
   */
  given?: number | null;
}

/**
 * The kinds of finding a verifier reports, each named in its output (docs/fairness.md):
 * the day's seed or scheme against their hashes, a late commitment, a roll or its HMAC value,
 * the order of trying, the result against the rolls, the prize given against the result, the
 * published totals against the draws, the stock, the base prize against the commitment, a client
 * seed used twice, the chain of commitments and the results sealed in it, a kept archive and a
 * customer's fingerprint.
 */
export type FindingKind =
  | 'seed'
  | 'scheme'
  | 'late'
  | 'roll'
  | 'value'
  | 'order'
  | 'result'
  | 'given'
  | 'totals'
  | 'stock'
  | 'base'
  | 'reuse'
  | 'chain'
  | 'archive'
  | 'fingerprint';

export interface Finding {
  kind: FindingKind;
  message: string;
}

/** Findings, with their messages alone for the screens that list them. */
class Findings {
  readonly list: Finding[] = [];
  add(kind: FindingKind, message: string) {
    this.list.push({ kind, message });
  }
  get messages() {
    return this.list.map((f) => f.message);
  }
}

export interface DrawVerdict {
  draw_id: string;
  ok: boolean;
  /** Plain-language reasons, empty when ok. */
  problems: string[];
  /** The same, each with its kind. */
  findings: Finding[];
  /** The rolls recomputed from the revealed seed. */
  rolls: Array<{ allocation_id: number; input: string | null; roll: number | null; recorded: number | null }>;
}

/** What a draw is checked against: the revealed seed and the committed scheme of its day. */
export interface DrawCheckBasis {
  seedHex: string;
  allocations: CommittedAllocation[] | Map<number, CommittedAllocation>;
  /** The day's commitment format (1 when absent). */
  format?: number;
  /** The committed base prizes (format 2). */
  base_prizes?: BasePrizes | null;
}

/**
 * Recomputes one draw from the revealed day seed and the committed scheme: every allocation
 * considered is in the scheme with the committed chance; every roll and its HMAC value are
 * those of its input (with no attempt skipped that should have counted); won is roll <
 * threshold; allocations are tried highest amount first; the prize is the first
 * won-and-claimed allocation's amount, or the base prize (the committed one, format 2) when
 * none was; the prize given to the record is that prize.
 */
export function verifyDraw(basis: DrawCheckBasis, draw: PublicDraw): DrawVerdict;
export function verifyDraw(seedHex: string, allocations: CommittedAllocation[] | Map<number, CommittedAllocation>, draw: PublicDraw): DrawVerdict;
export function verifyDraw(a: DrawCheckBasis | string, b: PublicDraw | CommittedAllocation[] | Map<number, CommittedAllocation>, c?: PublicDraw): DrawVerdict {
  const basis: DrawCheckBasis = typeof a === 'string' ? { seedHex: a, allocations: b as CommittedAllocation[] } : a;
  const draw = (c ?? b) as PublicDraw;
  const found = new Findings();
  const byId = basis.allocations instanceof Map ? basis.allocations : new Map(basis.allocations.map((x) => [x.id, x]));
  const subject = rollSubject(basis.format ?? 1, draw);
  const rolls: DrawVerdict['rolls'] = [];
  let prize: { amount: number; allocation_id: number | null } | null = null;
  let previous: { amount: number; id: number } | null = null;
  for (const c of draw.considered) {
    const committed = byId.get(c.allocation_id);
    if (!committed) found.add('scheme', `Allocation ${c.allocation_id} is not in the day's committed prize scheme.`);
    else {
      if (committed.type !== draw.type || committed.branch_id !== draw.branch_id) found.add('scheme', `Allocation ${c.allocation_id} belongs to another channel or branch.`);
      if (committed.threshold !== c.threshold) found.add('scheme', `Allocation ${c.allocation_id} was rolled at ${c.threshold / 100}% but committed at ${committed.threshold / 100}%.`);
      if (committed.amount !== c.amount) found.add('scheme', `Allocation ${c.allocation_id} is recorded as Rs. ${c.amount} but committed as Rs. ${committed.amount}.`);
    }
    if (previous && (c.amount > previous.amount || (c.amount === previous.amount && c.allocation_id < previous.id))) {
      found.add('order', `Allocation ${c.allocation_id} was tried out of order (highest amount first).`);
    }
    previous = { amount: c.amount, id: c.allocation_id };
    if (prize) {
      found.add('order', `Allocation ${c.allocation_id} was tried after a prize had already been claimed.`);
      continue;
    }
    const threshold = committed?.threshold ?? c.threshold;
    if (threshold === 0) {
      rolls.push({ allocation_id: c.allocation_id, input: null, roll: null, recorded: c.roll });
      if (c.roll !== null || c.won) found.add('roll', `Allocation ${c.allocation_id} has a 0% chance and cannot be won.`);
      continue;
    }
    const trace = fairRoll(basis.seedHex, draw.client_seed, draw.kind, subject, c.allocation_id);
    rolls.push({ allocation_id: c.allocation_id, input: trace.input, roll: trace.roll, recorded: c.roll });
    if (c.roll !== trace.roll) found.add('roll', `The roll for allocation ${c.allocation_id} is recorded as ${c.roll} but recomputes to ${trace.roll}.`);
    if (c.value !== undefined && c.value !== trace.value) found.add('value', `The HMAC value for allocation ${c.allocation_id} is recorded as ${c.value} but recomputes to ${trace.value}.`);
    if (c.input !== undefined && c.input !== trace.input) found.add('value', `The roll input for allocation ${c.allocation_id} is recorded as ${c.input} but is ${trace.input}.`);
    const won = trace.roll < threshold;
    if (c.won !== won) found.add('roll', `Allocation ${c.allocation_id} is recorded as ${c.won ? 'won' : 'lost'} but the roll ${trace.roll} against ${threshold} says ${won ? 'won' : 'lost'}.`);
    if (!won && c.claimed !== null) found.add('roll', `Allocation ${c.allocation_id} records a claim without a win.`);
    if (won && c.claimed) prize = { amount: committed?.amount ?? c.amount, allocation_id: c.allocation_id };
  }
  const committedBase = basis.base_prizes?.[draw.kind];
  if (committedBase !== undefined && draw.base_prize !== committedBase) {
    found.add('base', `The base prize is recorded as Rs. ${draw.base_prize} but the day committed Rs. ${committedBase}.`);
  }
  const expected = prize ?? { amount: committedBase ?? draw.base_prize, allocation_id: null };
  if (draw.result.amount !== expected.amount || draw.result.allocation_id !== expected.allocation_id) {
    found.add('result', `The prize is recorded as Rs. ${draw.result.amount} but the rolls give Rs. ${expected.amount}.`);
  }
  if (draw.given !== undefined && draw.given !== draw.result.amount) {
    found.add('given', draw.given === null ? `No record holds this draw's prize of Rs. ${draw.result.amount}.` : `The customer was given Rs. ${draw.given} but the draw's prize is Rs. ${draw.result.amount}.`);
  }
  return { draw_id: draw.draw_id, ok: found.list.length === 0, problems: found.messages, findings: found.list, rolls };
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
  /** The commitment's format: 1 (absent in older answers) or 2 (chained, salted, base prizes committed). */
  format?: number;
  /** Format 2: the scheme hash's salt, revealed with the seed. */
  salt?: string | null;
}

/** A day's published totals: per channel and amount, prizes planned, awarded and left; and the base prizes given. */
export interface DayTotals {
  tiers: Array<{ type: string; amount: number; planned: number; awarded: number; left: number }>;
  base_prizes: Array<{ amount: number; awarded: number }>;
}

export interface DayVerdict {
  day: string;
  /** Problems with the day itself (seed, scheme, late commitment, stock, totals, chain). */
  problems: string[];
  /** The same, each with its kind. */
  findings: Finding[];
  draws: DrawVerdict[];
  ok: boolean;
}

export interface CommitmentCheck {
  problems: string[];
  findings: Finding[];
  seed: string | null;
  allocations: CommittedAllocation[];
  base_prizes: BasePrizes | null;
  format: number;
}

/**
 * A revealed day against what was published before it began: the seed against its hash,
 * the prize scheme against its (salted, format 2) hash, and the commitment's time. Returns the
 * findings, the seed (null when the day is not revealed yet) and the scheme.
 */
export function checkCommitment(day: RevealedDay): CommitmentCheck {
  const format = day.format ?? 1;
  const found = new Findings();
  const answer = (seed: string | null, scheme: CommittedScheme) => ({ problems: found.messages, findings: found.list, seed, ...scheme, format });
  if (!day.seed || day.allocation_set === null) {
    found.add('seed', 'The day has not been revealed yet (its seed is published after the day ends).');
    return answer(null, { allocations: [], base_prizes: null });
  }
  const wellFormed = /^[0-9a-f]{64}$/.test(day.seed);
  if (!wellFormed) found.add('seed', 'The revealed seed is not 32 bytes of hex.');
  else if (sha256Hex(hexToBytes(day.seed)) !== day.seed_hash) found.add('seed', 'The revealed seed does not match the commitment published before the day.');
  const salt = format >= 2 ? (day.salt ?? '') : null;
  if (salt !== null && !/^[0-9a-f]{64}$/.test(salt)) found.add('scheme', "The revealed salt of the scheme's hash is not 32 bytes of hex.");
  if (schemeHash(day.allocation_set, salt) !== day.allocation_set_hash) found.add('scheme', 'The revealed prize scheme does not match the commitment published before the day.');
  if (Date.parse(day.committed_at) > Date.parse(day.starts_at)) found.add('late', `The commitment was made late, at ${day.committed_at}, after the day began.`);
  let scheme: CommittedScheme = { allocations: [], base_prizes: null };
  try {
    scheme = parseScheme(day.allocation_set);
    if (format >= 2 && !scheme.base_prizes) found.add('scheme', 'The revealed prize scheme has no base prizes.');
  } catch {
    found.add('scheme', 'The revealed prize scheme is not JSON.');
  }
  return answer(wellFormed ? day.seed : '00'.repeat(32), scheme);
}

/** A day's totals from its scheme and its draws counted per allocation won (null: the base prize) and amount. */
export function totalsOf(scheme: CommittedAllocation[], awarded: Array<{ allocation_id: number | null; amount: number; awarded: number }>): DayTotals {
  const given = new Map<number, number>();
  const base = new Map<number, number>();
  for (const a of awarded) {
    if (a.allocation_id === null) base.set(a.amount, (base.get(a.amount) ?? 0) + a.awarded);
    else given.set(a.allocation_id, (given.get(a.allocation_id) ?? 0) + a.awarded);
  }
  const tiers = new Map<string, DayTotals['tiers'][number]>();
  for (const a of scheme) {
    const key = `${a.type}|${a.amount}`;
    const t = tiers.get(key) ?? { type: a.type, amount: a.amount, planned: 0, awarded: 0, left: 0 };
    t.planned += a.count;
    t.awarded += given.get(a.id) ?? 0;
    t.left = t.planned - t.awarded;
    tiers.set(key, t);
  }
  return {
    tiers: [...tiers.values()].sort((x, y) => (x.type < y.type ? -1 : x.type > y.type ? 1 : y.amount - x.amount)),
    base_prizes: [...base].sort((x, y) => y[0] - x[0]).map(([amount, n]) => ({ amount, awarded: n })),
  };
}

/** A day's draws counted the way totalsOf reads them. */
export function countDraws(draws: PublicDraw[]): Array<{ allocation_id: number | null; amount: number; awarded: number }> {
  const counts = new Map<string, { allocation_id: number | null; amount: number; awarded: number }>();
  for (const d of draws) {
    const key = `${d.result.allocation_id}|${d.result.amount}`;
    const c = counts.get(key) ?? { allocation_id: d.result.allocation_id, amount: d.result.amount, awarded: 0 };
    c.awarded++;
    counts.set(key, c);
  }
  return [...counts.values()];
}

/**
 * Checks a revealed day: the seed and the scheme against the hashes published before the day
 * began, the commitment's time, every draw, that no allocation gave more prizes than its count
 * or refused a claim while it had stock, that no client seed was used twice (format 2), and,
 * when given, that the published totals are the draws' totals.
 */
export function verifyDay(day: RevealedDay & { totals?: DayTotals | null }, draws: PublicDraw[]): DayVerdict {
  const commitment = checkCommitment(day);
  const found = new Findings();
  for (const f of commitment.findings) found.add(f.kind, f.message);
  const verdict = (verdicts: DrawVerdict[]) => ({ day: day.day, problems: found.messages, findings: found.list, draws: verdicts, ok: found.list.length === 0 && verdicts.every((v) => v.ok) });
  const { seed, allocations } = commitment;
  if (seed === null) return verdict([]);
  const scheme = new Map(allocations.map((a) => [a.id, a]));
  const verdicts = draws.map((d) => verifyDraw({ seedHex: seed, allocations: scheme, format: commitment.format, base_prizes: commitment.base_prizes }, d));
  // Stock: never more prizes than the count; a claim refused only once the stock is gone.
  // One pass in the order of claims (seq) gives each allocation's prizes and the draw that took its last one.
  const awarded = new Map<number, number>();
  const soldOutAt = new Map<number, number>();
  for (const d of [...draws].sort((a, b) => a.seq - b.seq)) {
    const id = d.result.allocation_id;
    if (id === null) continue;
    const n = (awarded.get(id) ?? 0) + 1;
    awarded.set(id, n);
    if (n === scheme.get(id)?.count) soldOutAt.set(id, d.seq);
  }
  for (const a of allocations) {
    const n = awarded.get(a.id) ?? 0;
    if (n > a.count) found.add('stock', `Allocation ${a.id} gave ${n} prizes, more than its ${a.count}.`);
  }
  if (commitment.format >= 2) {
    const seen = new Set<string>();
    for (const d of draws) {
      if (seen.has(d.client_seed)) found.add('reuse', `The client seed ${d.client_seed} was used by more than one draw of the day.`);
      seen.add(d.client_seed);
    }
  }
  if (day.totals) {
    const expected = totalsOf(allocations, countDraws(draws));
    if (JSON.stringify(expected) !== JSON.stringify(day.totals)) found.add('totals', "The day's published totals are not the totals of its published draws.");
  }
  draws.forEach((d, i) => {
    const v = verdicts[i];
    const fail = (kind: FindingKind, message: string) => {
      v.problems.push(message);
      v.findings.push({ kind, message });
      v.ok = false;
    };
    const considered = new Set(d.considered.map((c) => c.allocation_id));
    for (const c of d.considered) {
      if (c.claimed === false && scheme.has(c.allocation_id) && !soldOutAt.has(c.allocation_id)) fail('stock', `Allocation ${c.allocation_id} refused a claim while it still had prizes left.`);
    }
    // An allocation of the draw's channel left out must have given its last prize to an earlier
    // draw, unless it comes after the prize won (allocations are tried highest amount first).
    const won = d.result.allocation_id === null ? undefined : scheme.get(d.result.allocation_id);
    const after = (a: CommittedAllocation) => !!won && (a.amount < won.amount || (a.amount === won.amount && a.id > won.id));
    for (const a of allocations) {
      if (a.type !== d.type || a.branch_id !== d.branch_id || considered.has(a.id) || after(a)) continue;
      const out = soldOutAt.get(a.id);
      if (out === undefined || out > d.seq) fail('stock', `Allocation ${a.id} (Rs. ${a.amount}) was left out of the draw while it still had prizes left.`);
    }
  });
  return verdict(verdicts);
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
  /** What the day's check found, by kind (empty before the reveal). */
  dayFindings: Finding[];
}

/**
 * A checked draw's verdict, from the verifier's own findings (never a flag the server sends):
 * `late` when the only findings are the commitment's time (made after the day began, the rest
 * recomputed and matching), `bad` for any other, `hidden` before the day's seed is revealed.
 */
export function drawOutcome(check: PublicDrawCheck): 'ok' | 'late' | 'bad' | 'hidden' {
  if (check.dayProblems === null) return 'hidden';
  if (!check.dayProblems.length && !check.drawProblems.length) return 'ok';
  return !check.drawProblems.length && check.dayFindings.length > 0 && check.dayFindings.every((f) => f.kind === 'late') ? 'late' : 'bad';
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
  if (!day.revealed) return { draw, day, dayProblems: null, drawProblems: [], rolls: [], dayFindings: [] };
  const full = await read.day(draw.day);
  const commitment = checkCommitment(full);
  const verdict = verifyDraw({ seedHex: commitment.seed ?? '', allocations: commitment.allocations, format: commitment.format, base_prizes: commitment.base_prizes }, draw);
  return { draw, day: full, dayProblems: commitment.problems, drawProblems: verdict.problems, rolls: verdict.rolls, dayFindings: commitment.findings };
}
