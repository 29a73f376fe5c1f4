// `npm run verify-draws -- --day 2082-08-08 [--url https://campaign.example]`: recomputes every
// draw of an ended day from the public data alone (docs/fairness.md). It reads what anyone can
// read (GET /api/v1/fairness/...), checks the revealed seed and prize scheme against the
// commitments published before the day, then each draw's rolls, and prints one line per draw and
// a total. Exits 1 on any mismatch, 2 when it cannot check (no such day, not revealed yet, no
// answer). The day is BS or AD ('2082-08-08' is read as BS, '2025-11-24' as AD).
import { buildIfNeeded } from './build-if-needed.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
if (args.includes('--help') || !option('day')) {
  console.log('usage: npm run verify-draws -- --day YYYY-MM-DD (BS or AD) [--url http://127.0.0.1:3000] [--quiet]');
  process.exit(args.includes('--help') ? 0 : 2);
}

buildIfNeeded(['domain']);
const { bothCalendars, formatDrawId, parseEitherDay, verifyDay } = await import('../domain/dist/index.js').then((m) => m.default ?? m);

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

const started = performance.now();
const { data: published } = await get(`/days/${day}`);
const draws = [];
for (let after = 0; after !== null; ) {
  const page = await get(`/days/${day}/draws?after=${after}`);
  draws.push(...page.data);
  after = page.next_after;
}
const fetched = performance.now();
const verdict = verifyDay(published, draws);
const checked = performance.now();

console.log(`Day ${bothCalendars(day)}: seed hash ${published.seed_hash.slice(0, 16)}..., scheme hash ${published.allocation_set_hash.slice(0, 16)}..., committed ${published.committed_at}`);
for (const problem of verdict.problems) console.log(`  DAY MISMATCH: ${problem}`);
for (const v of verdict.draws) {
  const draw = draws.find((d) => d.draw_id === v.draw_id);
  if (v.ok && quiet) continue;
  const rolls = v.rolls.map((r) => `${r.allocation_id}:${r.roll ?? '-'}`).join(' ');
  console.log(`${v.ok ? 'ok      ' : 'MISMATCH'} ${formatDrawId(v.draw_id)} ${draw.kind} #${draw.record_id} Rs. ${draw.result.amount} rolls [${rolls}]`);
  for (const p of v.problems) console.log(`           ${p}`);
}
const bad = verdict.draws.filter((v) => !v.ok).length;
const seconds = (checked - fetched) / 1000;
console.log(
  `${verdict.draws.length} draws checked, ${verdict.draws.length - bad} ok, ${bad} mismatched${verdict.problems.length ? `, ${verdict.problems.length} problem(s) with the day` : ''}` +
    ` (fetched in ${((fetched - started) / 1000).toFixed(2)} s, checked in ${seconds.toFixed(2)} s${seconds > 0 ? `, ${Math.round(verdict.draws.length / seconds)} draws/s` : ''})`,
);
process.exit(verdict.ok ? 0 : 1);
