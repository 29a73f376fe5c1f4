import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Response, Test } from 'supertest';
import { CAMPAIGN_ENV, nextIp } from '../factories/campaign';
import { loginToken } from '../factories/authz';
import { changeCount, changesSince, installChangeCounter } from '../harness/db-changes';
import { startTestApp, TestApp } from '../harness/test-app';

/**
 * Property-based bad input (fast-check): generated bodies and parameters against the real
 * app, in process (supertest), one app per file. Every answer must be below 500 and speak
 * `{ message }` JSON; a refused (4xx) request must leave nothing behind (no committed row
 * change, see harness/db-changes.ts, and no file in UPLOAD_DIR); fields a form does not
 * have (isAdmin, prize, is_verified, ...) are refused, never stored.
 */

export const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/**
 * Each route's run draws its own seed, named in its findings: `FUZZ_SEED=<seed>` generates that
 * run's inputs again (CI's rare finding is then replayed, not guessed at).
 */
const runSeed = () => (process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31));

/** Fields no form of the app has: sent by a tamperer, they must be refused (422). */
export const TAMPER_FIELDS = ['isAdmin', 'branch_id', 'prize', 'is_verified', 'code', 'purchased', 'remaining'] as const;

/** Strings that break careless SQL, LIKE patterns, parsers and encodings. */
export const INJECTIONS = [
  "'; DROP TABLE preregistration; --",
  "' OR '1'='1",
  "1' OR 1=1 --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  '%',
  '%%',
  '_',
  '\\',
  '\\\\%',
  "%' OR 1=1 --",
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '🏍️🇳🇵',
  'राम बहादुर थापा',
  '\u202Eevil',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '99999999999',
  '-99999999999',
  '1e308',
  '9'.repeat(400),
  'x'.repeat(10_000),
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  'ASC; DELETE FROM "user"',
  'id DESC, (SELECT 1)',
];

/** Strings of every kind: short unicode (astral, control, NUL), injections, and very long ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 4 },
  // Very long: mostly past every field's limit, sometimes past the 1 MB body limit.
  { arbitrary: fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), fc.oneof(fc.integer({ min: 100, max: 5_000 }), fc.integer({ min: 5_000, max: 300_000 }))).map(([s, n]) => s.repeat(n)), weight: 1 },
);

/** Numbers of every kind JSON can carry: huge, negative, fractional, past int32 and 2^53. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e20, -1e20, Number.MAX_VALUE, Number.MIN_VALUE),
);

/** Any JSON value where a scalar belongs: wrong types, nested objects, arrays. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: fc.array(fc.oneof(hostileString, hostileNumber, fc.boolean()), { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), weight: 1 },
);

export type Encoding = 'json' | 'form' | 'multipart';

export interface GeneratedBody {
  /** The JSON value sent (an object for form and multipart). */
  body: unknown;
  encoding: Encoding;
  /** Fields of TAMPER_FIELDS the body carries that the form does not have. */
  tampered: string[];
}

/**
 * Bodies for a write route: arbitrary JSON values of any shape; the route's valid body with
 * some fields replaced by hostile values; and the valid body plus fields it does not have.
 */
export function bodies(base: Record<string, unknown>, opts: { encodings?: Encoding[]; formFields?: string[] } = {}): fc.Arbitrary<GeneratedBody> {
  const encodings = opts.encodings ?? ['json'];
  const own = new Set([...Object.keys(base), ...(opts.formFields ?? [])]);
  const tamperable = TAMPER_FIELDS.filter((f) => !own.has(f));
  const keys = Object.keys(base);
  if (!keys.length) {
    // A route without a body: anything sent must be refused (or, for {}, ignored).
    const anyBody = fc.oneof(fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown>, fc.dictionary(fc.oneof(fc.constantFrom(...TAMPER_FIELDS), fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 4 }));
    return fc.tuple(anyBody, fc.constantFrom(...encodings)).map(([body, encoding]) => {
      const isObject = !!body && typeof body === 'object' && !Array.isArray(body);
      const enc: Encoding = isObject ? encoding : 'json';
      const sent = isObject ? Object.entries(body as object).filter(([k, v]) => enc === 'json' || (k !== '' && !(Array.isArray(v) && v.length === 0))).map(([k]) => k) : [];
      return { body, encoding: enc, tampered: sent };
    });
  }
  const mutated = fc
    .tuple(fc.subarray(keys, { minLength: 1 }), fc.array(hostileValue, { minLength: keys.length, maxLength: keys.length }), fc.boolean())
    .map(([picked, values, drop]) => {
      const b: Record<string, unknown> = { ...base };
      picked.forEach((k, i) => (drop && i === 0 ? delete b[k] : (b[k] = values[i])));
      return b;
    });
  const tampered = tamperable.length
    ? fc.tuple(fc.subarray([...tamperable], { minLength: 1 }), fc.array(hostileValue, { minLength: 7, maxLength: 7 })).map(([extra, values]) => {
        const b: Record<string, unknown> = { ...base };
        extra.forEach((k, i) => (b[k] = i === 0 ? tamperValue(k) : values[i]));
        return b;
      })
    : mutated;
  const shapes = fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown>, weight: 2 },
    { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...keys, ...TAMPER_FIELDS), fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 6 }), weight: 2 },
    { arbitrary: mutated, weight: 5 },
    { arbitrary: tampered, weight: 2 },
  );
  return fc.tuple(shapes, fc.constantFrom(...encodings)).map(([body, encoding]) => {
    const enc: Encoding = body && typeof body === 'object' && !Array.isArray(body) ? encoding : 'json';
    const carried = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body as object) : [];
    const sent = carried.filter((k) => enc === 'json' || (k !== '' && !(Array.isArray((body as Record<string, unknown>)[k]) && ((body as Record<string, unknown[]>)[k]).length === 0)));
    return { body, encoding: enc, tampered: sent.filter((k) => (TAMPER_FIELDS as readonly string[]).includes(k) && !own.has(k)) };
  });
}

/** A plausible value for a tampered field (what a tamperer would try). */
function tamperValue(field: string): unknown {
  return { isAdmin: true, branch_id: 2, prize: 100000, is_verified: true, code: '123456', purchased: true, remaining: 99 }[field];
}

/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it); encodeURIComponent alone throws on one. */
export const pct = (s: string) => encodeURIComponent((s as string & { toWellFormed(): string }).toWellFormed());

/** Flattens a body for a form or multipart request: objects become JSON text, arrays repeat `key[]`. */
function formPairs(body: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) for (const x of v) out.push([`${k}[]`, typeof x === 'string' ? x : JSON.stringify(x) ?? '']);
    else out.push([k, typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v)]);
  }
  return out;
}

export interface FuzzApp {
  t: TestApp;
  tokens: Record<string, string>;
  /** Applies a generated body to a request. */
  send(req: Test, g: GeneratedBody): Test;
}

export async function startFuzzApp(logins: string[]): Promise<FuzzApp> {
  const t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
  const tokens: Record<string, string> = {};
  for (const email of logins) tokens[email] = await loginToken(t, email);
  await installChangeCounter(t.db);
  return {
    t,
    tokens,
    send(req, g) {
      req.set('X-Forwarded-For', nextIp());
      if (g.encoding === 'json') return req.set('Content-Type', 'application/json').send(JSON.stringify(g.body) ?? 'null');
      const pairs = formPairs(g.body as Record<string, unknown>);
      if (g.encoding === 'form') return req.type('form').send(pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&'));
      for (const [k, v] of pairs) req.field(k, v);
      return req;
    },
  };
}

/** One refusal or failure worth reporting. */
export interface Finding {
  route: string;
  /** The run's fast-check seed (FUZZ_SEED replays it). */
  seed: number;
  problem: string;
  status: number;
  input: string;
  answer: string;
}

const clip = (v: unknown, n = 400) => {
  const short = (_k: string, x: unknown) => (typeof x === 'string' && x.length > 80 ? `${x.slice(0, 40)}…(${x.length} chars)` : Buffer.isBuffer(x) ? `[${x.length} bytes]` : x);
  const s = typeof v === 'string' ? v : (JSON.stringify(v, short) ?? String(v));
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
};

export interface RunStats {
  route: string;
  runs: number;
  statuses: Record<number, number>;
  ms: number;
}

/**
 * Runs `RUNS` generated inputs against one route. `call` sends one input and answers the
 * response; `check` may add route-specific findings for a 2xx. Never throws on a bad
 * answer (no shrinking): it collects findings, so one run reports every kind of failure.
 */
export async function fuzzRoute<T>(
  app: FuzzApp,
  route: string,
  arb: fc.Arbitrary<T>,
  call: (input: T) => Promise<Response>,
  opts: {
    /** A refused request may still commit a change (a wrong code counts a try). */
    refusalMayChange?: boolean;
    /** Extra checks of a successful answer; return problems. */
    onSuccess?: (input: T, res: Response) => Promise<string[]> | string[];
    /** Is this input a tampered one (must be refused)? */
    tampered?: (input: T) => string[];
    /** With refusalMayChange: tables whose row counts a refusal must leave alone. */
    countTables?: string[];
    uploadDir?: string;
  } = {},
): Promise<{ findings: Finding[]; stats: RunStats }> {
  const findings: Finding[] = [];
  const statuses: Record<number, number> = {};
  const started = Date.now();
  const uploads = opts.uploadDir ?? join(app.t.dataDir, 'uploads');
  const files = () => readdirSync(uploads).length;
  const seed = runSeed();
  await fc.assert(
    fc.asyncProperty(arb, async (input) => {
      const counts = async () => (opts.countTables?.length ? JSON.stringify(await app.t.db.query(`SELECT ${opts.countTables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(', ')}`)) : '');
      const before = { changes: await changeCount(app.t.db), files: files(), counts: await counts() };
      let res: Response;
      try {
        res = await call(input);
      } catch (error) {
        // The server answers a refused body over 64 KB and closes the connection without reading
        // the rest (docs/security.md): a client still writing then meets a closed socket. That is
        // a refusal the client could not read, and it must change nothing, as any refusal.
        if (!closedWhileSending(error)) throw error;
        statuses[0] = (statuses[0] ?? 0) + 1;
        const changed = opts.refusalMayChange ? [] : await changesSince(app.t.db, before.changes);
        // A close is a refusal only from a server still answering: a crash closes connections too.
        const alive = (await app.t.http().get('/api/v1/health')).status === 200;
        const problems = [
          ...(alive ? [] : ['the server stopped answering after it closed the connection']),
          ...(changed.length ? [`a refused request changed rows (${changed.join(' | ')})`] : []),
          ...(files() !== before.files ? ['a refused request left a file'] : []),
        ];
        for (const problem of problems) if (findings.filter((f) => f.problem === problem).length < 3) findings.push({ route, seed, problem, status: 0, input: clip(input), answer: 'connection closed while sending' });
        return true;
      }
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const problems: string[] = [];
      if (res.status >= 500) problems.push(`answered ${res.status}${res.status === 500 ? `: ${app.t.errors.at(-1)?.split('\n').slice(0, 3).join(' | ') ?? 'nothing logged'}` : ''}`);
      const json = (res.headers['content-type'] ?? '').includes('application/json');
      // A download's refusal comes back through the binary parser: read it as JSON.
      const body = json && res.body && typeof (res.body as Buffer).readUInt8 === 'function' ? JSON.parse(res.body.toString('utf8') || 'null') : res.body;
      // 431/414: Node's HTTP parser refuses an oversized URL or header before the app sees it.
      if (res.status >= 400 && res.status !== 431 && res.status !== 414 && (!json || typeof body?.message !== 'string')) problems.push('error answer is not { message } JSON');
      if (res.status === 422 && (typeof body?.errors !== 'object' || body.errors === null)) problems.push('422 without errors');
      if (res.status >= 400 && res.status < 500) {
        const changed = opts.refusalMayChange ? [] : await changesSince(app.t.db, before.changes);
        if (changed.length) problems.push(`a refused request changed rows (${changed.join(' | ')})`);
        if (opts.countTables?.length && (await counts()) !== before.counts) problems.push('a refused request added or removed rows');
        if (files() !== before.files) problems.push('a refused request left a file');
      }
      if (res.status < 300) {
        const tampered = opts.tampered?.(input) ?? [];
        if (tampered.length) problems.push(`accepted fields the form does not have: ${tampered.join(', ')}`);
        if (opts.onSuccess) problems.push(...(await opts.onSuccess(input, res)));
      }
      for (const problem of problems) {
        if (findings.filter((f) => f.problem === problem).length < 3) findings.push({ route, seed, problem, status: res.status, input: clip(input), answer: clip(body ?? res.text) });
      }
      return true;
    }),
    { numRuns: RUNS, seed },
  );
  if (process.env.FUZZ_FINDINGS && findings.length) appendFileSync(process.env.FUZZ_FINDINGS, findings.map((f) => JSON.stringify(f)).join('\n') + '\n');
  return { findings, stats: { route, runs: RUNS, statuses, ms: Date.now() - started } };
}

/** A request whose connection the server closed while the client was still sending its body. */
const closedWhileSending = (error: unknown) => ['EPIPE', 'ECONNRESET'].includes((error as { code?: string })?.code ?? '');

/** Prints one line per route: runs, answers by status, time (status 0: the connection closed while sending). */
export function report(title: string, all: RunStats[]) {
  const total = all.reduce((n, s) => n + s.runs, 0);
  const lines = all.map((s) => `  ${s.route}: ${s.runs} inputs in ${(s.ms / 1000).toFixed(1)} s, answers ${JSON.stringify(s.statuses)}`);
  console.log(`${title}: ${total} generated inputs over ${all.length} routes\n${lines.join('\n')}`);
}

/** A path parameter: anything a client can put in the URL (never an existing id: 1-9 digit numbers are left out). */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 2000 && !/^\s*\d{1,9}\s*$/.test(s)),
  fc.constantFrom('99999999999', '-1', '0', '1e3', '2147483648', '9'.repeat(40), '%', '..', 'null'),
);

/** A DELETE (or another body-less call): the path parameter generated, an arbitrary JSON body beside it. */
export type PathInput = GeneratedBody & { id: string };
export const pathArb: fc.Arbitrary<PathInput> = fc
  .tuple(pathParam, fc.jsonValue({ maxDepth: 2 }))
  .map(([id, body]) => ({ id, body, encoding: 'json' as const, tampered: body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [] }));

/** Fuzzes a write route with generated bodies; adds its stats to `stats` and answers the findings. */
export async function fuzzWrite<T extends GeneratedBody>(
  app: FuzzApp,
  stats: RunStats[],
  route: string,
  arb: fc.Arbitrary<T>,
  request: (g: T) => Test,
  opts: Parameters<typeof fuzzRoute<T>>[4] = {},
): Promise<Finding[]> {
  const { findings, stats: s } = await fuzzRoute(app, route, arb, (g) => app.send(request(g), g), { tampered: (g) => g.tampered, ...opts });
  stats.push(s);
  return findings;
}
