import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './pg-cluster';

/**
 * The built app (`node backend/dist/main.js`) as a child process, for what an in-process
 * app cannot show: its real log output, a SIGKILL or SIGTERM, several instances at once.
 * The build is made when missing or older than the sources (one build at a time).
 */
const BACKEND = join(__dirname, '..', '..');
const MAIN = join(BACKEND, 'dist', 'main.js');
/** What a start prints once it listens (src/main.ts). */
export const READY_LINE = 'Campaign is ready in';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

/** Builds dist/ (tsc) when it is older than src/; a lock directory keeps two test files from building at once. */
export async function ensureBuilt(): Promise<void> {
  const lock = join(tmpdir(), 'campaign-backend-build.lock');
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 600) throw new Error(`build lock ${lock} held for 5 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    const built = existsSync(MAIN) ? statSync(MAIN).mtimeMs : 0;
    if (newest(join(BACKEND, 'src')) > built) execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: BACKEND, stdio: 'pipe' });
  } finally {
    rmdirSync(lock);
  }
}

export interface ChildApp {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the process wrote (stdout and stderr), line by line. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ChildOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Shared secret so tokens work on every instance (default: one per call). */
  jwtSecret?: string;
  dataDir?: string;
  port?: number;
  /** How long to wait for /api/v1/health (ms). */
  readyTimeoutMs?: number;
}

/**
 * Starts the app as a child and waits until it answers. A port found free can be taken by
 * another test's child before this one listens (the test files run in parallel): the health
 * check then reached that other app, and a test read its pages as this one's. So the child
 * counts as ready only once it has printed its own ready line, and a start whose port was
 * taken meanwhile is made again on another port.
 */
export async function startChildApp(opts: ChildOptions): Promise<ChildApp> {
  await ensureBuilt();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts, opts.port ?? (await freePort()));
    } catch (e) {
      if (opts.port !== undefined || attempt >= 3 || !/EADDRINUSE/.test(String(e))) throw e;
    }
  }
}

async function startOnce(opts: ChildOptions, port: number): Promise<ChildApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'campaign-child-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET: opts.jwtSecret ?? randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    SMS_WORKER_INTERVAL_MS: '50',
    ...opts.env,
  };
  const proc = spawn(process.execPath, [MAIN], { cwd: BACKEND, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  proc.stdout!.on('data', collect);
  proc.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  for (;;) {
    if (exitedEarly) throw new Error(`child app exited before it was ready:\n${lines.slice(-30).join('\n')}`);
    try {
      const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      // The answer is this child's once it has said so (main.ts prints the line after listening).
      if (res.ok && lines.some((l) => l.includes(READY_LINE))) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`child app not ready after ${opts.readyTimeoutMs ?? 60_000} ms:\n${lines.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    proc,
    lines,
    exited,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const r = await exited;
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return r;
    },
  };
}

/** Signs in on a running app (fetch, from a fresh forwarded address when the app trusts loopback). */
export async function childLogin(url: string, email: string, password: string, ip?: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
