// `npm run verify-draws -- --day 2082-08-08 [--url https://campaign.example] [--archive FILE] [--fingerprint HEX]`:
// recomputes every draw of an ended day from the public data alone (docs/fairness.md). It reads
// what anyone can read (GET /api/v1/fairness/...), checks the revealed seed and prize scheme
// against the commitments published before the day, each draw's rolls and HMAC values, the prize
// given, the published totals, the chain of commitments and the results root sealed in it, and
// with --archive a copy of what it saw before (kept in FILE, made on the first run) and with
// --fingerprint the fingerprint a customer's SMS carried. Prints one line per draw, each finding
// by its kind, and a total. Exits 1 on any finding, 2 when it cannot check (no such day, not
// revealed yet, no answer). The day is BS or AD ('2082-08-08' is read as BS, '2025-11-24' as AD).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildIfNeeded } from './build-if-needed.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const options = (name) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]] : []));
if (args.includes('--help') || !option('day')) {
  console.log('usage: npm run verify-draws -- --day YYYY-MM-DD (BS or AD) [--url http://127.0.0.1:3000] [--archive FILE] [--fingerprint HEX]... [--quiet]');
  process.exit(args.includes('--help') ? 0 : 2);
}

buildIfNeeded(['domain']);
const { bothCalendars, fingerprintOf, formatDrawId, parseEitherDay, verifyPublished } = await import('../domain/dist/index.js').then((m) => m.default ?? m);

const base = option('url', process.env.CAMPAIGN_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const quiet = args.includes('--quiet');
const day = parseEitherDay(option('day'));
if (!day) {
  console.error(`Not a day: ${option('day')} (YYYY-MM-DD, BS or AD).`);
  process.exit(2);
}

async function get(path) {
  const res = await fetch(`${base}/api/v1/fairness${path}`, { headers: { accept: 'application/json' } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    console.error(`${day}: ${body.message ?? `HTTP ${res.status}`} (${base})`);
    process.exit(2);
  }
  return body;
}

const archivePath = option('archive');
let archive;
if (archivePath) {
  try {
    archive = existsSync(archivePath) ? JSON.parse(readFileSync(archivePath, 'utf8')) : null;
  } catch (e) {
    console.error(`${archivePath}: not an archive of this verifier (${e.message})`);
    process.exit(2);
  }
}

const started = performance.now();
const { data: published } = await get(`/days/${day}`);
const { data: links } = await get('/chain');
const draws = [];
for (let after = 0; after !== null; ) {
  const page = await get(`/days/${day}/draws?after=${after}`);
  draws.push(...page.data);
  after = page.next_after;
}
const fetched = performance.now();
const check = verifyPublished({ day: published, draws, links, archive, fingerprints: options('fingerprint') });
const checked = performance.now();
if (archivePath) writeFileSync(archivePath, `${JSON.stringify(check.archive, null, 1)}\n`);

const link = links.find((l) => l.day === published.day);
console.log(
  `Day ${bothCalendars(day)}: format ${published.format ?? 1}, fingerprint ${link ? fingerprintOf(link.commitment_hash) : '-'}, seed hash ${published.seed_hash.slice(0, 16)}..., scheme hash ${published.allocation_set_hash.slice(0, 16)}..., committed ${published.committed_at}`,
);
console.log(
  `Chain: ${links.length} links, head ${check.head ? fingerprintOf(check.head) : '-'}; results ${check.sealedBy ? `sealed by the commitment of ${check.sealedBy}` : 'unsealed (a later commitment seals them at its making)'}`,
);
for (const f of check.dayFindings) console.log(`  [${f.kind}] ${f.message}`);
for (const v of check.day.draws) {
  const draw = draws.find((d) => d.draw_id === v.draw_id);
  if (v.ok && quiet) continue;
  const rolls = v.rolls.map((r) => `${r.allocation_id}:${r.roll ?? '-'}`).join(' ');
  console.log(`${v.ok ? 'ok      ' : 'MISMATCH'} ${formatDrawId(v.draw_id)} ${draw.kind} #${draw.record_id} Rs. ${draw.result.amount} rolls [${rolls}]`);
  for (const f of v.findings) console.log(`           [${f.kind}] ${f.message}`);
}
const bad = check.day.draws.filter((v) => !v.ok).length;
const kinds = new Map();
for (const f of check.findings) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
const seconds = (checked - fetched) / 1000;
console.log(
  `${check.day.draws.length} draws checked, ${check.day.draws.length - bad} ok, ${bad} mismatched` +
    (kinds.size ? `; findings: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}` : '') +
    ` (fetched in ${((fetched - started) / 1000).toFixed(2)} s, checked in ${seconds.toFixed(2)} s${seconds > 0 ? `, ${Math.round(check.day.draws.length / seconds)} draws/s` : ''})`,
);
// exitCode, not exit(): a long report piped to another program is written whole before the process ends.
process.exitCode = check.ok ? 0 : 1;
