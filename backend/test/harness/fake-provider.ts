import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A local fake of the outside world (SMS gateways, the reCAPTCHA verify URL) on
 * 127.0.0.1. It records every request and answers per path; point the app at it through
 * env (SMS_BASE_URL, RECAPTCHA_VERIFY_URL).
 *
 *   const fake = await startFakeProvider();
 *   fake.answer('POST /v2/sms/', { status: 200, body: SPARROW_OK });
 *   startTestApp({ env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2` } })
 *   await fake.waitFor((r) => r.path === '/v2/sms/');
 */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON or form body; the raw text otherwise. */
  body: Record<string, unknown> | string;
  raw: string;
  at: number;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Waits before answering (timeouts, slow gateways). */
  delayMs?: number;
  /** Drops the connection without an answer. */
  hangUp?: boolean;
}

export type FakeAnswer = FakeReply | ((req: RecordedRequest) => FakeReply | Promise<FakeReply>);

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** Sets the answer for 'METHOD /path' or '/path' (any method). Later calls replace earlier ones. */
  answer(route: string, answer: FakeAnswer): void;
  /** Requests whose path is `path` (and method, when given as 'METHOD /path'). */
  requestsTo(route: string): RecordedRequest[];
  /** Resolves with the matching requests once `predicate` holds for at least `count` of them. */
  waitFor(predicate: (r: RecordedRequest) => boolean, opts?: { count?: number; timeoutMs?: number }): Promise<RecordedRequest[]>;
  /** Forgets recorded requests and custom answers. */
  reset(): void;
  close(): Promise<void>;
}

/** Sparrow SMS v2 success body. */
export const SPARROW_OK = { count: 1, response_code: 200, response: '1 mesages has been queued for delivery' };
/** Aakash SMS v3 success body. */
export const AAKASH_OK = { error: false, message: '1 messages has been queued for delivery.', data: { valid: [], invalid: [] } };
/** reCAPTCHA siteverify answers. */
export const RECAPTCHA_OK = { success: true, challenge_ts: '2026-11-22T10:00:00Z', hostname: 'localhost' };
export const RECAPTCHA_FAIL = { success: false, 'error-codes': ['invalid-input-response'] };

function matches(route: string, req: { method: string; path: string }): boolean {
  const [a, b] = route.split(' ');
  return b ? a.toUpperCase() === req.method && b === req.path : a === req.path;
}

function parseBody(raw: string, type: string | undefined): Record<string, unknown> | string {
  if (!raw) return {};
  try {
    if (type?.includes('application/json')) return JSON.parse(raw);
    if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  } catch {
    return raw;
  }
  return raw;
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeProvider(defaults: Record<string, FakeAnswer> = {}): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  let answers: Array<[string, FakeAnswer]> = [];
  const sockets = new Set<import('node:net').Socket>();

  const server: Server = createServer(async (req, res) => {
    const raw = await readAll(req);
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rec: RecordedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      headers: req.headers,
      body: parseBody(raw, req.headers['content-type']),
      raw,
      at: Date.now(),
    };
    requests.push(rec);
    const found = [...answers].reverse().find(([route]) => matches(route, rec)) ?? Object.entries(defaults).find(([route]) => matches(route, rec));
    let reply: FakeReply = { status: 200, body: {} };
    try {
      if (found) reply = typeof found[1] === 'function' ? await found[1](rec) : found[1];
    } catch (e) {
      reply = { status: 500, body: { error: String(e) } };
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.hangUp) {
      req.socket.destroy();
      return;
    }
    const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
      ...reply.headers,
    });
    res.end(body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    answer(route, answer) {
      answers.push([route, answer]);
    },
    requestsTo(route) {
      return requests.filter((r) => matches(route, r));
    },
    async waitFor(predicate, { count = 1, timeoutMs = 10000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = requests.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`fake provider: ${found.length}/${count} matching requests after ${timeoutMs} ms (saw ${requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'none'})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    reset() {
      requests.length = 0;
      answers = [];
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
