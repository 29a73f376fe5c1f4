import { countDraws, DayTotals, DayVerdict, Finding, parseScheme, PublicDraw, RevealedDay, sha256Hex, totalsOf, verifyDay, type CommittedAllocation } from './fairness';

/**
 * The chain of daily commitments (docs/fairness.md, "The chain"): each day's commitment from
 * format 2 on names the previous day's commitment hash and seals the results (draws and
 * totals) of every ended day not sealed before, so a past day cannot be rewritten without
 * changing every later link. The backend makes the links with these functions, the verifier
 * and the fairness page check them with the same ones.
 */

/** The results of an ended day, sealed by a later commitment: its day and its results root. */
export interface SealedDay {
  day: string;
  root: string;
}

/** One link of the chain as GET /fairness/chain answers it. */
export interface ChainLink {
  day: string;
  /** 1: a day committed before the chain (its hash binds only its seed and scheme hashes); 2: a chained day. */
  format: number;
  seed_hash: string;
  allocation_set_hash: string;
  /** The previous link's commitment hash (format 2; null on the chain's first day). */
  prev_hash: string | null;
  /** The ended days this commitment seals, in day order (format 2). */
  sealed: SealedDay[];
  /** SHA-256 of commitmentText(link). */
  commitment_hash: string;
  committed_at: string;
  /** The commitment made for the day after the campaign's last, once that day ended, to seal the last days. */
  closing: boolean;
}

/** The characters of a commitment hash a customer is given to keep: 20 hex characters, 80 bits. */
export const FINGERPRINT_LENGTH = 20;
export const fingerprintOf = (commitmentHash: string) => commitmentHash.slice(0, FINGERPRINT_LENGTH);

/**
 * The text whose SHA-256 is a commitment's hash: lines separated by a line feed, no line feed
 * at the end. Format 1 (days committed before the chain): the first four lines. Format 2 adds
 * `prev` (the previous link's hash, or `none`) and one `sealed <day> <root>` line per sealed day.
 */
export function commitmentText(link: Pick<ChainLink, 'day' | 'format' | 'seed_hash' | 'allocation_set_hash' | 'prev_hash' | 'sealed'>): string {
  const lines = [`campaign-draws commitment ${link.format >= 2 ? 2 : 1}`, `day ${link.day}`, `seed_hash ${link.seed_hash}`, `scheme_hash ${link.allocation_set_hash}`];
  if (link.format >= 2) {
    lines.push(`prev ${link.prev_hash ?? 'none'}`);
    for (const s of link.sealed) lines.push(`sealed ${s.day} ${s.root}`);
  }
  return lines.join('\n');
}

export const commitmentHash = (link: Parameters<typeof commitmentText>[0]) => sha256Hex(commitmentText(link));

/** One draw as a line of a day's results: the public draw's fields in a fixed order (its record id left out: a draw moves with its customer to a record made again). */
function drawLine(d: PublicDraw): string {
  const considered = d.considered.map((c) => [c.allocation_id, c.amount, c.threshold, c.remaining_seen ?? null, c.roll, c.attempt ?? null, c.value ?? null, c.won, c.claimed, c.remaining_after ?? null]);
  return `draw ${JSON.stringify([d.seq, d.draw_id, d.kind, d.client_seed, d.type, d.branch_id, d.base_prize, d.result.amount, d.result.allocation_id, d.given ?? null, considered])}`;
}

/**
 * The text whose SHA-256 is a day's results root: a header, the day, one `draw` line per
 * published draw in the order of their claims, and the published totals as JSON.
 */
export function resultsText(day: string, draws: PublicDraw[], totals: DayTotals): string {
  const ordered = [...draws].sort((a, b) => a.seq - b.seq);
  return ['campaign-draws results 1', `day ${day}`, ...ordered.map(drawLine), `totals ${JSON.stringify(totals)}`].join('\n');
}

export const resultsRoot = (day: string, draws: PublicDraw[], totals: DayTotals) => sha256Hex(resultsText(day, draws, totals));

/** The results root of a day from its scheme and draws alone (the server's totals are the draws' totals). */
export const resultsRootOf = (day: string, scheme: CommittedAllocation[], draws: PublicDraw[]) => resultsRoot(day, draws, totalsOf(scheme, countDraws(draws)));

export interface ChainVerdict {
  findings: Finding[];
  /** Each sealed day, with the root sealed and the day of the link that sealed it. */
  sealed: Map<string, { root: string; by: string }>;
  /** The newest link's hash: the chain's head. */
  head: string | null;
}

/**
 * Checks the chain: every link hashes to its published hash, each format-2 link names the
 * link before it (by day), no day is sealed twice, and a link seals only days before its own.
 */
export function verifyChain(links: ChainLink[]): ChainVerdict {
  const findings: Finding[] = [];
  const chain = (message: string) => findings.push({ kind: 'chain', message });
  const ordered = [...links].sort((a, b) => (a.day < b.day ? -1 : 1));
  const sealed = new Map<string, { root: string; by: string }>();
  let previous: ChainLink | undefined;
  for (const link of ordered) {
    if (commitmentHash(link) !== link.commitment_hash) chain(`The commitment of ${link.day} does not hash to its published hash ${link.commitment_hash}.`);
    if (link.format >= 2) {
      if (previous && link.prev_hash !== previous.commitment_hash) chain(`The commitment of ${link.day} does not name the commitment of ${previous.day} before it: the chain is broken there.`);
      if (!previous && link.prev_hash !== null) chain(`The commitment of ${link.day} names a previous commitment that is not published.`);
      for (const s of link.sealed) {
        if (s.day >= link.day) chain(`The commitment of ${link.day} seals ${s.day}, which is not before it.`);
        if (sealed.has(s.day)) chain(`The results of ${s.day} are sealed twice (by ${sealed.get(s.day)!.by} and ${link.day}).`);
        else sealed.set(s.day, { root: s.root, by: link.day });
      }
    } else if (previous && previous.format >= 2) chain(`The commitment of ${link.day} has the old format after the chain began.`);
    previous = link;
  }
  return { findings, sealed, head: ordered.length ? ordered[ordered.length - 1].commitment_hash : null };
}

/** What `verify-draws --archive` keeps of what it has seen: each day's commitment hash and, once sealed, its results root. */
export interface DrawArchive {
  version: 1;
  days: Record<string, { commitment_hash: string; results_root?: string }>;
}

/**
 * The links and results roots seen now against an archive kept from earlier runs: any day
 * whose commitment hash or results root changed is an `archive` finding (a server that rewrote
 * a day and recomputed every later link cannot hide it from a copy made before). Returns the
 * findings and the archive with what is new added (what was kept first is never replaced).
 */
export function compareArchive(archive: DrawArchive | null, links: ChainLink[], roots: Record<string, string>): { findings: Finding[]; archive: DrawArchive } {
  const kept: DrawArchive = { version: 1, days: { ...(archive?.days ?? {}) } };
  const findings: Finding[] = [];
  for (const link of links) {
    const before = kept.days[link.day];
    if (before && before.commitment_hash !== link.commitment_hash) {
      findings.push({ kind: 'archive', message: `The commitment of ${link.day} is now ${link.commitment_hash}, but was ${before.commitment_hash} when archived.` });
    } else if (!before) kept.days[link.day] = { commitment_hash: link.commitment_hash };
  }
  for (const [day, root] of Object.entries(roots)) {
    const before = kept.days[day];
    if (before?.results_root && before.results_root !== root) findings.push({ kind: 'archive', message: `The results of ${day} now hash to ${root}, but to ${before.results_root} when archived.` });
    else if (before) kept.days[day] = { ...before, results_root: root };
  }
  return { findings, archive: kept };
}

/** A day's answer as the verifier reads it: the revealed day, its totals and its place in the chain. */
export type PublishedDay = RevealedDay & { totals?: DayTotals | null; commitment_hash?: string };

export interface PublishedCheck {
  day: DayVerdict;
  /** The day's results root, recomputed from its published draws and totals. */
  root: string;
  /** The link that sealed the day's results, or null while none has (the day is unsealed). */
  sealedBy: string | null;
  head: string | null;
  /** The archive with what this run saw added (null when none was asked for). */
  archive: DrawArchive | null;
  /** Every finding: the day's, its draws', the chain's, the archive's and the fingerprints'. */
  findings: Finding[];
  /** The same without the draws' own (those are in `day.draws`). */
  dayFindings: Finding[];
  ok: boolean;
}

/**
 * Everything an outsider can check of an ended day from the public API: the day and its draws
 * (verifyDay), the whole chain (verifyChain), the day's own link against its answer, its
 * results against the root a later link sealed (a day not sealed yet is reported unsealed, not
 * failed), an archive kept from earlier runs, and fingerprints customers were given.
 */
export function verifyPublished(o: { day: PublishedDay; draws: PublicDraw[]; links: ChainLink[]; archive?: DrawArchive | null; fingerprints?: string[] }): PublishedCheck {
  const day = verifyDay(o.day, o.draws);
  const chain = verifyChain(o.links);
  const findings: Finding[] = [...day.findings, ...chain.findings];
  const link = o.links.find((l) => l.day === o.day.day);
  if (!link) findings.push({ kind: 'chain', message: `The day ${o.day.day} is not in the published chain.` });
  else if (link.seed_hash !== o.day.seed_hash || link.allocation_set_hash !== o.day.allocation_set_hash || (o.day.commitment_hash !== undefined && link.commitment_hash !== o.day.commitment_hash)) {
    findings.push({ kind: 'chain', message: `The day's answer and its link in the chain disagree on its commitment.` });
  }
  const root = resultsRoot(o.day.day, o.draws, o.day.totals ?? totalsOf(parseSchemeSafe(o.day.allocation_set), countDraws(o.draws)));
  const seal = chain.sealed.get(o.day.day);
  if (seal && seal.root !== root) findings.push({ kind: 'chain', message: `The day's published draws and totals no longer match the results root sealed by the commitment of ${seal.by}.` });
  for (const fp of o.fingerprints ?? []) {
    const wanted = fp.trim().toLowerCase();
    if (!link || !link.commitment_hash.startsWith(wanted)) findings.push({ kind: 'fingerprint', message: `The fingerprint ${wanted} a customer was given is not the day's commitment ${link ? fingerprintOf(link.commitment_hash) : '(none)'}.` });
  }
  let archive: DrawArchive | null = null;
  if (o.archive !== undefined) {
    const compared = compareArchive(o.archive, o.links, { [o.day.day]: root });
    findings.push(...compared.findings);
    archive = compared.archive;
  }
  const drawFindings = day.draws.flatMap((d) => d.findings.map((f) => ({ kind: f.kind, message: `Draw ${d.draw_id}: ${f.message}` })));
  return { day, root, sealedBy: seal?.by ?? null, head: chain.head, archive, findings: [...findings, ...drawFindings], dayFindings: findings, ok: findings.length + drawFindings.length === 0 };
}

function parseSchemeSafe(text: string | null): CommittedAllocation[] {
  try {
    return text ? parseScheme(text).allocations : [];
  } catch {
    return [];
  }
}
