/**
 * `npm run rehearse` (issue #36): the production path rehearsed on this machine, natively, with
 * no Docker engine. What runs is what docker/compose.yml runs, piece for piece:
 *
 * - nginx (the distribution's, /usr/sbin/nginx) with docker/nginx.conf as its site, the upstream
 *   pointed at the two replicas, TLS and HTTP/2 in front with a throwaway certificate;
 * - two app replicas, each started by `scripts/production.sh start` (what the image runs) with
 *   NODE_ENV=production and the image's environment, on their own 127.0.0.1 ports, sharing one
 *   uploads folder (UPLOAD_DIR);
 * - one PostgreSQL server (a throwaway cluster, test/harness/pg-cluster.ts);
 * - the SMS gateway (Sparrow) and the reCAPTCHA check, served by the local fake over real HTTP.
 *
 * Clients talk HTTPS to nginx from many source addresses (127.0.0.2 to 127.0.0.250), so the
 * per-address limits that production keeps see many clients, as behind a real load balancer.
 * Nothing but 127.0.0.x is ever a target.
 *
 * Each scenario prints one row: what was done, requests sent, failed, lost (answered 200 but not
 * in the database) and the figure that matters. The run ends with the line
 * `rehearsal: N scenarios passed, M failed` and exit code 1 when any failed.
 *
 * Options: --short (for CI: scenarios 1-4, counts only: lost writes, duplicates, stock, row
 * counts; nothing that depends on timing), --no-build (use the builds as they are),
 * --image-build (compile every workspace as the image does, through scripts/production.sh build,
 * instead of only what is stale), --keep (keep the work folder: replica logs, nginx.conf and its
 * error log, the dump), --previous=REF (the release scenario 7 deploys this one over), --help.
 *
 * Scenario 7 (full run only) needs the previous release built beside this one: it is extracted
 * from git and built once, before the clock starts, into .rehearsal-release/ (ignored by git).
 */
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, WriteStream, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { Agent as HttpAgent, IncomingMessage, request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { cleanup, onCleanup, removeOnCleanup, sleep, stopChild } from '../bench/lib';
import { FakeProvider, FakeReply, RECAPTCHA_OK, RecordedRequest, SPARROW_OK, startFakeProvider } from '../test/harness/fake-provider';
import { READY_LINE } from '../test/harness/child-app';
import { Cluster, findPgBin, freePort, pauseCluster, resumeCluster, startCluster, stopCluster } from '../test/harness/pg-cluster';
import { admin as asAdmin, withDatabase } from '../test/harness/templates';

const ROOT = resolve(__dirname, '..', '..');
const PRODUCTION_SH = join(ROOT, 'scripts', 'production.sh');
const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
/** The product's words for a request that met a stopped database (common/http/http-exception.filter.ts). */
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';
/** GET /api/v1/health's words while the database is down (modules/health/health.controller.ts). */
const DATABASE_UNAVAILABLE = 'The database is unavailable.';
/** nginx takes a replica out of rotation after this many failed connections, for FAIL_TIMEOUT_S seconds. */
const MAX_FAILS = 1;
const FAIL_TIMEOUT_S = 3;
const READ_PATHS = ['/api/v1/settings', '/api/v1/bike-models', '/'];
/** Any token: the fake reCAPTCHA accepts it, as Google accepts a solved widget's. */
const CAPTCHA_TOKEN = 'rehearsal-captcha-token';
/** The whole run after the build stops itself within this budget, cleaning up. */
const BUDGET_MS = 15 * 60_000;

// ------------------------------------------------------------------ options

const OPTIONS = ['--short', '--no-build', '--image-build', '--keep', '--help'];
const argv = process.argv.slice(2);
/** --previous=REF: the release scenario 7 deploys over (default: the commit before the newest migration came). */
const PREVIOUS = argv.find((a) => a.startsWith('--previous='))?.slice('--previous='.length);
/** --json=FILE: the rows, with each scenario's timings, also written as JSON (npm run bench reads them). */
const JSON_OUT = argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
const SHORT = argv.includes('--short');
const BUILD = !argv.includes('--no-build');
const IMAGE_BUILD = argv.includes('--image-build');
const KEEP = argv.includes('--keep');
if (argv.includes('--help') || argv.some((a) => !OPTIONS.includes(a) && !/^--(previous|json)=/.test(a))) {
  process.stdout.write(
    [
      'npm run rehearse [-- options]',
      '  --short        scenarios 1-4, counts only (lost writes, duplicates, stock, row counts), no timing checks: for CI',
      '  --no-build     use the builds as they are',
      '  --image-build  compile every workspace as the image does (scripts/production.sh build, without npm ci)',
      '  --keep         keep the work folder (replica logs, nginx.conf and error.log, the dump)',
      '  --previous=REF the release scenario 7 deploys this one over (default: the commit before the newest migration',
      '                 was added); built once into .rehearsal-release/',
      '  --json=FILE    also write the rows and their timings as JSON (npm run bench reads them)',
      '',
    ].join('\n'),
  );
  process.exit(argv.includes('--help') ? 0 : 2);
}

const started = Date.now();
const log = (line: string) => process.stdout.write(`[rehearsal ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

// ------------------------------------------------------------------ the product's own modules

/**
 * The product's modules the rehearsal uses, loaded after the build: several of them import
 * @campaign/domain, whose build a fresh clone has only once the build step has run.
 */
async function loadProduct() {
  const factories = await import('../test/factories/campaign');
  const images = await import('../test/factories/images');
  const fairDay = await import('../src/database/seeds/fair-day');
  const time = await import('../src/common/time');
  const strength = await import('../src/config/secret-strength');
  const migrations = await import('../src/database/migrations');
  const source = await import('../src/database/data-source');
  const settings = await import('../src/modules/setting/setting.defaults');
  return {
    allocate: factories.allocate,
    bikeModelId: factories.bikeModelId,
    uniquePhone: factories.uniquePhone,
    codeOf: factories.codeOf,
    pngWithExif: images.pngWithExif,
    insertFairDay: fairDay.insertFairDay,
    today: factories.today,
    tz: time.DEFAULT_TZ,
    addDays: time.addDays,
    localToUtc: time.localToUtc,
    secretWeakness: strength.secretWeakness,
    adminPasswordWeakness: strength.adminPasswordWeakness,
    migrationCount: migrations.MIGRATIONS.length,
    dataSourceOptions: source.dataSourceOptions,
    basePrize: Number(settings.SETTING_DEFAULTS.base_prize_preregistration),
  };
}
type Product = Awaited<ReturnType<typeof loadProduct>>;
let P!: Product;

// ------------------------------------------------------------------ the pieces

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** One app replica: a process started by scripts/production.sh, restarted on the same port. */
interface Replica {
  name: string;
  /** The checkout it runs from: this one, or the previous release's (scenario 7). */
  root: string;
  port: number;
  env: NodeJS.ProcessEnv;
  logFile: WriteStream;
  /** The last lines it wrote (stdout and stderr), for error messages. */
  tail: string[];
  /** Migration names its starts said they applied. */
  applied: string[];
  proc?: ChildProcess;
  exit?: Promise<Exit>;
  /** It printed its ready line since its latest start. */
  ready: boolean;
}

interface Front {
  dir: string;
  upstreams: number[];
  httpPort: number;
  httpsPort: number;
  proc: ChildProcess;
}

interface Secrets {
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
  recaptchaSecret: string;
  recaptchaSiteKey: string;
  smsToken: string;
}

type GatewayPhase = 'ok' | 'error' | 'credit';

interface Ctx {
  work: string;
  cluster: Cluster;
  databaseUrl: string;
  db: DataSource;
  fake: FakeProvider;
  /** What the fake SMS gateway answers now (scenario 5 changes it). */
  gateway: { phase: GatewayPhase };
  secrets: Secrets;
  publicUrl: string;
  uploadDir: string;
  front: Front;
  replicas: Replica[];
  /** Made after the cold start: the public form's references, the admin's token, today's stock. */
  campaign?: { bikeModel: number; branch: number; token: string; stock: number };
  /** The previous release, built for scenario 7 (full run only). */
  previous?: Release;
}

// ------------------------------------------------------------------ small helpers

/** Runs `fn` once, however often it is called (a step both a scenario and the cleanup may take). */
function once(fn: () => unknown): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** Polls `probe` until it answers something, or `timeoutMs` passes (then undefined). */
async function waitUntil<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, everyMs = 200): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) return undefined;
    await sleep(everyMs);
  }
}

/** Calls `onLine` for each whole line of a stream's chunks (a line may be cut across two chunks). */
function lineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void {
  let carry = '';
  return (chunk) => {
    const parts = (carry + chunk.toString('utf8')).split('\n');
    carry = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) onLine(part);
  };
}

/** A tool run without blocking the event loop, so the traffic keeps going meanwhile (pg_dump, pg_restore, the verifier). */
function runTool(file: string, args: string[], cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done) => {
    const proc = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    proc.on('error', (e) => done({ code: -1, stdout, stderr: `${stderr}${e.message}`, ms: Date.now() - t0 }));
    proc.on('exit', (code) => done({ code, stdout, stderr, ms: Date.now() - t0 }));
  });
}

async function distinctPorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await asAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  return withDatabase(adminUrl, name);
}

/** Waits until the rehearsal's own pool answers again (after the database was restarted under it). */
async function waitForDatabase(db: DataSource, timeoutMs = 20_000): Promise<void> {
  const ok = await waitUntil(() => db.query('SELECT 1').then(() => true, () => undefined), timeoutMs);
  if (!ok) throw new Error(`the database did not answer the rehearsal within ${timeoutMs} ms`);
}

// ------------------------------------------------------------------ secrets the production checks accept

/** `value` after the production check (config/secret-strength.ts) found nothing weak in it. */
function accepted(check: (value: string) => string | null, value: string): string {
  const weakness = check(value);
  if (weakness) throw new Error(`a generated secret was refused by the production check: ${weakness}`);
  return value;
}

function makeSecrets(): Secrets {
  return {
    // 48 random bytes, as docs/deployment.md generates it (openssl rand -base64 48).
    jwtSecret: accepted(P.secretWeakness, randomBytes(48).toString('base64')),
    adminEmail: 'ops@rehearsal.example.com',
    adminPassword: accepted(P.adminPasswordWeakness, randomBytes(18).toString('base64url')),
    recaptchaSecret: randomBytes(20).toString('hex'),
    recaptchaSiteKey: randomBytes(20).toString('hex'),
    smsToken: randomBytes(16).toString('hex'),
  };
}

// ------------------------------------------------------------------ replicas

/**
 * A replica's environment: the image's (docker/Dockerfile's ENV line) and docker/compose.yml's
 * app environment, with this machine's paths, ports and the fake's addresses.
 */
function replicaEnv(ctx: Pick<Ctx, 'secrets' | 'publicUrl' | 'fake'>, o: { port: number; dataDir: string; uploadDir: string; databaseUrl: string; smsUrl: string }): NodeJS.ProcessEnv {
  const s = ctx.secrets;
  return {
    // This node first, so the script's `node` is the one running the rehearsal.
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? '/tmp',
    // The image's ENV line.
    NODE_ENV: 'production',
    PORT: String(o.port),
    DATA_DIR: o.dataDir,
    // The image listens on every interface of its container; here only loopback is ever listened on.
    HOST: '127.0.0.1',
    // docker/compose.yml's app environment.
    DATABASE_URL: o.databaseUrl,
    JWT_SECRET: s.jwtSecret,
    PUBLIC_URL: ctx.publicUrl,
    // One proxy hop (nginx) is trusted: Express then takes the client's address from the last
    // X-Forwarded-For entry, the one nginx appends ($remote_addr), and HTTPS from X-Forwarded-Proto.
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    SMS_PROVIDER: 'sparrow',
    SMS_ALLOW_LOG: 'false',
    // The Sparrow provider posts to {SMS_BASE_URL}/sms/ (modules/sms/providers/sparrow.provider.ts).
    SMS_BASE_URL: `${o.smsUrl}/v2`,
    SMS_TOKEN: s.smsToken,
    RECAPTCHA_SECRET: s.recaptchaSecret,
    RECAPTCHA_SITE_KEY: s.recaptchaSiteKey,
    // Not in compose.yml (production keeps Google's address): pointed at the fake here.
    RECAPTCHA_VERIFY_URL: `${ctx.fake.url}/recaptcha/api/siteverify`,
    ADMIN_EMAIL: s.adminEmail,
    ADMIN_PASSWORD: s.adminPassword,
    // docs/deployment.md asks for 20 or more in production (compose.yml does not pass it through yet).
    DATABASE_POOL_SIZE: '20',
    // The image keeps uploads in DATA_DIR/uploads, a volume both containers mount; here each replica
    // has a data folder of its own, so the shared folder is named outright.
    UPLOAD_DIR: o.uploadDir,
  };
}

function newReplica(work: string, name: string, port: number, env: (dataDir: string) => NodeJS.ProcessEnv): Replica {
  const dataDir = join(work, `data-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const logFile = createWriteStream(join(work, `replica-${name}.log`), { flags: 'a' });
  onCleanup(() => new Promise<void>((done) => logFile.end(() => done())));
  return { name, root: ROOT, port, env: env(dataDir), logFile, tail: [], applied: [], ready: false };
}

const isUp = (r: Replica) => !!r.proc && r.proc.exitCode === null && r.proc.signalCode === null;

/**
 * Starts the replica as the image does (scripts/production.sh start, which execs node: the signals
 * reach node itself). A release older than that script started as its image did then: node
 * backend/dist/main.js, with the image's NODE_ENV=production (in the environment already).
 */
function spawnReplica(r: Replica): void {
  r.ready = false;
  const script = join(r.root, 'scripts', 'production.sh');
  const [command, args] = existsSync(script) ? ['sh', [script, 'start']] : [process.execPath, [join(r.root, 'backend', 'dist', 'main.js')]];
  const proc = spawn(command, args, { cwd: r.root, env: r.env, stdio: ['ignore', 'pipe', 'pipe'] });
  r.proc = proc;
  r.exit = new Promise((done) => proc.once('exit', (code, signal) => done({ code, signal })));
  const onLine = (line: string) => {
    r.tail.push(line);
    if (r.tail.length > 60) r.tail.shift();
    if (line.includes(READY_LINE)) r.ready = true;
    // main.ts logs `migrations applied: A, B` when its start applied some (plain or inside a JSON log line).
    const applied = /migrations applied: ([^"\n]*)/.exec(line);
    if (applied) r.applied.push(...applied[1].split(',').map((m) => m.trim()).filter(Boolean));
  };
  for (const stream of [proc.stdout, proc.stderr]) {
    const split = lineSplitter(onLine);
    stream.on('data', (chunk: Buffer) => {
      r.logFile.write(chunk);
      split(chunk);
    });
  }
  onCleanup(() => stopChild(proc));
}

/** GET /api/v1/health straight on a replica's port: its status, 0 when nothing answers. */
async function health(port: number): Promise<number> {
  return (await direct(port, '/api/v1/health', 2000)).status;
}

/** Waits until the replica printed its ready line and answers its health check; throws with its last lines if it exits. */
async function waitReady(r: Replica, timeoutMs = 120_000): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (!isUp(r)) {
      const exit = r.exit ? await r.exit : { code: null, signal: null };
      throw new Error(`replica ${r.name} exited (${exit.code ?? exit.signal}) before it was ready:\n      ${r.tail.slice(-20).join('\n      ')}`);
    }
    if (r.ready && (await health(r.port)) === 200) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`replica ${r.name} not ready after ${timeoutMs} ms:\n      ${r.tail.slice(-20).join('\n      ')}`);
    await sleep(100);
  }
}

/** Sends `signal` and waits for the exit; after `timeoutMs` it is killed (forced). */
async function stopReplica(r: Replica, signal: NodeJS.Signals, timeoutMs = 30_000): Promise<Exit & { forced: boolean }> {
  if (!r.proc || !r.exit) return { code: null, signal: null, forced: false };
  if (!isUp(r)) return { ...(await r.exit), forced: false };
  r.proc.kill(signal);
  const timedOut = sleep(timeoutMs).then(() => 'timeout' as const);
  const first = await Promise.race([r.exit, timedOut]);
  if (first !== 'timeout') return { ...first, forced: false };
  r.proc.kill('SIGKILL');
  return { ...(await r.exit), forced: true };
}

/** Starts whichever replica is down (an earlier scenario may have left one so), then waits out nginx's fail_timeout. */
async function ensureReplicasUp(ctx: Ctx): Promise<void> {
  const down = ctx.replicas.filter((r) => !isUp(r));
  if (!down.length) return;
  log(`starting replica ${down.map((r) => r.name).join(', ')} again before the next scenario`);
  for (const r of down) spawnReplica(r);
  await Promise.all(down.map((r) => waitReady(r)));
  await sleep(FAIL_TIMEOUT_S * 1000 + 500);
}

// ------------------------------------------------------------------ nginx in front

function makeCertificate(dir: string): void {
  execFileSync(
    OPENSSL,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    { stdio: 'pipe' },
  );
}

/**
 * nginx.conf: docker/nginx.conf (a conf.d site) inside a whole configuration, its upstream
 * pointed at the replicas and its server listening over HTTPS with HTTP/2 as well as plain
 * HTTP, every path nginx writes kept inside `dir`.
 */
function nginxConfig(o: { dir: string; upstreams: number[]; down: number[]; httpPort: number; httpsPort: number }): string {
  const site = readFileSync(join(ROOT, 'docker', 'nginx.conf'), 'utf8');
  const upstream = 'server app:3000;';
  const listen = 'listen 80;';
  if (!site.includes(upstream) || !site.includes(listen)) throw new Error(`docker/nginx.conf no longer has "${upstream}" and "${listen}": update the rehearsal's template (nginxConfig)`);
  const servers = [
    // One refused connection takes a replica out of rotation for FAIL_TIMEOUT_S: a stopped replica
    // then costs one retry per nginx worker, not one per request.
    // A replica being restarted is marked down first (drain): nginx sends it nothing new.
    ...o.upstreams.map((port) => `server 127.0.0.1:${port} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT_S}s${o.down.includes(port) ? ' down' : ''};`),
  ].join('\n  ');
  const listens = [
    `listen 127.0.0.1:${o.httpPort};`,
    // Debian's nginx 1.22 takes http2 on the listen line (the "http2 on;" directive came with 1.25).
    `listen 127.0.0.1:${o.httpsPort} ssl http2;`,
    `ssl_certificate ${join(o.dir, 'cert.pem')};`,
    `ssl_certificate_key ${join(o.dir, 'key.pem')};`,
  ].join('\n  ');
  const upstreamBlock = `\n  ${servers}\n  # No keepalive pool to the replicas (nginx's default: HTTP/1.0 and a connection per request).\n  # A replica that stops listening then never holds an idle pooled connection on which nginx\n  # could send a request and lose it.\n`;
  const body = site.replace(upstream, upstreamBlock).replace(listen, listens);
  const temp = (name: string) => `  ${name}_temp_path ${join(o.dir, `${name}_temp`)};`;
  return [
    '# Made by backend/rehearsal/run.ts from docker/nginx.conf: do not edit, it is written again on every run.',
    'worker_processes 2;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    '  # Which failures nginx hands to the other replica:',
    "  # - error and timeout (nginx's default, written out here): a replica that is stopped, restarting",
    '  #   or killed refuses the connection and the request goes to the other one. nginx does this for',
    '  #   a POST too as long as nothing of it was sent yet, so a rolling restart loses no enquiry.',
    '  # - not non_idempotent: a POST that reached a replica which then died may have been committed',
    '  #   (the enquiry saved, its code queued); sent again to the other replica it would be written',
    '  #   twice (a second code SMS, a claim beside the record). The visitor sees an error instead and',
    '  #   sends the form again, which the product answers as the same person.',
    '  # - not http_502 or http_503: the app answers 503 while PostgreSQL is down, which every replica',
    '  #   would answer alike; counted as a failure it would also take healthy replicas out of rotation.',
    '  proxy_next_upstream error timeout;',
    '  proxy_next_upstream_tries 2;',
    body
      .split('\n')
      .map((line) => (line ? `  ${line}` : line))
      .join('\n'),
    '}',
    '',
  ].join('\n');
}

/** nginx's command-line arguments for the configuration in `dir` (the same for its start, its test and a reload). */
function nginxArgs(dir: string): string[] {
  const globals = `daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')};`;
  return ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', globals];
}

/** Writes the configuration (the replicas on `down` marked down) and checks it with nginx -t. */
function writeFrontConfig(f: Pick<Front, 'dir' | 'upstreams' | 'httpPort' | 'httpsPort'>, down: number[]): void {
  writeFileSync(join(f.dir, 'nginx.conf'), nginxConfig({ ...f, down }));
  const test = spawnSync(NGINX, [...nginxArgs(f.dir), '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration (${join(f.dir, 'nginx.conf')}):\n${test.stderr}`);
}

/** Writes the certificate and the configuration, checks it with nginx -t, starts nginx in the foreground. */
async function startFront(work: string, upstreams: number[], httpPort: number, httpsPort: number): Promise<Front> {
  const dir = join(work, 'nginx');
  mkdirSync(dir);
  // As root nginx's workers run as an unprivileged user, who must reach the temp folders inside.
  chmodSync(dir, 0o755);
  makeCertificate(dir);
  writeFrontConfig({ dir, upstreams, httpPort, httpsPort }, []);
  // Its output goes to error.log (-e and error_log): nothing is piped that could fill up and stall it.
  const proc = spawn(NGINX, nginxArgs(dir), { stdio: 'ignore' });
  onCleanup(() => stopChild(proc));
  return { dir, upstreams, httpPort, httpsPort, proc };
}

/** nginx's worker processes (children of its master). */
function nginxWorkers(front: Front): number {
  const children = spawnSync('pgrep', ['-P', String(front.proc.pid)], { encoding: 'utf8' }).stdout;
  return children.split('\n').filter(Boolean).length;
}

/**
 * Marks the replicas on `down` down in nginx (none: every one up) and reloads it, as an operator
 * drains a replica before restarting it: the new workers send it nothing, and this waits until
 * the old workers have finished what they had in flight and exited.
 */
async function setDrained(ctx: Ctx, down: Replica[]): Promise<void> {
  const f = ctx.front;
  writeFrontConfig(f, down.map((r) => r.port));
  const reload = spawnSync(NGINX, [...nginxArgs(f.dir), '-s', 'reload'], { encoding: 'utf8' });
  if (reload.status !== 0) throw new Error(`nginx -s reload failed: ${reload.stderr}`);
  // worker_processes 2: the reload starts two new workers; the old two leave once their requests are done.
  const settled = await waitUntil(() => (nginxWorkers(f) === 2 ? true : undefined), 15_000, 50);
  if (!settled) throw new Error(`nginx's old workers were still running 15 s after the reload`);
}

/**
 * A replica taken out of nginx (drained), stopped with SIGTERM, started again from `root` (this
 * checkout, or another release's) and put back: the rolling restart an operator runs.
 */
async function restartDrained(ctx: Ctx, r: Replica, c: Checks, root = ROOT): Promise<number> {
  const t0 = Date.now();
  await setDrained(ctx, [r]);
  const exit = await stopReplica(r, 'SIGTERM');
  c.count(exit.code === 0 && !exit.forced, `replica ${r.name} after SIGTERM: ${exit.forced ? 'still running after 30 s, killed' : `exit ${exit.code ?? exit.signal}`} (exit 0 expected)`);
  r.root = root;
  r.applied = [];
  spawnReplica(r);
  await waitReady(r);
  await setDrained(ctx, []);
  return Date.now() - t0;
}

/** nginx's error log, from `from` (a length read earlier) on. */
function frontLog(ctx: Ctx, from = 0): string {
  try {
    return readFileSync(join(ctx.front.dir, 'error.log'), 'utf8').slice(from);
  } catch {
    return '';
  }
}

/** How many connections nginx found refused in this part of its log (each one passed to the other replica or answered 502). */
const refusedConnections = (logPart: string) => (logPart.match(/Connection refused\) while connecting to upstream/g) ?? []).length;

// ------------------------------------------------------------------ HTTP

interface Answer {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  error?: string;
  started: number;
  ended: number;
}

interface CallOptions {
  path: string;
  /** The client's source address: 127.0.0.x only. */
  from: string;
  method?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** Over nginx's plain HTTP listener instead of HTTPS. */
  plain?: boolean;
  timeoutMs?: number;
}

const LOOPBACK_SOURCE = /^127\.0\.0\.([2-9]|[1-9]\d|1\d\d|2[0-4]\d|250)$/;
// A connection pool per source address (the agent keys its pools by localAddress). Idle sockets are
// closed by the client after 20 s, before nginx's 75 s keepalive_timeout could close one under a request.
const tlsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 4, maxFreeSockets: 1, timeout: 20_000, rejectUnauthorized: false });
const plainAgent = new HttpAgent({ keepAlive: false });

/** One request to nginx; never throws: no answer is status 0 with the error. */
/**
 * Requests sent again because nginx closed a kept-alive connection as they went out on it (a
 * reload's old worker leaving): browsers resend those on a new connection, whatever the method,
 * since nothing of the request reached a replica; Node's client leaves it to its caller.
 */
let resentOnClosedKeepAlive = 0;

async function call(ctx: Ctx, o: CallOptions): Promise<Answer> {
  const a = await callOnce(ctx, o);
  if (!a.closedReused) return a;
  resentOnClosedKeepAlive++;
  return callOnce(ctx, o);
}

function callOnce(ctx: Ctx, o: CallOptions): Promise<Answer & { closedReused?: boolean }> {
  if (!LOOPBACK_SOURCE.test(o.from)) throw new Error(`not a rehearsal client address: ${o.from}`);
  const payload = o.json === undefined ? o.body : Buffer.from(JSON.stringify(o.json));
  const headers: Record<string, string> = {
    ...(o.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...(payload ? { 'content-length': String(payload.length) } : {}),
    ...o.headers,
  };
  const timeoutMs = o.timeoutMs ?? 30_000;
  const t0 = Date.now();
  return new Promise((done) => {
    let settled = false;
    const finish = (a: Omit<Answer, 'started' | 'ended'> & { closedReused?: boolean }) => {
      if (settled) return;
      settled = true;
      done({ ...a, started: t0, ended: Date.now() });
    };
    let answered = false;
    const failed = (e: Error) => finish({ status: 0, body: Buffer.alloc(0), headers: {}, error: e.message, closedReused: req.reusedSocket && !answered && (e as NodeJS.ErrnoException).code === 'ECONNRESET' });
    const onResponse = (res: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', failed);
    };
    const options = { host: '127.0.0.1', path: o.path, method: o.method ?? 'GET', headers, localAddress: o.from, timeout: timeoutMs };
    const req = o.plain
      ? httpRequest({ ...options, port: ctx.front.httpPort, agent: plainAgent }, onResponse)
      : httpsRequest({ ...options, port: ctx.front.httpsPort, agent: tlsAgent, rejectUnauthorized: false }, onResponse);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', failed);
    req.end(payload);
  });
}

/** One GET to nginx over HTTP/2 (the other clients speak HTTP/1.1 over TLS): its status and the protocol TLS agreed on. */
function h2Get(ctx: Ctx, path: string, from: string): Promise<{ status: number; protocol?: string; error?: string }> {
  if (!LOOPBACK_SOURCE.test(from)) throw new Error(`not a rehearsal client address: ${from}`);
  // localAddress reaches the socket through tls.connect's options, which the http2 types do not list.
  const options = { rejectUnauthorized: false, localAddress: from };
  return new Promise((done) => {
    const session = http2Connect(`https://127.0.0.1:${ctx.front.httpsPort}`, options);
    session.on('error', (e) => done({ status: 0, error: e.message }));
    const req = session.request({ ':path': path });
    req.on('response', (headers) => {
      const status = Number(headers[':status']);
      req.resume();
      req.on('end', () => {
        const protocol = session.alpnProtocol;
        session.close();
        done({ status, protocol });
      });
    });
    req.on('error', (e) => {
      session.destroy();
      done({ status: 0, error: e.message });
    });
    req.end();
  });
}

/** A GET straight to a replica's port (health checks, the restored replica); status 0 when nothing answers. */
function direct(port: number, path: string, timeoutMs = 5000): Promise<{ status: number; body: Buffer }> {
  return new Promise((done) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, timeout: timeoutMs, agent: plainAgent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', () => done({ status: 0, body: Buffer.alloc(0) }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done({ status: 0, body: Buffer.alloc(0) }));
    req.end();
  });
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

let addressSeq = 0;
/** The next client address, 127.0.0.2 to 127.0.0.250 in turn: each a client of its own for the per-address limits. */
function nextAddress(): string {
  return `127.0.0.${2 + (addressSeq++ % 249)}`;
}

// ------------------------------------------------------------------ traffic

type Kind = 'read' | 'enquiry' | 'staff';

/** One request the traffic sent, and what came back. */
interface Sent {
  kind: Kind | 'verify';
  path: string;
  status: number;
  error?: string;
  started: number;
  ended: number;
  /** The answer's `message`, when it had one. */
  message?: string;
  phone?: string;
  slug?: string;
}

function sentOf(kind: Sent['kind'], path: string, a: Answer, extra: Partial<Sent> = {}): Sent {
  const body = jsonOf(a.body) as { message?: unknown } | null;
  return { kind, path, status: a.status, error: a.error, started: a.started, ended: a.ended, message: typeof body?.message === 'string' ? body.message : undefined, ...extra };
}

let readSeq = 0;
/** The public reads in turn: settings, bike models, the public page. */
async function readStep(ctx: Ctx): Promise<Sent> {
  const path = READ_PATHS[readSeq++ % READ_PATHS.length];
  return sentOf('read', path, await call(ctx, { path, from: nextAddress() }));
}

/** The public form with a fresh phone (the per-phone caps never bite), as the public site sends it. */
async function enquiryStep(ctx: Ctx): Promise<Sent> {
  const { bikeModel, branch } = ctx.campaign!;
  const phone = P.uniquePhone();
  const path = '/api/v1/enquiry';
  const a = await call(ctx, {
    method: 'POST',
    path,
    from: nextAddress(),
    json: { name: 'Rehearsal Visitor', phone, bike_model_id: bikeModel, source: 'SOCIAL MEDIA', nearest_branch_id: branch, 'g-recaptcha-response': CAPTCHA_TOKEN },
  });
  const slug = (jsonOf(a.body) as { data?: { slug?: string } } | null)?.data?.slug;
  return sentOf('enquiry', path, a, { phone, slug });
}

/** The code the SMS carried, read the way only the database can, typed in from another address. */
async function verifyStep(ctx: Ctx, slug: string): Promise<Sent | null> {
  const code = await P.codeOf(ctx.db, slug).catch(() => null);
  if (!code) return null;
  const path = `/api/v1/enquiry/${slug}/verify`;
  return sentOf('verify', path, await call(ctx, { method: 'POST', path, from: nextAddress(), json: { code } }), { slug });
}

/** A staff table read with the admin's token. */
async function staffStep(ctx: Ctx): Promise<Sent> {
  const path = '/api/v1/preregistration?start=0&length=10';
  return sentOf('staff', path, await call(ctx, { path, from: nextAddress(), headers: { authorization: `Bearer ${ctx.campaign!.token}` } }));
}

interface Traffic {
  /** Every request so far, in the order their answers came. */
  sent: Sent[];
  stop(): Promise<Sent[]>;
}

/** Traffic still running: a scenario that throws leaves its traffic here, and the run stops it before the next. */
const running = new Set<Traffic>();

async function stopAllTraffic(): Promise<void> {
  for (const t of [...running]) await t.stop();
}

/** `workers` clients, each sending the `mix` in turn (and typing the code after each enquiry when `verify`), until stopped. */
function startTraffic(ctx: Ctx, o: { mix: Kind[]; verify?: boolean; workers?: number; paceMs?: number }): Traffic {
  const sent: Sent[] = [];
  let going = true;
  const worker = async (w: number) => {
    for (let i = w; going; i++) {
      const kind = o.mix[i % o.mix.length];
      const one = kind === 'read' ? await readStep(ctx) : kind === 'enquiry' ? await enquiryStep(ctx) : await staffStep(ctx);
      sent.push(one);
      if (o.verify && one.kind === 'enquiry' && one.status === 200 && one.slug) {
        const verified = await verifyStep(ctx, one.slug);
        if (verified) sent.push(verified);
      }
      await sleep(o.paceMs ?? 10);
    }
  };
  const loops = Array.from({ length: o.workers ?? 8 }, (_, w) => worker(w));
  const traffic: Traffic = {
    sent,
    async stop() {
      going = false;
      await Promise.all(loops);
      running.delete(traffic);
      return sent;
    },
  };
  running.add(traffic);
  return traffic;
}

function statusSummary(sent: Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of sent) {
    const key = s.status ? String(s.status) : 'no answer';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}×${n}`).join(', ') || 'none';
}

/** A few requests named, for a problem's text. */
function named(sent: Sent[], max = 5): string {
  const shown = sent.slice(0, max).map((s) => `${s.kind} ${s.path} ${s.status || s.error}${s.message ? ` "${s.message}"` : ''}`);
  return `${shown.join('; ')}${sent.length > max ? `; and ${sent.length - max} more` : ''}`;
}

// ------------------------------------------------------------------ database checks

/** Enquiries answered 200 whose record is not in the database (or that came without a slug). */
async function lostEnquiries(ctx: Ctx, sent: Sent[], c: Checks): Promise<{ answered: Sent[]; lost: string[] }> {
  const answered = sent.filter((s) => s.kind === 'enquiry' && s.status === 200);
  const rows: Array<{ slug: string }> = await ctx.db.query(`SELECT slug FROM preregistration WHERE slug = ANY($1)`, [answered.map((s) => s.slug ?? '')]);
  const found = new Set(rows.map((r) => r.slug));
  const lost = answered.filter((s) => !s.slug || !found.has(s.slug)).map((s) => s.slug ?? `(no slug, phone ${s.phone})`);
  c.count(lost.length === 0, `${lost.length} enquiries answered 200 are not in the database: ${lost.slice(0, 5).join(', ')}`);
  return { answered, lost };
}

/** Phones among `phones` without a code SMS in the outbox. */
async function withoutCodeSms(ctx: Ctx, phones: string[]): Promise<string[]> {
  const rows: Array<{ phone: string }> = await ctx.db.query(`SELECT DISTINCT phone FROM sms_outbox WHERE kind = 'otp' AND phone = ANY($1)`, [phones]);
  const found = new Set(rows.map((r) => r.phone));
  return phones.filter((p) => !found.has(p));
}

/** The draw's books, database-wide: stock against awarded prizes, draws and prize SMS per person. */
async function campaignBooks(db: DataSource): Promise<{ stock: number; awarded: number; left_over: number; stock_off: number; drawn_twice: number; prize_sms_twice: number }> {
  const [row] = await db.query(`SELECT
      (SELECT coalesce(sum(count), 0)::int FROM allocation) AS stock,
      (SELECT count(*)::int FROM draw WHERE allocation_id IS NOT NULL) AS awarded,
      (SELECT coalesce(sum(remaining), 0)::int FROM allocation) AS left_over,
      (SELECT count(*)::int FROM allocation a
        WHERE a.remaining < 0 OR a.remaining <> a.count - (SELECT count(*) FROM draw d WHERE d.allocation_id = a.id)) AS stock_off,
      (SELECT count(*)::int FROM (SELECT record_id FROM draw WHERE kind = 'preregistration' GROUP BY record_id HAVING count(*) > 1) x) AS drawn_twice,
      (SELECT count(*)::int FROM (SELECT phone FROM sms_outbox WHERE kind = 'prize' GROUP BY phone HAVING count(*) > 1) x) AS prize_sms_twice`);
  return row;
}

/** Row counts of every table of the schema, read through `client` (inside its transaction: one snapshot). */
async function countTables(client: Client): Promise<Record<string, number>> {
  const tables: string[] = (await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)).rows.map((r) => r.tablename);
  const [row] = (await client.query(`SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(', ')}`)).rows;
  return row;
}

// ------------------------------------------------------------------ scenarios

interface ScenarioResult {
  done: string;
  sent: number;
  failed: number;
  /** Answered 200 but not in the database; null where nothing was written. */
  lost: number | null;
  figure: string;
  problems: string[];
  /** What depends on timing, in ms or counts, for the bench (npm run bench prints them; --short judges none). */
  timings?: Record<string, number>;
}

/**
 * The checks of a scenario. `count` holds in every run (lost writes, duplicates, stock, row
 * counts); `timed` depends on timing (how fast something came back, which requests were in
 * flight, a request refused while a replica restarts) and is left out of --short.
 */
class Checks {
  readonly problems: string[] = [];
  count(ok: boolean, problem: string) {
    if (!ok) this.problems.push(problem);
  }
  timed(ok: boolean, problem: string) {
    if (!ok && !SHORT) this.problems.push(problem);
  }
}

/** 1. Both replicas started at the same moment on an empty database. */
async function coldStart(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const t0 = Date.now();
  for (const r of ctx.replicas) spawnReplica(r);
  const starts = await Promise.allSettled(ctx.replicas.map((r) => waitReady(r)));
  const readyIn = seconds(Date.now() - t0);
  starts.forEach((s, i) => c.count(s.status === 'fulfilled', `replica ${ctx.replicas[i].name} did not start: ${s.status === 'rejected' ? (s.reason as Error).message : ''}`));
  const today = P.today();
  // The boot's commitment runs just after the start (FairnessService.onApplicationBootstrap), not before the ready line.
  await waitUntil(() => ctx.db.query(`SELECT 1 FROM draw_day WHERE day = $1`, [today]).then((rows: unknown[]) => (rows.length ? true : undefined), () => undefined), 15_000);

  const migrations: Array<{ name: string; n: number }> = await ctx.db.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`).catch(() => []);
  const twice = migrations.filter((m) => m.n !== 1);
  c.count(migrations.length === P.migrationCount && twice.length === 0, `migrations table: ${migrations.length} names for ${P.migrationCount} migrations, ${twice.length} recorded more than once (${twice.map((m) => m.name).join(', ')})`);
  const [{ n: admins }] = await ctx.db.query(`SELECT count(*)::int AS n FROM "user" WHERE lower(email) = lower($1)`, [ctx.secrets.adminEmail]);
  c.count(admins === 1, `${admins} users with ADMIN_EMAIL (1 expected)`);
  const [{ n: days }] = await ctx.db.query(`SELECT count(*)::int AS n FROM draw_day WHERE day = $1`, [today]);
  c.count(days === 1, `${days} commitments (draw_day rows) for ${today} (1 expected)`);

  // nginx was asked before the replicas listened (set-up checks it answers), found them refusing and
  // keeps them out of rotation for fail_timeout: as a load balancer in front of a fresh deploy does.
  await sleep(FAIL_TIMEOUT_S * 1000 + 500);
  // HTTPS through nginx reaches the app as HTTPS (X-Forwarded-Proto under TRUST_PROXY): HSTS is sent; plain HTTP gets none.
  const overHttps = await call(ctx, { path: '/', from: nextAddress() });
  const overHttp = await call(ctx, { path: '/api/v1/health', from: nextAddress(), plain: true });
  const overH2 = await h2Get(ctx, '/api/v1/settings', nextAddress());
  c.count(overH2.status === 200 && overH2.protocol === 'h2', `GET /api/v1/settings over HTTP/2 through nginx: ${overH2.status || overH2.error}, protocol ${overH2.protocol ?? 'none'}`);
  c.count(overHttps.status === 200 && !!overHttps.headers['strict-transport-security'], `GET / over HTTPS through nginx: ${overHttps.status || overHttps.error}, HSTS ${overHttps.headers['strict-transport-security'] ? 'sent' : 'missing'}`);
  c.count(overHttp.status === 200 && !overHttp.headers['strict-transport-security'], `GET /api/v1/health over plain HTTP through nginx: ${overHttp.status || overHttp.error}, HSTS ${overHttp.headers['strict-transport-security'] ? 'sent (should not be)' : 'not sent'}`);

  const appliedBy = ctx.replicas.map((r) => `${r.name} ${new Set(r.applied).size}`).join(', ');
  // A replica that failed the cold start is started again, so the later scenarios have both.
  for (const r of ctx.replicas) if (!isUp(r)) spawnReplica(r);
  try {
    await Promise.all(ctx.replicas.map((r) => waitReady(r)));
  } catch (e) {
    c.count(false, `started again after the cold start, a replica still failed: ${(e as Error).message}`);
  }
  return {
    done: 'both replicas started at the same moment on an empty database, ADMIN_EMAIL set',
    sent: 3,
    failed: [overHttps, overHttp, overH2].filter((a) => a.status !== 200).length,
    lost: null,
    figure: `ready in ${readyIn} s; ${migrations.length} migrations recorded once each (applied by ${appliedBy}); ${admins} Super Admin; ${days} commitment for ${today}; HSTS over HTTPS only; HTTP/2 ${overH2.protocol === 'h2' ? 'agreed' : 'not agreed'}`,
    problems: c.problems,
  };
}

/** Between scenarios 1 and 2: the public form's references, today's prize stock, the admin's token. */
async function prepareCampaign(ctx: Ctx): Promise<void> {
  const bikeModel = await P.bikeModelId(ctx.db, 'Rehearsal Model');
  const [branch] = await ctx.db.query(
    `INSERT INTO branch (slug, title, state, district, city, location, "order") VALUES ($1, 'Rehearsal Showroom', 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', '', 1) RETURNING id`,
    [randomBytes(9).toString('base64url')],
  );
  // Today's public stock: 4 allocations of 5 prizes. The factory drops today's commitment so the
  // next draw commits the scheme again with them in (an allocation added after a commitment is never drawn).
  const allocations = [10000, 20000, 30000, 40000];
  for (const amount of allocations) await P.allocate(ctx.db, { type: 'preregistration_public', count: 5, amount, probability: 40 });
  const login = await call(ctx, { method: 'POST', path: '/api/v1/auth/login', from: nextAddress(), json: { email: ctx.secrets.adminEmail, password: ctx.secrets.adminPassword } });
  const token = (jsonOf(login.body) as { access_token?: string } | null)?.access_token;
  if (login.status !== 200 || !token) throw new Error(`the Super Admin could not sign in through nginx: ${login.status || login.error} ${login.body.toString('utf8').slice(0, 300)}`);
  ctx.campaign = { bikeModel, branch: branch.id, token, stock: allocations.length * 5 };
}

/** 2. Each replica in turn stopped (SIGTERM) and started again, under steady mixed traffic. */
async function rollingRestart(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const mark = frontLog(ctx).length;
  const resentBefore = resentOnClosedKeepAlive;
  const traffic = startTraffic(ctx, { mix: ['read', 'enquiry', 'staff', 'read', 'enquiry', 'read'] });
  await sleep(2000);
  const outFor: string[] = [];
  const outMs: number[] = [];
  for (const r of ctx.replicas) {
    const ms = await restartDrained(ctx, r, c);
    outMs.push(ms);
    outFor.push(`${r.name} ${seconds(ms)} s`);
    await sleep(1000);
  }
  const sent = await traffic.stop();
  const failed = sent.filter((s) => s.status !== 200);
  const { answered, lost } = await lostEnquiries(ctx, sent, c);
  c.timed(failed.length === 0, `${failed.length} requests failed during the rolling restart: ${named(failed)}`);
  return {
    done: 'drained in nginx (marked down, reload), SIGTERM, started again and put back, A then B, under reads, enquiries and staff table reads',
    sent: sent.length,
    failed: failed.length,
    lost: lost.length,
    figure: `answers ${statusSummary(sent)}; ${answered.length} enquiries answered 200, ${lost.length} lost; out of rotation ${outFor.join(', ')}; nginx passed ${refusedConnections(frontLog(ctx, mark))} refused connections on; ${resentOnClosedKeepAlive - resentBefore} resent as a browser does (kept-alive connection closed by the reload)`,
    timings: { failed: failed.length, sent: sent.length, drainedMs: Math.max(...outMs) },
    problems: c.problems,
  };
}

/** 3. One replica killed (SIGKILL) in the middle of enquiries and verifications, then started again. */
async function killOne(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const victim = ctx.replicas[1];
  const traffic = startTraffic(ctx, { mix: ['enquiry', 'read', 'enquiry', 'staff'], verify: true });
  await sleep(3000);
  const killAt = Date.now();
  await stopReplica(victim, 'SIGKILL');
  await sleep(3000);
  const sent = await traffic.stop();
  spawnReplica(victim);
  await waitReady(victim);
  await sleep(FAIL_TIMEOUT_S * 1000 + 1000);

  const failed = sent.filter((s) => s.status !== 200);
  // In flight at the kill, on either replica (the client cannot tell which one nginx chose); 200 ms of
  // grace for a connection nginx opened to the dying process as the signal landed.
  const wasInFlight = (s: Sent) => s.started <= killAt + 200 && s.ended >= killAt;
  const inFlight = sent.filter((s) => s.started <= killAt && s.ended >= killAt).length;
  const outsideKill = failed.filter((s) => !wasInFlight(s));
  c.timed(outsideKill.length === 0, `${outsideKill.length} requests failed that were not in flight when the replica was killed: ${named(outsideKill)}`);
  const { answered, lost } = await lostEnquiries(ctx, sent, c);
  const noCode = await withoutCodeSms(ctx, answered.map((s) => s.phone!));
  c.count(noCode.length === 0, `${noCode.length} enquiries answered 200 have no code SMS in the outbox`);
  // A failed enquiry may still have been saved (the replica died after its commit, before its answer): not lost, only unconfirmed.
  const failedPhones = failed.filter((s) => s.kind === 'enquiry').map((s) => s.phone!);
  const [{ n: savedAnyway }] = await ctx.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE phone = ANY($1)`, [failedPhones]);

  const verified = sent.filter((s) => s.kind === 'verify' && s.status === 200).map((s) => s.slug!);
  const drawn: Array<{ slug: string; draws: number; prize_sms: number }> = await ctx.db.query(
    `SELECT p.slug, (SELECT count(*)::int FROM draw d WHERE d.kind = 'preregistration' AND d.record_id = p.id) AS draws,
            (SELECT count(*)::int FROM sms_outbox o WHERE o.kind = 'prize' AND o.phone = p.phone) AS prize_sms
       FROM preregistration p WHERE p.slug = ANY($1)`,
    [verified],
  );
  const notOnce = drawn.filter((d) => d.draws !== 1 || d.prize_sms !== 1);
  c.count(drawn.length === verified.length && notOnce.length === 0, `${verified.length} verifications answered 200: ${verified.length - drawn.length} records missing, ${notOnce.length} without exactly one draw and one prize SMS`);
  const books = await campaignBooks(ctx.db);
  c.count(books.stock_off === 0 && books.drawn_twice === 0 && books.prize_sms_twice === 0, `the draw's books: ${JSON.stringify(books)}`);
  return {
    done: `SIGKILL to replica ${victim.name} mid-traffic (enquiries with their codes typed, reads, staff reads), then started again`,
    sent: sent.length,
    failed: failed.length,
    lost: lost.length,
    figure:
      `answers ${statusSummary(sent)}; ${inFlight} in flight at the kill; failures outside the kill ${outsideKill.length}; ${answered.length} enquiries 200, ${lost.length} lost, ${noCode.length} without code SMS; ` +
      `${savedAnyway} of ${failedPhones.length} failed enquiries saved anyway; ${verified.length} verified, stock ${books.stock}: ${books.awarded} awarded + ${books.left_over} left, ${books.drawn_twice} drawn twice`,
    problems: c.problems,
  };
}

/** 4. PostgreSQL stopped for about 3 s under traffic, then started again; the replicas are not restarted. */
async function databaseRestart(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const pids = ctx.replicas.map((r) => r.proc?.pid);
  const traffic = startTraffic(ctx, { mix: ['enquiry', 'read', 'enquiry', 'staff'] });
  await sleep(2000);
  const downAt = Date.now();
  pauseCluster(ctx.cluster, 'fast');
  await sleep(1000);
  const healthWhileDown = await call(ctx, { path: '/api/v1/health', from: nextAddress() });
  await sleep(2000);
  resumeCluster(ctx.cluster);
  const upAt = Date.now();
  const firstOk = await waitUntil(() => traffic.sent.find((s) => s.kind === 'enquiry' && s.status === 200 && s.started >= upAt), 30_000, 50);
  await sleep(2000);
  const sent = await traffic.stop();
  await waitForDatabase(ctx.db);

  const backAt = firstOk?.ended ?? Infinity;
  const duringOutage = (s: Sent) => s.ended >= downAt && s.started <= backAt;
  const unavailable = sent.filter((s) => s.status === 503);
  const wrongWords = unavailable.filter((s) => s.message !== UNAVAILABLE);
  const failed = sent.filter((s) => s.status !== 200 && !(s.status === 503 && duringOutage(s)));
  const healthWords = (jsonOf(healthWhileDown.body) as { message?: unknown } | null)?.message;
  c.count(unavailable.length > 0, 'no request was answered 503 while the database was down');
  c.count(wrongWords.length === 0, `${wrongWords.length} answers 503 without the product's message "${UNAVAILABLE}": ${named(wrongWords)}`);
  c.count(healthWhileDown.status === 503 && healthWords === DATABASE_UNAVAILABLE, `GET /api/v1/health while the database was down: ${healthWhileDown.status || healthWhileDown.error} ${JSON.stringify(healthWords)}`);
  const same = ctx.replicas.every((r, i) => isUp(r) && r.proc?.pid === pids[i]);
  c.count(same, `a replica exited or was restarted: ${ctx.replicas.map((r) => `${r.name} ${isUp(r) ? 'up' : 'down'}`).join(', ')}`);
  c.count(!!firstOk, 'no enquiry answered 200 within 30 s after the database came back');
  const backIn = firstOk ? (firstOk.ended - upAt) / 1000 : NaN;
  c.timed(!firstOk || backIn <= 10, `the first 200 came ${backIn.toFixed(1)} s after the database was back (10 s at most)`);
  c.timed(failed.length === 0, `${failed.length} requests failed other than the outage's 503: ${named(failed)}`);
  const { answered, lost } = await lostEnquiries(ctx, sent, c);
  return {
    done: 'pg_ctl stop -m fast under traffic, started again after 3 s; replicas left running',
    sent: sent.length,
    failed: failed.length,
    lost: lost.length,
    figure: `answers ${statusSummary(sent)}; ${unavailable.length} × 503 with the product's message (${wrongWords.length} without); down ${seconds(upAt - downAt)} s; first enquiry 200 ${Number.isNaN(backIn) ? 'never' : `${backIn.toFixed(1)} s`} after the database was back; ${answered.length} enquiries 200, ${lost.length} lost; replicas restarted: ${same ? 0 : 'yes'}`,
    timings: { downMs: upAt - downAt, backMs: firstOk ? firstOk.ended - upAt : -1, failed: sent.filter((x) => x.status !== 200 && x.status !== 503).length },
    problems: c.problems,
  };
}

/** What the fake Sparrow gateway answers in each phase. */
function gatewayReply(phase: GatewayPhase): FakeReply {
  if (phase === 'error') return { status: 500, body: { error: 'rehearsal: the gateway is down' } };
  // Sparrow's credit errors carry their own response_code (sparrow.provider.ts names 1012/1013); not a bad number, so retried.
  if (phase === 'credit') return { status: 403, body: { response_code: 1013, response: 'rehearsal: insufficient credit' } };
  return { status: 200, body: SPARROW_OK };
}

const recipientsOf = (r: RecordedRequest) => String((r.body as Record<string, unknown>).to ?? '').split(',').filter(Boolean);

/** How many gateway calls named each phone. */
function callsPerPhone(calls: RecordedRequest[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const r of calls) for (const p of recipientsOf(r)) times.set(p, (times.get(p) ?? 0) + 1);
  return times;
}

/** 5. The SMS gateway fails (HTTP errors, then out of credit) while codes are queued, then recovers. */
async function smsOutage(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const traffic = startTraffic(ctx, { mix: ['enquiry', 'read'], workers: 4, paceMs: 50 });
  const outageAt = Date.now();
  ctx.gateway.phase = 'error';
  await sleep(6000);
  ctx.gateway.phase = 'credit';
  await sleep(6000);
  const sent = await traffic.stop();
  const phones = sent.filter((s) => s.kind === 'enquiry' && s.status === 200).map((s) => s.phone!);
  const [{ n: waiting }] = await ctx.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE status IN ('queued', 'sending')`);
  const recoveredAt = Date.now();
  ctx.gateway.phase = 'ok';

  // The first retry comes 30 s after a failed attempt (sms.worker.ts smsBackoffSeconds).
  const allSent = await waitUntil(async () => {
    const [row] = await ctx.db.query(`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent FROM sms_outbox WHERE kind = 'otp' AND phone = ANY($1)`, [phones]);
    return row.sent >= phones.length ? Date.now() : undefined;
  }, 150_000, 500);
  await sleep(3000); // anything sent twice would come now
  const rows: Array<{ status: string; attempts: number }> = await ctx.db.query(`SELECT status, attempts FROM sms_outbox WHERE kind = 'otp' AND phone = ANY($1)`, [phones]);
  const calls = ctx.fake.requestsTo('POST /v2/sms/');
  const during = calls.filter((r) => r.at >= outageAt && r.at < recoveredAt);
  const after = calls.filter((r) => r.at >= recoveredAt);
  const ours = new Set(phones);
  const duringTimes = callsPerPhone(during);
  const afterTimes = callsPerPhone(after);
  const triedTwiceInOutage = [...duringTimes].filter(([p, n]) => ours.has(p) && n > 1).length;
  const sentTwice = [...afterTimes].filter(([p, n]) => ours.has(p) && n > 1).length;
  const retried = rows.filter((r) => r.attempts >= 2).length;
  const sentRows = rows.filter((r) => r.status === 'sent').length;
  const failedRows = rows.filter((r) => r.status === 'failed').length;
  const failed = sent.filter((s) => s.status !== 200);
  const { lost } = await lostEnquiries(ctx, sent, c);
  c.count(failed.length === 0, `${failed.length} requests failed while the gateway was down (the outbox should take every code): ${named(failed)}`);
  c.count(phones.length > 0 && retried > 0, `${phones.length} codes queued, ${retried} retried: the outage was not rehearsed`);
  c.count(sentRows === phones.length && failedRows === 0, `${sentRows} of ${phones.length} codes sent after the gateway came back, ${failedRows} failed`);
  c.count(triedTwiceInOutage === 0, `${triedTwiceInOutage} codes tried more than once in the 12 s outage (the first retry waits 30 s)`);
  c.count(sentTwice === 0, `${sentTwice} codes sent more than once after the gateway came back`);
  c.count(after.length <= waiting, `flood: ${after.length} gateway calls after the recovery for ${waiting} messages that were waiting`);
  c.timed(!!allSent && allSent - recoveredAt <= 60_000, `the codes were all sent ${allSent ? seconds(allSent - recoveredAt) : 'never'} s after the gateway came back (60 s at most)`);
  return {
    done: 'gateway answered HTTP 500 for 6 s, then out of credit for 6 s, then OK, while enquiries came in',
    sent: sent.length,
    failed: failed.length,
    lost: lost.length,
    figure: `${phones.length} codes queued during the outage, ${retried} retried, ${sentRows} sent ${allSent ? `${seconds(allSent - recoveredAt)} s` : 'never'} after the recovery; gateway calls ${during.length} during, ${after.length} after for ${waiting} waiting; ${sentTwice} sent twice`,
    problems: c.problems,
  };
}

/** A past day of provably fair draws (seeds/fair-day.ts, as the bench makes one) on records not drawn yet; null when there are none. */
async function seedPastFairDay(ctx: Ctx): Promise<{ day: string; draws: number } | null> {
  const day = P.addDays(P.today(), -3);
  const rows: Array<{ id: number }> = await ctx.db.query(
    `SELECT id FROM preregistration p
      WHERE NOT p.is_verified AND NOT p.held AND p.branch_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM draw d WHERE d.kind = 'preregistration' AND d.record_id = p.id)
      ORDER BY id LIMIT 60`,
  );
  if (!rows.length) return null;
  const at = P.localToUtc(day, '12:00');
  await P.insertFairDay((sql, params) => ctx.db.query(sql, params), {
    day,
    tz: P.tz,
    scheme: [
      { amount: 10000, count: 5, probability: 20 },
      { amount: 5000, count: 10, probability: 40 },
    ],
    records: rows.map((r) => ({ id: Number(r.id), at })),
    baseAmount: P.basePrize,
  });
  return { day, draws: rows.length };
}

/** Uploads a picture as the admin through nginx; answers its paths and the bytes nginx serves for each. */
async function uploadPicture(ctx: Ctx): Promise<Map<string, Buffer>> {
  const form = new FormData();
  form.append('type', 'image');
  form.append('files[]', new Blob([new Uint8Array(await P.pngWithExif())], { type: 'image/png' }), 'rehearsal.png');
  // A Response encodes the form as a browser would: multipart, with its boundary in the content type.
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const up = await call(ctx, {
    method: 'POST',
    path: '/api/v1/upload',
    from: nextAddress(),
    body,
    headers: { authorization: `Bearer ${ctx.campaign!.token}`, 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  const file = (jsonOf(up.body) as { data?: Array<{ url: string; thumbnail: string | null }> } | null)?.data?.[0];
  if (up.status !== 200 || !file) throw new Error(`upload through nginx answered ${up.status || up.error}: ${up.body.toString('utf8').slice(0, 300)}`);
  const served = new Map<string, Buffer>();
  for (const path of [file.url, file.thumbnail].filter((p): p is string => !!p)) {
    const got = await call(ctx, { path, from: nextAddress() });
    if (got.status !== 200) throw new Error(`GET ${path} through nginx answered ${got.status || got.error}`);
    served.set(path, got.body);
  }
  return served;
}

/** The verifier (scripts/verify-draws.mjs) on one day, against a replica: its last line and whether it found nothing wrong. */
async function verifyDraws(port: number, day: string, expected: number): Promise<{ ok: boolean; line: string }> {
  const out = await runTool(process.execPath, [join(ROOT, 'scripts', 'verify-draws.mjs'), '--day', day, '--url', `http://127.0.0.1:${port}`, '--quiet']);
  const line = (out.stdout.trim().split('\n').at(-1) ?? '') || out.stderr.trim().split('\n').at(-1) || `exit ${out.code}`;
  const m = /^(\d+) draws checked, (\d+) ok, (\d+) mismatched/.exec(line);
  return { ok: out.code === 0 && !!m && Number(m[1]) === expected && m[3] === '0', line };
}

/** 6. pg_dump and a copy of the uploads while traffic runs; restored into a fresh cluster and folder; one replica on them. */
async function backupRestore(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const picture = await uploadPicture(ctx);
  const pastDay = await seedPastFairDay(ctx);

  const traffic = startTraffic(ctx, { mix: ['enquiry', 'read', 'staff'] });
  await sleep(1500);
  // The counts and the dump read one snapshot: a REPEATABLE READ transaction exports it, pg_dump takes it over.
  const dumpFile = join(ctx.work, 'campaign.dump');
  const pgDump = join(findPgBin(), 'pg_dump');
  const { atDump, dump } = await asAdmin(ctx.databaseUrl, async (holder) => {
    await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const [{ snapshot }] = (await holder.query(`SELECT pg_export_snapshot() AS snapshot`)).rows;
    const counted = await countTables(holder);
    // The exporting transaction stays open until pg_dump is done: pg_dump takes the snapshot over at its start.
    const ran = await runTool(pgDump, ['-Fc', `--snapshot=${snapshot}`, '-f', dumpFile, '-d', ctx.databaseUrl]);
    await holder.query('COMMIT');
    return { atDump: counted, dump: ran };
  });
  if (dump.code !== 0) throw new Error(`pg_dump failed (exit ${dump.code}): ${dump.stderr.trim()}`);
  // The uploads are copied after the dump: every file the dump names is in the folder by then (a file
  // uploaded meanwhile is copied too and simply has no row); copied first, a file could have a row but no bytes.
  const uploadsCopy = join(ctx.work, 'uploads-restored');
  await cp(ctx.uploadDir, uploadsCopy, { recursive: true });
  await sleep(1000);
  const sent = await traffic.stop();
  const failed = sent.filter((s) => s.status !== 200);
  c.count(failed.length === 0, `${failed.length} requests failed while the backup ran: ${named(failed)}`);
  const { lost } = await lostEnquiries(ctx, sent, c);

  // Restored into a fresh cluster, its own database, before any app touches it.
  const cluster = await startCluster();
  const stopRestored = once(() => stopCluster(cluster));
  onCleanup(stopRestored);
  const restoredUrl = await createDatabase(cluster.adminUrl, 'campaign');
  const restore = await runTool(join(findPgBin(), 'pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '-d', restoredUrl, dumpFile]);
  if (restore.code !== 0) throw new Error(`pg_restore failed (exit ${restore.code}): ${restore.stderr.trim()}`);
  const restored = await asAdmin(restoredUrl, countTables);
  const tables = Object.keys({ ...atDump, ...restored });
  const differ = tables.filter((t) => atDump[t] !== restored[t]);
  c.count(differ.length === 0, `row counts differ from the dump's moment: ${differ.map((t) => `${t} ${atDump[t]} → ${restored[t]}`).join(', ')}`);

  // One replica on the restored database and folder. It gets a gateway of its own: the original
  // replicas still run and send, and two live copies of one outbox would text every waiting phone twice.
  const gateway = await startFakeProvider({ 'POST /v2/sms/': { status: 200, body: SPARROW_OK } });
  const closeGateway = once(() => void gateway.close());
  onCleanup(closeGateway);
  const port = await freePort();
  const r = newReplica(ctx.work, 'restored', port, (dataDir) => replicaEnv(ctx, { port, dataDir, uploadDir: uploadsCopy, databaseUrl: restoredUrl, smsUrl: gateway.url }));
  spawnReplica(r);
  try {
    await waitReady(r);
    let pictureServed = true;
    for (const [path, bytes] of picture) {
      const got = await direct(port, path);
      const same = got.status === 200 && got.body.equals(bytes);
      pictureServed &&= same;
      c.count(same, `${path} from the restored replica: ${got.status}, ${got.body.equals(bytes) ? 'same bytes' : 'different bytes'}`);
    }
    const liveChain = await call(ctx, { path: '/api/v1/fairness/chain', from: nextAddress() });
    const restoredChain = await direct(port, '/api/v1/fairness/chain');
    // The live chain may have grown since the dump (a commitment made meanwhile), never changed: the restored one is its start.
    const links = (a: { body: Buffer }) => ((jsonOf(a.body) as { data?: unknown[] } | null)?.data ?? []).map((l) => JSON.stringify(l));
    const [live, back] = [links(liveChain), links(restoredChain)];
    const sameChain = back.length > 0 && back.every((l, i) => live[i] === l);
    c.count(liveChain.status === 200 && restoredChain.status === 200 && sameChain, `the restored chain (${restoredChain.status}, ${back.length} links) is not the start of the live one (${liveChain.status}, ${live.length} links)`);
    let verifier = 'past-day check not run (no record to draw)';
    if (pastDay) {
      const v = await verifyDraws(port, pastDay.day, pastDay.draws);
      c.count(v.ok, `verify-draws on ${pastDay.day} against the restored replica: ${v.line}`);
      verifier = `verify-draws ${pastDay.day}: ${v.line}`;
    }
    const exit = await stopReplica(r, 'SIGTERM');
    c.count(exit.code === 0, `the restored replica exited ${exit.code ?? exit.signal} after SIGTERM`);
    const size = statSync(dumpFile).size;
    return {
      done: 'upload, past fair day seeded; pg_dump -Fc on an exported snapshot and a copy of the uploads under traffic; pg_restore into a fresh cluster; one replica on it',
      sent: sent.length,
      failed: failed.length,
      lost: lost.length,
      figure: `dump ${(size / 2 ** 20).toFixed(1)} MB in ${seconds(dump.ms)} s, restore ${seconds(restore.ms)} s; ${tables.length - differ.length}/${tables.length} tables equal at the snapshot (${atDump.preregistration} pre-registrations, ${atDump.sms_outbox} SMS); picture and thumbnail served: ${pictureServed ? 'yes' : 'NO'}; chain ${sameChain ? 'the start of the live one' : 'differs from the live one'}; ${verifier}`,
      problems: c.problems,
    };
  } finally {
    await stopReplica(r, 'SIGKILL');
    stopRestored();
    closeGateway();
  }
}

// ------------------------------------------------------------------ the run

interface Row {
  n: number;
  name: string;
  outcome: 'passed' | 'FAILED';
  result?: ScenarioResult;
  why?: string;
}

interface Scenario {
  n: number;
  name: string;
  run: (ctx: Ctx) => Promise<ScenarioResult>;
}

const SCENARIOS: Scenario[] = [
  { n: 1, name: 'cold start', run: coldStart },
  { n: 2, name: 'rolling restart', run: rollingRestart },
  { n: 3, name: 'replica killed', run: killOne },
  { n: 4, name: 'database restart', run: databaseRestart },
  { n: 5, name: 'SMS gateway failing', run: smsOutage },
  { n: 6, name: 'backup and restore', run: backupRestore },
  { n: 7, name: 'new release over live data', run: newRelease },
];

// ------------------------------------------------------------------ 7. a new release over live data

/** The previous release, as a built checkout of its own beside this one. */
interface Release {
  ref: string;
  /** How the ref was chosen. */
  why: string;
  dir: string;
  /** Its migrations' names, in order. */
  migrations: string[];
}

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

/** --previous REF, else the commit before the newest migration was added: a release the newest migration runs over. */
function previousRef(): { ref: string; why: string } {
  if (PREVIOUS) return { ref: git('rev-parse', `${PREVIOUS}^{commit}`), why: `--previous ${PREVIOUS}` };
  const newest = git('log', '-1', '--format=%H', '--diff-filter=A', '--', 'backend/src/database/migrations/1*.ts');
  if (!newest) throw new Error('no commit added a migration: name the previous release with --previous REF');
  return { ref: git('rev-parse', `${newest}^`), why: `the commit before ${newest.slice(0, 7)}, which added the newest migration` };
}

/** A checkout's migrations, from its files (the classes end in the file's 13-digit time). */
function migrationsOf(dir: string): string[] {
  const folder = join(dir, 'backend', 'src', 'database', 'migrations');
  return readdirSync(folder)
    .filter((f) => /^\d{13}-\w+\.ts$/.test(f))
    .sort()
    .map((f) => /export class (\w+)/.exec(readFileSync(join(folder, f), 'utf8'))?.[1] ?? f);
}

/**
 * The previous release extracted (git archive) into .rehearsal-release/<ref> and built there once
 * (kept for the next run; not under node_modules, where tsc emits no JSON and Vite sees packages). With the same package-lock.json it uses this
 * checkout's packages through links (its own workspaces linked as its own); with another one it
 * gets its own npm ci.
 */
function buildPrevious(): Release {
  const { ref, why } = previousRef();
  const dir = join(ROOT, '.rehearsal-release', ref);
  const done = join(dir, '.rehearsal-built');
  if (!existsSync(done)) {
    log(`building the previous release ${ref.slice(0, 7)} (${why}) in ${dir} ...`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'sh', ROOT, ref, dir], { stdio: 'inherit' });
    const sameLock = spawnSync('git', ['-C', ROOT, 'diff', '--quiet', ref, 'HEAD', '--', 'package-lock.json']).status === 0;
    if (sameLock) linkPackages(dir);
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    execFileSync(process.execPath, [join(dir, 'scripts', 'build-if-needed.mjs')], { cwd: dir, stdio: 'inherit' });
    writeFileSync(done, `${ref}\n`);
  }
  return { ref, why, dir, migrations: migrationsOf(dir) };
}

/** node_modules for a checkout of the same lock: every package linked to this checkout's, the workspaces to its own. */
function linkPackages(dir: string): void {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@campaign'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@campaign' || entry === '.cache') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const ws of readdirSync(join(ROOT, 'node_modules', '@campaign'))) symlinkSync(join('..', '..', ws), join(modules, '@campaign', ws));
  for (const ws of ['domain', 'backend', 'admin', 'public-site']) {
    const own = join(ROOT, ws, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, ws))) symlinkSync(own, join(dir, ws, 'node_modules'));
  }
}

/**
 * 7. The previous release serves the live database while this one's first replica migrates it,
 * then the second replica is replaced too. The database is first taken back to the previous
 * release's schema (this release's newer migrations undone, their down()), as it stood before
 * the deploy; the rows of scenarios 1-6 stay.
 */
async function newRelease(ctx: Ctx): Promise<ScenarioResult> {
  const c = new Checks();
  const release = ctx.previous;
  if (!release) throw new Error('the previous release was not built');
  const [a, b] = ctx.replicas;
  const ours = (await ctx.db.query(`SELECT name FROM migrations ORDER BY id`)).map((r: { name: string }) => r.name) as string[];
  const pending = ours.filter((m) => !release.migrations.includes(m));
  c.count(pending.length > 0, `the previous release ${release.ref.slice(0, 7)} has every migration of this one: nothing to rehearse (name an older one with --previous)`);
  c.count(
    pending.every((m, i) => ours.indexOf(m) === ours.length - pending.length + i),
    `the migrations the previous release lacks are not the newest ones (${pending.join(', ')}): it is not this release's predecessor`,
  );

  // Before the deploy: the previous release and its schema, on A.
  for (const r of ctx.replicas) await stopReplica(r, 'SIGTERM');
  const undo = new DataSource(P.dataSourceOptions(ctx.databaseUrl, 1));
  await undo.initialize();
  try {
    for (const _ of pending) await undo.undoLastMigration({ transaction: 'each' });
  } finally {
    await undo.destroy();
  }
  a.root = release.dir;
  try {
    await setDrained(ctx, [b]);
    spawnReplica(a);
    await waitReady(a);
    const traffic = startTraffic(ctx, { mix: ['enquiry', 'read', 'staff', 'read'], verify: true });
    await sleep(2000);

    // The deploy: B starts on this release and migrates while A, the previous release, serves;
    // nginx sends B nothing until it is ready, then both releases serve side by side.
    const migrateFrom = Date.now();
    b.applied = [];
    spawnReplica(b);
    await waitReady(b);
    const migrateTo = Date.now();
    await setDrained(ctx, []);
    await sleep(2000);
    // Then A is replaced by this release too, drained first as in the rolling restart.
    await restartDrained(ctx, a, c);
    await sleep(1000);
    const sent = await traffic.stop();

    const failed = sent.filter((s) => s.status !== 200);
    c.timed(failed.length === 0, `${failed.length} requests failed during the release: ${named(failed)}`);
    const duringMigration = sent.filter((s) => s.status === 200 && s.started >= migrateFrom && s.ended <= migrateTo);
    c.count(duringMigration.length > 0, 'no request was answered while the new release migrated');
    c.count(b.applied.join(',') === pending.join(','), `the new release's first replica applied [${b.applied.join(', ')}], expected [${pending.join(', ')}]`);
    c.count(a.applied.length === 0, `the second replica applied migrations again: ${a.applied.join(', ')}`);
    const [{ n: twice }] = await ctx.db.query(`SELECT count(*)::int AS n FROM (SELECT name FROM migrations GROUP BY name HAVING count(*) > 1) x`);
    c.count(twice === 0, `${twice} migrations are recorded more than once`);
    const { answered, lost } = await lostEnquiries(ctx, sent, c);
    const books = await campaignBooks(ctx.db);
    c.count(books.stock_off === 0 && books.drawn_twice === 0 && books.prize_sms_twice === 0, `the draw's books: ${JSON.stringify(books)}`);
    const verified = sent.filter((s) => s.kind === 'verify' && s.status === 200).length;
    return {
      done: `previous release ${release.ref.slice(0, 7)} (${release.why}) serving; B started on this one and migrated; then A replaced`,
      sent: sent.length,
      failed: failed.length,
      lost: lost.length,
      figure:
        `migrated ${pending.join(', ')} in ${seconds(migrateTo - migrateFrom)} s (start to ready) while the previous release answered ${duringMigration.length} requests (${duringMigration.filter((s) => s.kind === 'enquiry').length} enquiries); ` +
        `answers ${statusSummary(sent)}; ${answered.length} enquiries 200, ${lost.length} lost; ${verified} verified across both releases, ${books.drawn_twice} drawn twice, stock off ${books.stock_off}`,
      problems: c.problems,
    };
  } finally {
    a.root = ROOT;
  }
}

// ------------------------------------------------------------------ the run

function printRow(row: Row) {
  const r = row.result;
  const cells = r
    ? `${r.done} | sent ${r.sent} | failed ${r.failed} | lost ${r.lost ?? '-'} | ${r.figure}`
    : `${row.why ?? ''}`;
  log(`${row.n}. ${row.name} | ${cells} | ${row.outcome}`);
  for (const p of r?.problems ?? []) log(`     - ${p}`);
}

function table(rows: Row[]): string {
  const head = ['#', 'scenario', 'what was done', 'sent', 'failed', 'lost', 'figure', 'result'];
  const body = rows.map((row) => {
    const r = row.result;
    return [String(row.n), row.name, r?.done ?? '-', r ? String(r.sent) : '-', r ? String(r.failed) : '-', r?.lost === null || !r ? '-' : String(r.lost), r?.figure ?? row.why ?? '-', row.outcome];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

async function runScenario(ctx: Ctx, s: Scenario): Promise<Row> {
  log(`${s.n}. ${s.name} ...`);
  try {
    if (s.n > 1) await ensureReplicasUp(ctx);
    const result = await s.run(ctx);
    return { n: s.n, name: s.name, outcome: result.problems.length ? 'FAILED' : 'passed', result };
  } catch (e) {
    return { n: s.n, name: s.name, outcome: 'FAILED', why: `error: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    await stopAllTraffic();
  }
}

function build(): void {
  if (IMAGE_BUILD) {
    // The image's build step without npm ci (it would replace this checkout's node_modules) and without pruning.
    log('building as the image does (scripts/production.sh build, SKIP_INSTALL=1) ...');
    execFileSync('sh', [PRODUCTION_SH, 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SKIP_INSTALL: '1', PRUNE: '0' } });
  } else if (BUILD) {
    log('building what is stale (domain, backend, admin, public site) ...');
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }
}

/** Everything the scenarios run on: the work folder, the fake, PostgreSQL, nginx, the replicas (not started yet). */
async function setUp(): Promise<Ctx> {
  for (const tool of [NGINX, OPENSSL, PRODUCTION_SH]) if (!existsSync(tool)) throw new Error(`${tool} is missing (apt-get install -y nginx openssl)`);
  const work = mkdtempSync(join(tmpdir(), 'campaign-rehearsal-'));
  // nginx's workers (an unprivileged user when started as root) must reach the nginx folder inside.
  chmodSync(work, 0o755);
  if (KEEP) onCleanup(() => void log(`work folder kept: ${work}`));
  else removeOnCleanup(work);

  const fake = await startFakeProvider();
  onCleanup(() => fake.close());
  const gateway = { phase: 'ok' as GatewayPhase };
  fake.answer('POST /v2/sms/', () => gatewayReply(gateway.phase));
  fake.answer('POST /recaptcha/api/siteverify', { status: 200, body: RECAPTCHA_OK });

  const cluster = await startCluster();
  onCleanup(() => stopCluster(cluster));
  const databaseUrl = await createDatabase(cluster.adminUrl, 'campaign');
  const db = new DataSource(P.dataSourceOptions(databaseUrl, 6));
  await db.initialize();
  onCleanup(() => db.destroy());

  const uploadDir = join(work, 'uploads');
  mkdirSync(uploadDir);
  const [portA, portB, httpPort, httpsPort] = await distinctPorts(4);
  const secrets = makeSecrets();
  const publicUrl = `https://127.0.0.1:${httpsPort}`;
  const front = await startFront(work, [portA, portB], httpPort, httpsPort);
  const ctx: Ctx = { work, cluster, databaseUrl, db, fake, gateway, secrets, publicUrl, uploadDir, front, replicas: [] };
  const env = (port: number) => (dataDir: string) => replicaEnv(ctx, { port, dataDir, uploadDir, databaseUrl, smsUrl: fake.url });
  ctx.replicas = [newReplica(work, 'A', portA, env(portA)), newReplica(work, 'B', portB, env(portB))];
  // nginx answers (502 until a replica is up) once it listens.
  const answering = await waitUntil(async () => ((await call(ctx, { path: '/api/v1/health', from: nextAddress(), timeoutMs: 2000 })).status > 0 ? true : undefined), 10_000, 100);
  if (!answering) throw new Error(`nginx does not answer on 127.0.0.1:${httpsPort}:\n${frontLog(ctx).slice(-2000)}`);
  log(`nginx on https://127.0.0.1:${httpsPort} (and http ${httpPort}) -> replicas 127.0.0.1:${portA}, 127.0.0.1:${portB}; PostgreSQL ${new URL(cluster.adminUrl).port}; fake gateway ${fake.url}`);
  return ctx;
}

async function main(): Promise<number> {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().then(() => process.exit(130)));
  build();
  const watchdog = setTimeout(() => {
    process.stderr.write('rehearsal: time budget exceeded, cleaning up\n');
    void cleanup().then(() => process.exit(2));
  }, BUDGET_MS);
  const planned = SCENARIOS.filter((s) => !SHORT || s.n <= 4);
  let previous: Release | undefined;
  if (planned.some((s) => s.n === 7)) {
    try {
      previous = buildPrevious();
    } catch (e) {
      log(`could not build the previous release: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const rows: Row[] = [];
  try {
    P = await loadProduct();
    const ctx = await setUp();
    ctx.previous = previous;
    for (const s of planned) {
      if (s.n === 2 && !ctx.campaign) {
        try {
          await ensureReplicasUp(ctx);
          await prepareCampaign(ctx);
        } catch (e) {
          log(`could not prepare the campaign: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      const row = s.n > 1 && !ctx.campaign ? { n: s.n, name: s.name, outcome: 'FAILED' as const, why: 'not run: the campaign could not be prepared after the cold start' } : await runScenario(ctx, s);
      rows.push(row);
      printRow(row);
    }
  } catch (e) {
    log(`set-up failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    for (const s of planned.filter((p) => !rows.some((r) => r.n === p.n))) rows.push({ n: s.n, name: s.name, outcome: 'FAILED', why: 'not run: the set-up failed' });
  }
  clearTimeout(watchdog);
  await cleanup();
  const passed = rows.filter((r) => r.outcome === 'passed').length;
  const failed = rows.filter((r) => r.outcome === 'FAILED').length;
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
  process.stdout.write(`\n${table(rows)}\n\nrehearsal: ${passed} scenarios passed, ${failed} failed\n`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`rehearsal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    void cleanup().then(() => {
      process.stdout.write('rehearsal: 0 scenarios passed, 1 failed\n');
      process.exit(1);
    });
  },
);
