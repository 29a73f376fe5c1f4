/**
 * The bench's plumbing: child processes that are always cleaned up, load runs with
 * autocannon on loopback (bounded by duration or amount), sequential timings for p95, and
 * memory sampling from /proc.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { Agent } from 'node:http';
import { DEMO_LOGINS } from '../src/database/seeds/demo-data';

// autocannon ships no types; the part the bench uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

interface AutocannonResult {
  requests: { average: number; total: number; sent: number };
  latency: Record<string, number>;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
  duration: number;
}

// ------------------------------------------------------------------ cleanup

const cleanups: Array<() => void | Promise<void>> = [];
/** Registers a step for the end of the run (last registered runs first), whatever the outcome. */
export function onCleanup(fn: () => void | Promise<void>) {
  cleanups.unshift(fn);
}
let cleaning: Promise<void> | undefined;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.splice(0)) {
      try {
        await fn();
      } catch (e) {
        process.stderr.write(`cleanup: ${e instanceof Error ? e.message : String(e)}\n`);
      }
    }
  })();
  return cleaning;
}
export function removeOnCleanup(dir: string) {
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
}

/** Starts a child that is killed (SIGTERM, then SIGKILL) at cleanup. Its output goes to `log`; `stdin` gives it a pipe to write commands to. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; log?: (line: string) => void; stdin?: boolean },
): ChildProcess {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      opts.log?.(line);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  (child as ChildProcess & { tail: string[] }).tail = tail;
  onCleanup(() => stopChild(child));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) process.stderr.write(`${name} exited with ${code ?? signal}:\n  ${tail.slice(-15).join('\n  ')}\n`);
  });
  return child;
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ------------------------------------------------------------------ HTTP

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export interface HttpResult {
  status: number;
  body: Buffer;
  ms: number;
  headers: Record<string, string | string[] | undefined>;
}

export function http(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpResult> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent, timeout: opts.timeoutMs ?? 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          headers: res.headers,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout ${url}`)));
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/**
 * Signs a demo user in (their password from the demo seed's DEMO_LOGINS): the token and the
 * user as the API answers them, which the admin keeps as its session.
 */
export async function signIn(app: string, email: (typeof DEMO_LOGINS)[number]['email']): Promise<{ access_token: string; user: unknown }> {
  const login = DEMO_LOGINS.find((l) => l.email === email)!;
  const r = await http(`${app}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: login.password }),
  });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status}`);
  return JSON.parse(r.body.toString());
}

export async function waitForHttp(url: string, child: ChildProcess | undefined, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`process exited before ${url} answered`);
    try {
      const r = await http(url, { timeoutMs: 2000 });
      if (r.status < 500) return Date.now() - started;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(50);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ load

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Status codes other than 2xx, e.g. { '429': 3 }. */
  statuses?: Record<string, number>;
}

/** One autocannon run on loopback, bounded by `duration` (s) or `amount`. Errors = connection errors + timeouts + non-2xx. */
export async function load(opts: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  overallRate?: number;
  requests?: Array<Record<string, unknown>>;
  headers?: Record<string, string>;
}): Promise<LoadFigures> {
  if (!/^http:\/\/127\.0\.0\.1:\d+/.test(opts.url)) throw new Error('the bench only loads 127.0.0.1');
  const options: Record<string, unknown> = { url: opts.url, connections: opts.connections, timeout: 20, pipelining: 1 };
  if (opts.amount) options.amount = opts.amount;
  else options.duration = Math.min(opts.duration ?? 8, 30);
  if (opts.overallRate) options.overallRate = opts.overallRate;
  if (opts.requests) options.requests = opts.requests;
  if (opts.headers) options.headers = opts.headers;
  const result = await autocannon(options);
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) if (!code.startsWith('2')) statuses[code] = s.count;
  return {
    rps: result.requests.total / Math.max(0.001, result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    statuses: Object.keys(statuses).length ? statuses : undefined,
  };
}

/** Times `n` requests one after another (after `warm` unmeasured ones): p50, p95, max in ms. */
export async function timings(
  url: string,
  n: number,
  headers: Record<string, string> = {},
  warm = 2,
  gapMs = 0,
): Promise<{ p50: number; p95: number; max: number; errors: number; body?: unknown }> {
  const ms: number[] = [];
  let errors = 0;
  let body: unknown;
  for (let i = 0; i < warm + n; i++) {
    if (i && gapMs) await new Promise((r) => setTimeout(r, gapMs));
    const r = await http(url, { headers });
    if (r.status !== 200) errors++;
    if (i === 0) body = safeJson(r.body);
    if (i >= warm) ms.push(r.ms);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(...ms), errors, body };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function safeJson(b: Buffer): unknown {
  try {
    return JSON.parse(b.toString('utf8'));
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------ memory

/** VmRSS and VmHWM of a process, in MB. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Samples VmRSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 25): () => number {
  let peak = memory(pid).rss;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memory(pid).rss);
    } catch {
      // process gone
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    try {
      peak = Math.max(peak, memory(pid).rss);
    } catch {
      // process gone
    }
    return peak;
  };
}
