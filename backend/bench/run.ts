/**
 * `npm run bench`: the product at campaign scale against a framework-free baseline, in one
 * run on one machine (docs/benchmarks.md). Starts a throwaway PostgreSQL, fills it with the
 * large seed, starts the built app and the baseline server, drives both with autocannon on
 * 127.0.0.1 in bounded runs, measures the front end, prints one table and cleans up (children,
 * cluster, folders) whatever happens. The whole run stops itself within 10 minutes.
 *
 * Options: --scale 0.05 (a fraction of the campaign-sized dataset, for development),
 * --only reads,enquiry,draw,tables,download,startup,frontend,hostile,fairness,rehearsal, --duration 8 (s per load run),
 * --out file.md (also write the table as Markdown), --registrations N / --preregistrations N /
 * --test-rides N (one table's size whatever the scale: `--scale 0.01 --registrations 200000
 * --preregistrations 200000 --only download` measures the 200,000-row download without seeding a
 * million pre-registrations), --no-build (measure the apps as built, e.g. another checkout's),
 * --vectors utf16,allrows and --rounds N (issue #32's hostile vectors to run, and their rounds),
 * --help. The hostile row alone, small: `npm run bench -w backend -- --only hostile --scale 0.01`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { Client } from 'pg';
import { freePort, startCluster, stopCluster } from '../test/harness/pg-cluster';
import { DEMO_LOGINS } from '../src/database/seeds/demo-data';
import { hostileVectors, type VectorRow } from './hostile-vectors';
import { adminSizes, firstRowsAfterSignIn, http2Front, lighthouse, publicSiteSizes, repeatVisitFirstRows, withCampaignPictures } from './frontend';
import {
  cleanup,
  http,
  load,
  LoadFigures,
  memory,
  onCleanup,
  percentile,
  removeOnCleanup,
  sampleRss,
  signIn,
  sleep,
  startChild,
  stopChild,
  timings,
  waitForHttp,
} from './lib';

const ROOT = resolve(__dirname, '..', '..');
const BACKEND = resolve(__dirname, '..');
const BUDGET_MS = 9.5 * 60_000;
const started = Date.now();

// ------------------------------------------------------------------ options

const argv = process.argv.slice(2);
const arg = (name: string, fallback?: string) => {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return argv[i].includes('=') ? argv[i].split('=').slice(1).join('=') : argv[i + 1];
};
const SCALE = Number(arg('scale', '1'));
const DURATION = Math.min(20, Number(arg('duration', '8')));
const ONLY = arg('only')?.split(',');
const OUT = arg('out');
const VECTOR_NAMES = arg('vectors')?.split(',');
/**
 * Rounds of each #32 vector: 3 when the hostile row runs alone (`--only hostile`), 1 in a
 * run of more, whose watchdog (10 minutes) the rounds would take from the front end's rows.
 */
const ROUNDS = Number(arg('rounds', ONLY?.length === 1 && ONLY[0] === 'hostile' ? '3' : '1'));
const BUILD = !argv.includes('--no-build');
/** A table's size from its own option, else the scale's share of the campaign-sized dataset. */
const size = (option: string, full: number) => Math.round(Number(arg(option, String(full * SCALE))));
if (argv.includes('--help')) {
  process.stdout.write(
    [
      'npm run bench [-- options]',
      '  --scale F             fraction of the campaign-sized dataset (default 1)',
      "  --preregistrations N  --registrations N  --test-rides N   one table's size, whatever the scale",
      '  --only a,b            scenarios: reads,enquiry,draw,download,frontend,tables,hostile,fairness,startup,rehearsal',
      '  --duration S          seconds per load run (default 8, at most 20)',
      "  --vectors a,b         the hostile row's #32 vectors to run: utf16,multipart51,images40mp,allrows,searches30,hosts,strangers",
      '  --rounds N            rounds (a quiet window, then one under attack) per #32 vector (default 3 with --only hostile, else 1)',
      '  --out file.md         also write the table as Markdown',
      '  --no-build            measure the apps as built (skip building what is stale)',
      '',
    ].join('\n'),
  );
  process.exit(0);
}
const wanted = (s: string) => !ONLY || ONLY.includes(s);
const log = (line: string) => process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
const left = () => BUDGET_MS - (Date.now() - started);

// ------------------------------------------------------------------ the report

/** A row of the table: one scenario's figure against its baseline and target (the hostile vectors write the same). */
type Row = VectorRow;
const rows: Row[] = [];
const fmt = (n: number, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '-';
const loadText = (f?: LoadFigures) =>
  f
    ? `${fmt(f.rps)} req/s · p50 ${fmt(f.p50)} ms · p99 ${fmt(f.p99)} ms · ${f.errors} err${f.statuses ? ` ${JSON.stringify(f.statuses)}` : ''}`
    : '-';
function add(row: Row) {
  rows.push(row);
  log(
    `${row.scenario}: ${row.product} | baseline ${row.baseline} | ratio ${row.ratio} | ${row.target} ${row.met === undefined ? '' : row.met ? 'MET' : 'MISSED'}`,
  );
}

/** A max-throughput run against the baseline's: met at `minRatio` of its requests per second, with no error. */
function throughputRow(scenario: string, prod: LoadFigures, base: LoadFigures, minRatio: number) {
  add({
    scenario,
    product: loadText(prod),
    baseline: loadText(base),
    ratio: `${fmt(prod.rps / base.rps, 2)}×`,
    target: `≥ ${fmt(minRatio, 1)}× baseline req/s, 0 errors`,
    met: prod.rps >= minRatio * base.rps && prod.errors === 0,
  });
}

/** A run at a fixed rate: met when its p99 is under `p99Ms` with no error; the ratio is to the baseline's p99. */
function rateRow(scenario: string, prod: LoadFigures, base: LoadFigures, p99Ms: number) {
  add({
    scenario,
    product: loadText(prod),
    baseline: loadText(base),
    ratio: `p99 ${fmt(prod.p99 / Math.max(1, base.p99), 2)}×`,
    target: `p99 < ${p99Ms} ms, 0 errors`,
    met: prod.p99 < p99Ms && prod.errors === 0,
  });
}

function table(): string {
  const head = ['scenario', 'product', 'baseline (same run)', 'ratio', 'target', 'met'];
  const body = rows.map((r) => [r.scenario, r.product, r.baseline, r.ratio, r.target, r.met === undefined ? '' : r.met ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

// ------------------------------------------------------------------ setup

async function main() {
  const watchdog = setTimeout(
    () => {
      process.stderr.write('bench: 10-minute budget exceeded, cleaning up\n');
      void cleanup().then(() => process.exit(2));
    },
    10 * 60_000 - 10_000,
  );
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().then(() => process.exit(130)));

  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}, Node ${process.version}`;
  log(`machine: ${machine}`);

  if (BUILD) {
    log('building what is stale (backend, admin, public site) ...');
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }

  // The large seed imports @campaign/domain's build, which a fresh clone has only after the
  // build step above: it is loaded here, not at module load.
  const { LARGE_SEED_DEFAULTS, seedLargeAt } = await import('../src/database/seeds/large-seed');
  // pg_stat_statements counts the statements the app sends per enquiry (issue #33: at most 6).
  const cluster = await startCluster(['shared_preload_libraries=pg_stat_statements']);
  onCleanup(() => stopCluster(cluster));
  const admin = new Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const dbUrl = cluster.adminUrl.replace(/\/postgres$/, '/bench');
  const sizes = {
    preregistrations: size('preregistrations', LARGE_SEED_DEFAULTS.preregistrations),
    registrations: size('registrations', LARGE_SEED_DEFAULTS.registrations),
    testRides: size('test-rides', LARGE_SEED_DEFAULTS.testRides),
  };
  log(`seeding ${JSON.stringify(sizes)} ...`);
  const counts = await seedLargeAt(dbUrl, { ...sizes, log: (l) => log(l.trim()) });
  log(`seeded: ${JSON.stringify(counts)}`);
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  onCleanup(() => db.end());

  // The built app, as `npm start` runs it, with the log SMS provider's worker on.
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  removeOnCleanup(dataDir);
  const appPort = await freePort();
  // Node's flags for the app alone, e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" for a profile of it.
  const appFlags = process.env.BENCH_APP_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const app = startChild('app', process.execPath, [...appFlags, join(BACKEND, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SMS_PROVIDER: 'log',
      SMS_WORKER: 'true',
      RATE_LIMIT_DISABLED: 'true',
      // X-Forwarded-For from loopback names the client: the hostile row's strangers come from IPv6 /64s of their own.
      TRUST_PROXY: 'loopback',
    },
  });
  const basePort = await freePort();
  const baseline = startChild('baseline', process.execPath, [join(__dirname, 'register.js'), join(__dirname, 'baseline-server.ts')], {
    cwd: BACKEND,
    env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, PORT: String(basePort), DATABASE_POOL_SIZE: '10' },
  });
  const APP = `http://127.0.0.1:${appPort}`;
  const BASE = `http://127.0.0.1:${basePort}`;
  await waitForHttp(`${APP}/api/v1/health`, app, 60_000);
  await waitForHttp(`${BASE}/api/v1/health`, baseline, 30_000);
  log(`app on ${APP} (pid ${app.pid}), baseline on ${BASE} (pid ${baseline.pid})`);

  const ctx = { APP, BASE, db, app: app.pid!, base: baseline.pid! };
  // The scenarios of a fixed cost first; the front end, whose Lighthouse pages stop when the
  // run's time is short (its own checks leave a minute, for the verifier and `npm start`), takes
  // what is left. The verifier comes after it, as before: its revealed day stays out of the pages.
  const scenarios: Array<[string, () => Promise<void>]> = [
    ['reads', () => reads(ctx)],
    ['enquiry', () => enquiry(ctx)],
    ['draw', () => draw(ctx)],
    ['download', () => download(ctx)],
    ['tables', () => tables(ctx)],
    ['hostile', () => hostile(ctx)],
    ['frontend', () => frontend(ctx)],
    ['fairness', () => fairness(ctx)],
  ];
  for (const [name, run] of scenarios) {
    if (!wanted(name)) continue;
    if (left() < 20_000) {
      add({ scenario: name, product: 'skipped: out of time', baseline: '-', ratio: '-', target: '-' });
      continue;
    }
    try {
      await run();
    } catch (e) {
      add({
        scenario: name,
        product: `failed: ${e instanceof Error ? e.message : String(e)}`,
        baseline: '-',
        ratio: '-',
        target: '-',
        met: false,
      });
    }
  }
  await stopChild(app);
  await stopChild(baseline);
  if (wanted('startup') && left() > 30_000)
    await startup().catch((e) =>
      add({ scenario: 'startup', product: `failed: ${e.message}`, baseline: '-', ratio: '-', target: '< 5 s', met: false }),
    );
  if (wanted('rehearsal') && left() > 150_000)
    await rehearsalTimings().catch((e) =>
      add({ scenario: 'rehearsal', product: `failed: ${e.message}`, baseline: '-', ratio: '-', target: '-', met: false }),
    );

  const text = table();
  process.stdout.write(
    `\nMachine: ${machine}\nDataset: ${JSON.stringify(counts)}\nRun took ${((Date.now() - started) / 1000).toFixed(0)} s\n\n${text}\n\n`,
  );
  if (OUT) writeFileSync(OUT, `Machine: ${machine}\n\nDataset: ${JSON.stringify(counts)}\n\n${text}\n`);
  clearTimeout(watchdog);
}

type Ctx = { APP: string; BASE: string; db: Client; app: number; base: number };

// ------------------------------------------------------------------ (1) the landing page's reads

async function reads({ APP, BASE }: Ctx) {
  const mix = ['/api/v1/settings', '/api/v1/branches', '/api/v1/bike-models', '/api/v1/videos'].map((path) => ({ method: 'GET', path }));
  for (const u of [APP, BASE]) await load({ url: u, connections: 4, amount: 200, requests: mix });
  const base = await load({ url: BASE, connections: 32, duration: DURATION, requests: mix });
  const prod = await load({ url: APP, connections: 32, duration: DURATION, requests: mix });
  throughputRow('public read mix, max throughput', prod, base, 1);
  const prodRate = await load({ url: APP, connections: 32, duration: DURATION, overallRate: 500, requests: mix });
  const baseRate = await load({ url: BASE, connections: 32, duration: DURATION, overallRate: 500, requests: mix });
  rateRow('public read mix at 500 req/s', prodRate, baseRate, 50);
}

// ------------------------------------------------------------------ (2) POST /enquiry

/** Enquiries sent one at a time while the statements are counted. */
const STATEMENT_SAMPLE = 100;

/**
 * Statements PostgreSQL ran per enquiry (pg_stat_statements, top level: one per round trip,
 * BEGIN and COMMIT included), over STATEMENT_SAMPLE enquiries sent one after another. The
 * SMS worker's statements (every one names `locked_by`) are left out: they send the codes,
 * one round per batch, whatever the enquiries' own cost.
 */
async function statementsPerEnquiry(db: Client, run: () => Promise<LoadFigures>) {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
  const figures = await run();
  const { rows } = await db.query(
    `SELECT s.query, sum(s.calls)::int AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = current_database() AND s.query NOT LIKE '%locked_by%' AND s.query NOT LIKE '%pg_stat_statements%'
      GROUP BY s.query ORDER BY calls DESC`,
  );
  const answered = figures.requests - figures.errors;
  const total = rows.reduce((n: number, r: { calls: number }) => n + r.calls, 0);
  const perEnquiry = total / Math.max(1, answered);
  const top = rows.slice(0, 12).map((r: { query: string; calls: number }) => `${fmt(r.calls / Math.max(1, answered), 2)} × ${r.query.replace(/\s+/g, ' ').slice(0, 70)}`);
  log(`statements per enquiry: ${fmt(perEnquiry, 2)} over ${answered} enquiries\n  ${top.join('\n  ')}`);
  add({
    scenario: 'POST /enquiry, statements per enquiry',
    product: `${fmt(perEnquiry, 2)} statements (${answered} enquiries one at a time, BEGIN and COMMIT counted, the SMS worker's left out)`,
    baseline: 'the baseline sends 1 (one INSERT)',
    ratio: '',
    target: '≤ 6 statements',
    met: perEnquiry <= 6,
  });
}

async function enquiry({ APP, BASE, db }: Ctx) {
  const [{ model, branch }] = (await db.query(`SELECT (SELECT min(id) FROM bike_model) AS model, (SELECT min(id) FROM branch) AS branch`))
    .rows;
  let serial = 0;
  // Unique phones: 96 + 8 digits (the large seed uses 98 and 97).
  const requests = (block: number) => [
    {
      method: 'POST',
      path: '/api/v1/enquiry',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: JSON.stringify({
          name: 'Bench Customer',
          phone: `96${String(block * 1_000_000 + (serial++ % 1_000_000)).padStart(8, '0')}`,
          bike_model_id: model,
          nearest_branch_id: branch,
          source: 'NEWSPAPER',
          shared: true,
        }),
      }),
    },
  ];
  await load({ url: APP, connections: 2, amount: 50, requests: requests(1) });
  await load({ url: BASE, connections: 2, amount: 50, requests: requests(2) });
  await statementsPerEnquiry(db, () => load({ url: APP, connections: 1, amount: STATEMENT_SAMPLE, requests: requests(7) }));
  serial = 0;
  const base = await load({ url: BASE, connections: 16, duration: DURATION, requests: requests(3) });
  serial = 0;
  const prod = await load({ url: APP, connections: 16, duration: DURATION, requests: requests(4) });
  throughputRow('POST /enquiry, max throughput', prod, base, 0.6);
  serial = 0;
  const prodRate = await load({ url: APP, connections: 16, duration: DURATION, overallRate: 200, requests: requests(5) });
  serial = 0;
  const baseRate = await load({ url: BASE, connections: 16, duration: DURATION, overallRate: 200, requests: requests(6) });
  rateRow('POST /enquiry at 200 req/s', prodRate, baseRate, 100);
}

// ------------------------------------------------------------------ (3) verification with the draw, under contention

async function draw({ APP, db }: Ctx) {
  const [{ model, branch }] = (await db.query(`SELECT (SELECT min(id) FROM bike_model) AS model, (SELECT min(id) FROM branch) AS branch`))
    .rows;
  const run = async (tag: string, connections: number, amount: number, phoneBase: number) => {
    // One allocation of today's public prizes (stock 5, always won while stock lasts) and `amount` records waiting for their code.
    const [{ id: allocation }] = (
      await db.query(
        `INSERT INTO allocation (type, branch_id, date, count, remaining, amount, probability)
         VALUES ('preregistration_public', NULL, (now() AT TIME ZONE 'Asia/Kathmandu')::date, 5, 5, 50000, 100) RETURNING id`,
      )
    ).rows;
    // Today's scheme was committed when the app started: set up as it stands before the
    // commitment, so that the run's first draw commits it again with this stock in it (an
    // allocation added after a commitment is never drawn, docs/fairness.md).
    await db.query(`DELETE FROM draw_day WHERE day = (now() AT TIME ZONE 'Asia/Kathmandu')::date`);
    const slugs: string[] = (
      await db.query(
        `INSERT INTO preregistration (slug, name, phone, bike_model_id, nearest_branch_id, source, shared, send_sms, code, code_expires_at, status)
         SELECT 'benchdraw${tag}' || g, 'Draw Bench', '96' || lpad(($1 + g)::text, 8, '0'), $2, $3, 'NEWSPAPER', true, true, '123456', now() + interval '1 hour', 'pending'
           FROM generate_series(1, $4::int) AS g RETURNING slug`,
        [phoneBase, model, branch, amount],
      )
    ).rows.map((r) => r.slug);
    let i = 0;
    const figures = await load({
      url: APP,
      connections,
      amount,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: '123456' }),
          setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `/api/v1/enquiry/${slugs[i++ % slugs.length]}/verify` }),
        },
      ],
    });
    const [check] = (
      await db.query(
        `SELECT (SELECT remaining FROM allocation WHERE id = $1) AS remaining,
                (SELECT count(*)::int FROM draw WHERE allocation_id = $1) AS won,
                (SELECT count(*)::int FROM preregistration WHERE slug LIKE $2 AND is_verified) AS verified,
                (SELECT count(*)::int FROM preregistration p JOIN draw d ON d.kind = 'preregistration' AND d.record_id = p.id WHERE p.slug LIKE $2) AS draws`,
        [allocation, `benchdraw${tag}%`],
      )
    ).rows;
    return { figures, check, exact: check.remaining === 0 && check.won === 5 && check.verified === amount && check.draws === amount };
  };
  const one = await run('a', 1, 120, 80_000_000);
  const many = await run('b', 64, 640, 81_000_000);
  const stock = (r: typeof one) =>
    `stock ${r.check.remaining} left, ${r.check.won}/5 won, ${r.check.verified} verified, ${r.check.draws} draws`;
  add({
    scenario: 'verify + draw, 64 at once vs 1',
    product: `c=64: ${loadText(many.figures)}; ${stock(many)}`,
    baseline: `c=1: ${loadText(one.figures)}; ${stock(one)}`,
    ratio: `${fmt(many.figures.rps / one.figures.rps, 2)}×`,
    target: '≥ 0.8× the c=1 req/s; stock exact',
    met: many.figures.rps >= 0.8 * one.figures.rps && many.exact && one.exact && many.figures.errors === 0,
  });
}

// ------------------------------------------------------------------ (4) staff tables at a million rows

async function tables({ APP, BASE, db }: Ctx) {
  const users = [
    { who: 'admin', token: (await signIn(APP, 'admin@example.com')).access_token, branch: null as number | null },
    {
      who: 'branch',
      token: (await signIn(APP, 'staff@example.com')).access_token,
      branch: Number((await db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`)).rows[0].branch_id),
    },
  ];
  const [{ model }] = (await db.query(`SELECT id AS model FROM bike_model ORDER BY "order", id OFFSET 1 LIMIT 1`)).rows;
  const [{ other }] = (await db.query(`SELECT id AS other FROM branch ORDER BY "order", id OFFSET 2 LIMIT 1`)).rows;
  const week = (
    await db.query(
      `SELECT to_char((now() AT TIME ZONE 'Asia/Kathmandu')::date - 7, 'YYYY-MM-DD') AS f, to_char((now() AT TIME ZONE 'Asia/Kathmandu')::date, 'YYYY-MM-DD') AS t`,
    )
  ).rows[0];
  const failures: string[] = [];
  for (const u of users) {
    const scope = u.branch === null ? '' : `AND branch_id = ${u.branch}`;
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM preregistration WHERE deleted_at IS NULL ${scope}`)).rows;
    const deep = Math.max(0, Math.min(Math.round(990_000 * SCALE), n - 10, Math.floor(n * 0.99)));
    const [{ phone }] = (
      await db.query(`SELECT phone FROM preregistration WHERE deleted_at IS NULL ${scope} ORDER BY id DESC OFFSET 1000 LIMIT 1`)
    ).rows;
    const cases: Array<[string, string, number]> = [
      ['pre-registrations, first page', '/api/v1/preregistration?start=0&length=10', 50],
      [`pre-registrations, page ${fmt(deep)} rows deep`, `/api/v1/preregistration?start=${deep}&length=10`, 100],
      ['pre-registrations, phone search', `/api/v1/preregistration?start=0&length=10&search%5Bvalue%5D=${phone}`, 50],
      [
        'pre-registrations, name search',
        `/api/v1/preregistration?start=0&length=10&search%5Bvalue%5D=${encodeURIComponent('Sita Gurung')}`,
        50,
      ],
      ['registrations, first page', '/api/v1/registration?start=0&length=10', 50],
      ['registrations, payment mode', '/api/v1/registration?start=0&length=10&payment_mode=FINANCE', 50],
      ['registrations, bike model', `/api/v1/registration?start=0&length=10&bike_model=${model}`, 50],
      ...(u.branch === null
        ? [['registrations, branch', `/api/v1/registration?start=0&length=10&branch=${other}`, 50] as [string, string, number]]
        : []),
      ['registrations, from/to (7 days)', `/api/v1/registration?start=0&length=10&from=${week.f}&to=${week.t}`, 50],
      ['registrations, total prize', '/api/v1/registration?start=0&length=10&prize=4500', 50],
      ['registrations, pre prize', '/api/v1/registration?start=0&length=10&pre_prize=3000', 50],
      ['registrations, post prize', '/api/v1/registration?start=0&length=10&post_prize=1500', 50],
      ['registrations, shared', '/api/v1/registration?start=0&length=10&shared=1', 50],
      ['registrations, rare total prize', '/api/v1/registration?start=0&length=10&prize=950000', 50],
    ];
    for (const [name, path, limit] of cases) {
      // Leave time for the start-up measurement; deep pages are slow, so fewer of them.
      if (left() < 50_000) break;
      const [n, warm] = limit > 50 ? [5, 1] : [12, 2];
      // A person's searches come seconds apart. Sent back to back, one user's next search waits
      // as long as the last one ran (issue #32's per-user gate, src/common/http/user-requests.ts,
      // `rest`), and the row timed that wait instead of the search: 250 ms between them, both sides.
      const gap = path.includes('search%5Bvalue%5D') ? 250 : 0;
      const prod = await timings(`${APP}${path}`, n, { authorization: `Bearer ${u.token}` }, warm, gap);
      const base = await timings(`${BASE}${path}`, n, u.branch === null ? {} : { 'x-bench-branch': String(u.branch) }, warm, gap);
      const met = prod.p95 < limit && prod.errors === 0;
      if (!met) failures.push(`${u.who}: ${name}`);
      const body = prod.body as { recordsTotal?: number; recordsFiltered?: number } | undefined;
      add({
        scenario: `${u.who}: ${name}`,
        product: `p50 ${fmt(prod.p50, 1)} ms · p95 ${fmt(prod.p95, 1)} ms · ${prod.errors} err · ${fmt(body?.recordsFiltered ?? NaN)}/${fmt(body?.recordsTotal ?? NaN)} rows`,
        baseline: `p50 ${fmt(base.p50, 1)} ms · p95 ${fmt(base.p95, 1)} ms · ${base.errors} err`,
        ratio: `p95 ${fmt(prod.p95 / Math.max(0.1, base.p95), 2)}×`,
        target: `p95 < ${limit} ms`,
        met,
      });
    }
  }
}

// ------------------------------------------------------------------ (5) hostile requests (the request budget)

/**
 * Requests built to be expensive (common/http/request-budget.ts), each timed against a
 * normal sign-in measured in the same run, and health's p99 at a steady rate while another
 * process sends them back to back, against the same rate with nothing else running. Before the
 * budget, one 110,000-key login body held every request up for 10-20 s.
 */
async function hostile({ APP, db, app }: Ctx) {
  const json = { 'content-type': 'application/json' };
  const login = { email: 'admin@example.com', password: 'Admin@2082' };
  const bearer = { authorization: `Bearer ${(await signIn(APP, 'admin@example.com')).access_token}` };
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `"${i.toString(36)}":0`).join(',');
  const boundary = 'benchhostile';
  const multipart =
    Array.from({ length: 200 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`).join('') +
    `--${boundary}--\r\n`;
  const cases: Array<{
    name: string;
    path: string;
    method: string;
    headers: Record<string, string>;
    body?: string;
    expect: number;
    flood?: false;
  }> = [
    { name: 'normal sign-in', path: '/api/v1/auth/login', method: 'POST', headers: json, body: JSON.stringify(login), expect: 200 },
    {
      name: 'login, 110,000 unknown keys (0.9 MB)',
      path: '/api/v1/auth/login',
      method: 'POST',
      headers: json,
      body: `{"email":"a@b.c","password":"x",${keys(110_000)}}`,
      expect: 413,
    },
    {
      name: 'login, JSON nested 3,000 deep',
      path: '/api/v1/auth/login',
      method: 'POST',
      headers: json,
      body: `{"email":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      expect: 413,
    },
    {
      name: 'test ride, a list of 200,000 items',
      path: '/api/v1/test-ride',
      method: 'POST',
      headers: json,
      body: `{"name":[${new Array(200_000).fill(0).join(',')}]}`,
      expect: 413,
    },
    {
      name: 'enquiry, a 2 MB string',
      path: '/api/v1/enquiry',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
      expect: 413,
    },
    {
      name: 'enquiry, multipart of 200 fields',
      path: '/api/v1/enquiry',
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
      expect: 413,
    },
    {
      name: 'table, order[100000000][column]',
      path: '/api/v1/preregistration?draw=1&order%5B100000000%5D%5Bcolumn%5D=0',
      method: 'GET',
      headers: bearer,
      expect: 413,
    },
    {
      // The server matches every page address to a route (its page names the route's code).
      name: 'public page, an address of 15,000 slashes around a letter',
      path: `${'/'.repeat(7500)}a${'/'.repeat(7500)}`,
      method: 'GET',
      headers: {},
      expect: 200,
      // A page answered, not a request refused: sent back to back it would be a visitors' load, not an attack on the budget.
      flood: false,
    },
    {
      name: 'table, 1,500 query parameters',
      path: `/api/v1/registration?${Array.from({ length: 1500 }, (_, i) => `q${i}=1`).join('&')}`,
      method: 'GET',
      headers: bearer,
      expect: 413,
    },
  ];
  const time = async (c: (typeof cases)[number], n: number) => {
    const ms: number[] = [];
    let wrong = 0;
    const got = new Set<number>();
    for (let i = 0; i < n + 1; i++) {
      const r = await http(`${APP}${c.path}`, { method: c.method, headers: c.headers, body: c.body });
      if (r.status !== c.expect) {
        wrong++;
        got.add(r.status);
      }
      if (i > 0) ms.push(r.ms);
    }
    return { p50: percentile(ms, 50), max: Math.max(...ms), wrong, got: [...got] };
  };
  const [normal, ...expensive] = cases;
  const base = await time(normal, 10);
  const results = [];
  for (const c of expensive) results.push({ c, t: await time(c, 5) });
  const worst = Math.max(...results.map((r) => r.t.p50 / base.p50));
  const wrong = results.reduce((n, r) => n + r.t.wrong, 0) + base.wrong;
  // Health at a steady rate, quiet and then with the expensive requests sent back to back.
  const health = { url: `${APP}/api/v1/health`, connections: 4, duration: Math.min(DURATION, 6), overallRate: 50 };
  const quiet = await load(health);
  // The attacker runs in its own process (bench/attacker.ts), as another machine would.
  const attackFile = join(mkdtempSync(join(tmpdir(), 'bench-attack-')), 'attacks.json');
  removeOnCleanup(dirname(attackFile));
  writeFileSync(
    attackFile,
    JSON.stringify(
      expensive
        .filter((c) => c.flood !== false)
        .map((c) => ({ url: `${APP}${c.path}`, method: c.method, headers: c.headers, body: c.body })),
    ),
  );
  let sent = 0;
  let ready: () => void = () => undefined;
  const started = new Promise<void>((r) => (ready = r));
  const attacker = startChild('attacker', process.execPath, [join(__dirname, 'register.js'), join(__dirname, 'attacker.ts'), attackFile], {
    env: process.env,
    cwd: BACKEND,
    log: (line) => {
      if (line === 'ready') ready();
      const m = /^sent (\d+)$/.exec(line);
      if (m) sent = Number(m[1]);
    },
  });
  await started; // its start-up (transpiling, reading 4 MB of bodies) is not part of the attack
  await sleep(200);
  const busy = await load(health);
  await stopChild(attacker);
  if (attacker.stdout && !attacker.stdout.readableEnded) await new Promise((r) => attacker.stdout?.once('end', r));
  // Quiet again: on a shared machine the two quiet runs show the noise the busy run is judged within.
  const quiet2 = await load(health);
  const quietP99 = Math.max(quiet.p99, quiet2.p99);
  const healthOk = busy.errors === 0 && busy.p99 <= quietP99 * 1.5 + 5;
  add({
    scenario: 'hostile requests (each vs a normal sign-in)',
    product:
      results
        .map(
          (r) =>
            `${r.c.name}: ${fmt(r.t.p50, 1)} ms (${fmt(r.t.p50 / base.p50, 2)}×${r.t.wrong ? `; ${r.t.wrong} answered ${r.t.got.join('/')}, not ${r.c.expect}` : ''})`,
        )
        .join(' · ') + ` · ${wrong} answers not as expected`,
    baseline: `normal sign-in p50 ${fmt(base.p50, 1)} ms`,
    ratio: `worst ${fmt(worst, 2)}×`,
    target: '< 2× a normal request, each answered as expected (413 over the budget)',
    met: worst < 2 && wrong === 0,
  });
  add({
    scenario: 'health p99 while hostile requests run',
    product: `${loadText(busy)} · ${sent} expensive requests sent meanwhile`,
    baseline: `quiet before: ${loadText(quiet)}; quiet after: ${loadText(quiet2)}`,
    ratio: `p99 ${fmt(busy.p99 / Math.max(1, quietP99), 2)}× the worse quiet run`,
    target: 'p99 within noise (≤ 1.5× the worse quiet run + 5 ms), 0 errors',
    met: healthOk,
  });
  // Issue #32's vectors, each against quiet runs of this process run (bench/hostile-vectors.ts).
  await hostileVectors({
    APP,
    db,
    appPid: app,
    backend: BACKEND,
    window: Math.min(DURATION, 3),
    add,
    log,
    left,
    fmt,
    rounds: ROUNDS,
    only: VECTOR_NAMES,
  });
}

// ------------------------------------------------------------------ (5b) the draw verifier

/**
 * `npm run verify-draws` on a revealed day of many draws (docs/fairness.md): a past day of
 * the bench's database gets a public scheme, its commitment and one provably fair draw per
 * visitor, made by the app's own rule (seeds/fair-day.ts); the verifier then reads the day
 * from the running app's public API and checks every draw. Baseline: the same rolls alone,
 * hashed with Node's native HMAC, in this process.
 */
async function fairness({ APP, db }: Ctx) {
  const { insertFairDay } = await import('../src/database/seeds/fair-day');
  const { addDays, campaignDay, DEFAULT_TZ } = await import('../src/common/time');
  const { createHmac } = await import('node:crypto');
  const day = addDays(campaignDay(new Date(), DEFAULT_TZ), -120);
  const wanted = Math.max(2000, Math.round(20_000 * SCALE));
  const at = new Date(Date.now() - 120 * 86_400_000);
  // Records of the large seed without a draw (never verified): each gets the prize its draw gives, as `given` reads it.
  const ids: number[] = (
    await db.query(
      `SELECT id FROM preregistration p WHERE prize IS NULL AND NOT EXISTS (SELECT 1 FROM draw d WHERE d.kind = 'preregistration' AND d.record_id = p.id) ORDER BY id LIMIT $1`,
      [wanted],
    )
  ).rows.map((r) => Number(r.id));
  const n = ids.length;
  const records = ids.map((id) => ({ id, at }));
  const made = Date.now();
  await insertFairDay((sql, params) => db.query(sql, params).then((r) => r.rows), {
    day,
    tz: DEFAULT_TZ,
    // A large day: stock enough that most visitors roll against several allocations all day.
    scheme: [
      { amount: 100000, count: Math.ceil(n / 2000), probability: 0.05 },
      { amount: 20000, count: Math.ceil(n / 200), probability: 0.5 },
      { amount: 10000, count: Math.ceil(n / 50), probability: 2 },
      { amount: 5000, count: Math.ceil(n / 10), probability: 10 },
      { amount: 4000, count: Math.ceil(n / 4), probability: 25 },
    ],
    records,
    baseAmount: 3000,
  });
  log(`fairness: ${n} draws made for ${day} in ${((Date.now() - made) / 1000).toFixed(1)} s`);
  const started = Date.now();
  const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'verify-draws.mjs'), '--day', day, '--url', APP, '--quiet'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const wall = (Date.now() - started) / 1000;
  const last = out.trim().split('\n').at(-1) ?? '';
  const m = /^(\d+) draws checked, (\d+) ok, (\d+) mismatched \(fetched in ([\d.]+) s, checked in ([\d.]+) s, (\d+) draws\/s\)/.exec(last);
  if (!m) throw new Error(`verifier: ${last}`);
  // Baseline: the same day's rolls with Node's native HMAC and nothing else.
  const seedRow = (await db.query(`SELECT encode(seed, 'hex') AS seed FROM draw_day WHERE day = $1`, [day])).rows[0];
  const inputs = (
    await db.query(
      `SELECT c->>'input' AS input FROM draw d, jsonb_array_elements(d.audit->'considered') c WHERE d.day = $1 AND c ? 'input'`,
      [day],
    )
  ).rows.map((r) => r.input as string);
  const key = Buffer.from(seedRow.seed, 'hex');
  const t0 = process.hrtime.bigint();
  for (const input of inputs) createHmac('sha256', key).update(input).digest().readUInt32BE(0);
  const nativeS = Number(process.hrtime.bigint() - t0) / 1e9;
  const rate = Number(m[6]);
  const nativeRate = Math.round(n / Math.max(nativeS, 1e-6));
  add({
    scenario: 'npm run verify-draws, one revealed day',
    product: `${m[1]} draws (${inputs.length} rolls) checked, ${m[3]} mismatched: ${rate} draws/s checking, fetched in ${m[4]} s, ${fmt(wall, 1)} s in all`,
    baseline: `the same rolls with Node's native HMAC alone: ${nativeRate} draws/s`,
    ratio: `${fmt(rate / nativeRate, 2)}×`,
    target: '0 mismatched, ≥ 1,000 draws/s checked',
    met: m[3] === '0' && Number(m[2]) === n && rate >= 1000,
  });
}

// ------------------------------------------------------------------ (6) the registration download

async function download({ APP, BASE, db, app, base }: Ctx) {
  const token = (await signIn(APP, 'admin@example.com')).access_token;
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM registration WHERE deleted_at IS NULL`)).rows;
  const once = async (url: string, headers: Record<string, string>, pid: number) => {
    const before = memory(pid);
    const stop = sampleRss(pid);
    const res = await http(url, { headers, timeoutMs: 180_000 });
    const peak = stop();
    const dir = mkdtempSync(join(tmpdir(), 'bench-xlsx-'));
    removeOnCleanup(dir);
    const file = join(dir, 'download.xlsx');
    writeFileSync(file, res.body);
    return {
      status: res.status,
      ms: res.ms,
      growth: peak - before.rss,
      hwm: memory(pid).hwm,
      rows: xlsxRows(file),
      mb: res.body.length / 2 ** 20,
    };
  };
  const prod = await once(`${APP}/api/v1/registration/download`, { authorization: `Bearer ${token}` }, app);
  const baseRun = await once(`${BASE}/api/v1/registration/download`, {}, base);
  const text = (d: typeof prod) =>
    `${fmt(d.ms / 1000, 1)} s · ${fmt(d.rows)} rows · ${fmt(d.mb, 1)} MB file · RSS +${fmt(d.growth)} MB (VmHWM ${fmt(d.hwm)} MB)`;
  add({
    scenario: `registration download (${fmt(n)} rows)`,
    product: text(prod),
    baseline: text(baseRun),
    ratio: `time ${fmt(prod.ms / baseRun.ms, 2)}×`,
    target: 'memory growth < 100 MB; rows = table count',
    met: prod.status === 200 && prod.growth < 100 && prod.rows === n,
  });
}

/** Data rows of the first sheet (the header row not counted). */
function xlsxRows(file: string): number {
  try {
    const xml = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml'], { maxBuffer: 2 ** 30 }).toString('utf8');
    return (xml.match(/<row /g)?.length ?? 0) - 1;
  } catch {
    return NaN;
  }
}

// ------------------------------------------------------------------ (7) front end

async function frontend({ APP, db }: Ctx) {
  const routes = publicSiteSizes(ROOT);
  for (const r of routes) {
    const isLanding = r.route === 'landing';
    add({
      scenario: `public site JS+CSS, ${r.route}`,
      product: `JS ${fmt(r.jsGz / 1024, 1)} KB gz · CSS ${fmt(r.cssGz / 1024, 1)} KB gz (inlined) · HTML ${fmt(r.htmlGz / 1024, 1)} KB gz · ${r.chunks.length} chunks`,
      baseline: '-',
      ratio: '-',
      target: isLanding ? 'JS < 100 KB gz' : '-',
      met: isLanding ? r.jsGz < 100 * 1024 : undefined,
    });
  }
  const a = adminSizes(ROOT);
  const kb = (n: number) => `${fmt(n / 1024, 1)} KB gz`;
  add({
    scenario: 'admin JS before the login form',
    product: `${kb(a.login.jsGz)} in ${a.login.chunks} chunks`,
    baseline: '-',
    ratio: '-',
    target: '< 150 KB gz',
    met: a.login.jsGz < 150 * 1024,
  });
  add({
    scenario: 'admin JS, shell after login',
    product: `${kb(a.shell.jsGz)} in ${a.shell.chunks} chunks`,
    baseline: '-',
    ratio: '-',
    target: '(reported)',
  });
  // The budget is what a route needs before it is usable; code a page loads afterwards (the
  // rich-text editor as its fields show) is reported beside it.
  const usable = a.routes.filter((r) => !r.later);
  const largest = usable.reduce((m, r) => (r.jsGz > m.jsGz ? r : m), usable[0]);
  for (const r of a.routes) {
    add({
      scenario: `admin JS, ${r.route}`,
      product: r.found ? `${kb(r.jsGz)} in ${r.chunks} chunks (with the shell)` : 'chunk not found',
      baseline: '-',
      ratio: '-',
      target: r === largest ? 'largest route < 250 KB gz' : '-',
      met: r === largest ? r.found && r.jsGz < 250 * 1024 : r.found ? undefined : false,
    });
  }
  // Every public route, a real record's code and draw pages, the admin's login, and its dashboard
  // opened signed in (the session in the profile's localStorage, as the admin's sign-in leaves it).
  const [pending] = (
    await db.query(`SELECT slug FROM preregistration WHERE NOT is_verified AND branch_id IS NULL AND deleted_at IS NULL LIMIT 1`)
  ).rows;
  const [won] = (
    await db.query(
      `SELECT slug FROM preregistration WHERE is_verified AND prize IS NOT NULL AND branch_id IS NULL AND deleted_at IS NULL LIMIT 1`,
    )
  ).rows;
  type LighthousePage = [
    name: string,
    path: string,
    side: 'public' | 'admin' | 'dashboard' | 'screen',
    storage?: Record<string, string>,
    /** Sets the scene before the run; answers what undoes it after. */
    prepare?: () => Promise<() => Promise<void>>,
  ];
  const pages: LighthousePage[] = [
    ['landing page', '/', 'public'],
    ['landing page in Nepali', '/?lang=ne', 'public'],
    ['enquiry dialog', '/enquiry', 'public'],
    ['winner list', '/winner-list', 'public'],
    ['fairness (check a prize)', '/fairness', 'public'],
    ['test-ride thank-you', '/thankyou-for-test-ride-booking', 'public'],
  ];
  if (pending) pages.push(['code dialog of a record', `/enquiry/${pending.slug}/verify`, 'public']);
  if (won) pages.push(['draw of a record', `/enquiry/${won.slug}/draw`, 'public']);
  // The demo's hero is a small drawing; a campaign uploads its own photos, and may open with a notice.
  pages.push(["landing page with the campaign's hero photos (2400 px JPEG)", '/', 'public', undefined, () => withCampaignPictures(APP)]);
  pages.push([
    'landing page with the hero photos and a notice poster (1080 x 1350 JPEG)',
    '/',
    'public',
    undefined,
    () => withCampaignPictures(APP, { notice: true }),
  ]);
  pages.push(['admin login', '/login', 'admin']);
  // The admin's session as its sign-in stores it (admin/src/providers/session.ts).
  const signedIn = async (email: Parameters<typeof signIn>[1]) => {
    const { access_token, user } = await signIn(APP, email);
    return { access_token, user: JSON.stringify(user) };
  };
  pages.push(['admin dashboard, Super Admin', '/admin/', 'dashboard', await signedIn('admin@example.com')]);
  const staff = await signedIn('staff@example.com');
  pages.push(['admin dashboard, branch staff', '/admin/', 'dashboard', staff]);
  // A branch user's daily list and form: their accessibility has a target (#16), their speed is reported.
  pages.push(['admin pre-registration list, branch staff', '/admin/preregistration', 'screen', staff]);
  pages.push(['admin pre-registration form, branch staff', '/admin/preregistration/create', 'screen', staff]);
  // The same dashboard through an HTTP/2 front, as production should serve it (docs/deployment.md).
  const h2 = await http2Front(APP);
  pages.push(['admin dashboard over HTTP/2, branch staff', `${h2}/admin/`, 'dashboard', staff]);
  for (const [name, path, side, storage, prepare] of pages) {
    if (left() < 60_000) break;
    const undo = await prepare?.();
    const lh = await lighthouse(ROOT, path.startsWith('https:') ? path : `${APP}${path}`, { storage }).finally(() => undo?.());
    const a11yTarget = side === 'public' ? 100 : 95;
    const lcpTarget = side === 'dashboard' ? 2500 : 2000;
    const product = `score ${lh.score} · LCP ${fmt(lh.lcpMs / 1000, 2)} s · CLS ${fmt(lh.cls, 3)} · TBT ${fmt(lh.tbtMs)} ms · FCP ${fmt(lh.fcpMs / 1000, 2)} s · accessibility ${lh.a11y}`;
    if (side === 'screen') {
      add({
        scenario: `Lighthouse 12 mobile, ${name}`,
        product,
        baseline: '-',
        ratio: '-',
        target: `CLS < 0.05, accessibility ≥ ${a11yTarget}`,
        met: lh.cls < 0.05 && lh.a11y >= a11yTarget,
      });
      continue;
    }
    add({
      scenario: `Lighthouse 12 mobile, ${name}`,
      product,
      baseline: '-',
      ratio: '-',
      target: `≥ 95, LCP < ${fmt(lcpTarget / 1000, 1)} s, CLS < 0.05, accessibility ≥ ${a11yTarget}`,
      met: lh.score >= 95 && lh.lcpMs < lcpTarget && lh.cls < 0.05 && lh.a11y >= a11yTarget,
    });
  }
  // Signing in as a user does on /login, then the dashboard's first rows (#16: within 2.5 s):
  // typed at a phone's pace by each role, and filled by the browser for branch staff (a saved
  // password: Login pressed a second after the page, while the admin's code may still be coming).
  const signIns = [
    ['staff@example.com', false],
    ['admin@example.com', false],
    ['staff@example.com', true],
  ] as const;
  for (const [email, filled] of signIns) {
    if (left() < 60_000) break;
    const { password, role } = DEMO_LOGINS.find((l) => l.email === email)!;
    const times = (await firstRowsAfterSignIn(APP, email, password, 3, filled)).sort((x, y) => x - y);
    const median = times[Math.floor(times.length / 2)];
    add({
      scenario: `admin dashboard's first rows after Login, ${role}${filled ? ', form filled by the browser' : ''} (slow 4G, 4x CPU, throttled)`,
      product: `median ${fmt(median / 1000, 2)} s (runs ${times.map((ms) => fmt(ms / 1000, 2)).join(', ')} s)`,
      baseline: '-',
      ratio: '-',
      target: '< 2.5 s',
      met: median < 2500,
    });
  }
  // The branch user's repeat visit (#35: first rows within 1.2 s), with the installed admin's
  // service worker against the same visit from the browser's HTTP cache alone.
  const staffLogin = DEMO_LOGINS.find((l) => l.email === 'staff@example.com')!;
  for (const [name, path] of [
    ['dashboard', '/admin/'],
    ['pre-registration list', '/admin/preregistration'],
  ] as const) {
    if (left() < 60_000) break;
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const withWorker = await repeatVisitFirstRows(APP, staffLogin.email, staffLogin.password, path, true);
    const cacheOnly = await repeatVisitFirstRows(APP, staffLogin.email, staffLogin.password, path, false);
    add({
      scenario: `admin ${name}'s first rows on a repeat visit, branch staff (slow 4G, 4x CPU, throttled)`,
      product: `installed (service worker): median ${fmt(median(withWorker) / 1000, 2)} s (runs ${withWorker.map((ms) => fmt(ms / 1000, 2)).join(', ')} s)`,
      baseline: `HTTP cache alone: median ${fmt(median(cacheOnly) / 1000, 2)} s`,
      ratio: `${fmt(median(withWorker) / median(cacheOnly), 2)}×`,
      target: '≤ 1.2 s',
      met: median(withWorker) <= 1200,
    });
  }
}

// ------------------------------------------------------------------ (8) npm start on an empty data folder

async function startup() {
  if (!existsSync(join(BACKEND, 'dist', 'main.js'))) throw new Error('backend not built');
  const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  removeOnCleanup(dir);
  const port = await freePort();
  let ready = '';
  const t0 = Date.now();
  const child = startChild('start', process.execPath, [join(BACKEND, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    log: (line) => {
      const m = /ready in ([\d.]+) s/.exec(line);
      if (m) ready = m[1];
    },
  });
  const ms = await waitForHttp(`http://127.0.0.1:${port}/api/v1/health`, child, 60_000);
  await stopChild(child);
  const total = Date.now() - t0;
  add({
    scenario: 'npm start, empty data folder (embedded PGlite)',
    product: `ready in ${fmt(total / 1000, 1)} s (health answers); the app reports ${ready || '?'} s`,
    baseline: '-',
    ratio: '-',
    target: '< 5 s',
    met: Math.max(total, ms) < 5000,
  });
}

// ------------------------------------------------------------------ the production rehearsal's timings

/**
 * The production rehearsal's short run (`npm run rehearse -- --short`: nginx in front of two
 * NODE_ENV=production replicas and a PostgreSQL server, docs/deployment.md), for the timings its
 * CI run leaves out: requests failed during a drained rolling restart, and how soon enquiries are
 * answered 200 again once a stopped database is back. Needs nginx (as `npm test` does).
 */
async function rehearsalTimings() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rehearsal-'));
  removeOnCleanup(dir);
  const out = join(dir, 'rows.json');
  const child = startChild('rehearsal', process.execPath, [join(__dirname, 'register.js'), join(BACKEND, 'rehearsal', 'run.ts'), '--short', '--no-build', `--json=${out}`], {
    cwd: BACKEND,
    env: process.env,
  });
  await new Promise<void>((done) => child.once('exit', () => done()));
  if (!existsSync(out)) throw new Error(`the rehearsal wrote no rows: ${(child as typeof child & { tail: string[] }).tail.slice(-3).join(' | ')}`);
  type RehearsalRow = { n: number; outcome: string; why?: string; result?: { problems: string[]; timings?: Record<string, number> } };
  const rows = JSON.parse(readFileSync(out, 'utf8')) as RehearsalRow[];
  const of = (n: number) => {
    const row = rows.find((r) => r.n === n);
    const timings = row?.result?.timings;
    return { timings, why: row ? (row.why ?? row.result?.problems.join('; ') ?? row.outcome) : 'not run' };
  };
  const rolling = of(2);
  const database = of(4);
  const r = rolling.timings;
  add({
    scenario: 'rehearsal: rolling restart behind nginx (drain, SIGTERM, start, put back; A then B) under traffic',
    product: r ? `${r.failed} of ${r.sent} requests failed; each replica out of nginx up to ${fmt(r.drainedMs / 1000, 1)} s` : `failed: ${rolling.why}`,
    baseline: '-',
    ratio: '-',
    target: '0 failed',
    met: !!r && r.failed === 0,
  });
  const d = database.timings;
  add({
    scenario: 'rehearsal: PostgreSQL stopped about 3 s under traffic, then started again',
    product: d
      ? `enquiries answered 200 again ${d.backMs < 0 ? 'never (30 s)' : `${fmt(d.backMs / 1000, 1)} s`} after it was back (down ${fmt(d.downMs / 1000, 1)} s); ${d.failed} answers other than 200 or the product's 503`
      : `failed: ${database.why}`,
    baseline: '-',
    ratio: '-',
    target: '< 2 s back, 0 other answers',
    met: !!d && d.backMs >= 0 && d.backMs < 2000 && d.failed === 0,
  });
}

main()
  .catch((e) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup().then(() => process.exit(process.exitCode ?? 0)));
