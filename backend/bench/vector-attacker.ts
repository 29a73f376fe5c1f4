/**
 * The attacker of issue #32's hostile vectors, in its own process (as bench/attacker.ts, and
 * for the same reason: building and writing megabyte bodies costs the sender CPU time, which
 * must not land on the bench's own clock). `node bench/register.js bench/vector-attacker.ts
 * <context.json>` builds the bodies, prints `ready`, then takes commands on stdin:
 *   start <vector>   sends the vector's requests (vectors.ts) until `stop`; prints
 *                    `burst <vector>` once its first burst (Lane.burst) is answered
 *   stop [ms]        stops sending, waits for the answers in flight (at most ms, 5 s unless
 *                    given, then drops them), prints `done <vector> <json figures>`
 *   exit             ends the process
 * Only 127.0.0.1 and other loopback addresses are ever contacted.
 */
import { readFileSync } from 'node:fs';
import { Agent, ClientRequest, request } from 'node:http';
import { createInterface } from 'node:readline';
import { Bodies, lanesFor, makeBodies, Shot, VectorContext, VectorName } from './vectors';

const ctx = JSON.parse(readFileSync(process.argv[2], 'utf8')) as VectorContext;
const target = new URL(ctx.app);
if (target.hostname !== '127.0.0.1') throw new Error('the attacker only sends to 127.0.0.1');
const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

interface Outcome {
  /** The answer's status; 0 when there was none. */
  status: number;
  ms: number;
  ok: boolean;
  kind?: string;
  /** Still unanswered when the attacker stopped, and dropped by it. */
  dropped?: boolean;
}

let stopping = false;

const open = new Set<ClientRequest>();

function send(s: Shot): Promise<Outcome> {
  const started = process.hrtime.bigint();
  const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
  const big = (s.body?.length ?? 0) > 1024 * 1024;
  const headers = { ...s.headers };
  if (s.body && !s.chunked) headers['content-length'] = String(s.body.length);
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      open.delete(req);
      resolve(o);
    };
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: s.path,
        method: s.method,
        headers,
        // A connection of its own for another source address, or a body the server may refuse half-read.
        agent: s.localAddress || big ? false : keepAlive,
        localAddress: s.localAddress,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < 64 * 1024) chunks.push(c);
          kept += c.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ok =
            (status === s.expect || !!s.alsoOk?.includes(status)) &&
            (!s.bodyHas || Buffer.concat(chunks).toString('utf8').includes(s.bodyHas));
          finish({ status, ms: ms(), ok });
          // The answer is in: whatever is left of a refused body is not sent.
          if (!req.writableFinished) req.destroy();
        });
        res.on('error', () => finish({ status: res.statusCode ?? 0, ms: ms(), ok: false }));
      },
    );
    open.add(req);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // A connection closed before any answer counts as status 0 (as refused where the shot allows it).
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (stopping) return finish({ status: 0, ms: ms(), ok: false, dropped: true });
      finish({ status: 0, ms: ms(), ok: !!s.orClosed && (e.code === 'ECONNRESET' || e.code === 'EPIPE') });
    });
    req.on('close', () => finish({ status: 0, ms: ms(), ok: false, dropped: stopping }));
    if (s.body) {
      if (s.chunked) {
        // In 1 MB chunks, as a slow client would stream it.
        for (let at = 0; at < s.body.length; at += 1024 * 1024) req.write(s.body.subarray(at, at + 1024 * 1024));
        req.end();
      } else req.end(s.body);
    } else req.end();
  });
}

let bodies: Bodies;
let running: { name: VectorName; stop: boolean; outcomes: Outcome[]; inFlight: Set<Promise<void>>; lanes: Promise<void>[] } | undefined;

function start(name: VectorName) {
  const run = { name, stop: false, outcomes: [] as Outcome[], inFlight: new Set<Promise<void>>(), lanes: [] as Promise<void>[] };
  running = run;
  const track = (shot: Shot) => {
    const p = send(shot).then((o) => void run.outcomes.push({ ...o, kind: shot.kind }));
    run.inFlight.add(p);
    void p.finally(() => run.inFlight.delete(p));
    return p;
  };
  run.lanes = lanesFor(name, ctx, bodies).map(async (lane) => {
    if (lane.perSecond) {
      const burst = lane.burst ?? 0;
      const first = Array.from({ length: burst }, (_, i) => track(lane.shot(i)));
      // The burst answered: the bench opens its window after it.
      if (burst) void Promise.all(first).then(() => process.stdout.write(`burst ${name}\n`));
      const t0 = Date.now();
      for (let i = burst; !run.stop; i++) {
        const at = t0 + ((i - burst + 1) * 1000) / lane.perSecond;
        if (at > Date.now()) await new Promise((r) => setTimeout(r, at - Date.now()));
        if (run.stop) break;
        // A rate, not a queue: never more than 32 unanswered.
        if (run.inFlight.size < 32) void track(lane.shot(i));
      }
    } else {
      for (let i = 0; !run.stop; i++) await track(lane.shot(i));
    }
  });
}

async function stop(drainMs: number) {
  const run = running;
  if (!run) return;
  run.stop = true;
  const drained = Promise.all([...run.lanes, ...run.inFlight]);
  const late = await Promise.race([drained.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), drainMs))]);
  if (late) {
    stopping = true;
    for (const req of open) req.destroy();
  }
  await Promise.all(run.inFlight);
  stopping = false;
  const summary = (outcomes: Outcome[]) => {
    const answered = outcomes.filter((o) => !o.dropped);
    const ms = answered.map((o) => o.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const o of answered) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    return {
      sent: outcomes.length,
      dropped: outcomes.length - answered.length,
      asExpected: answered.filter((o) => o.ok).length,
      statuses,
      p50: ms.length ? ms[Math.ceil(ms.length / 2) - 1] : NaN,
      max: ms.length ? ms[ms.length - 1] : NaN,
    };
  };
  const kinds = [...new Set(run.outcomes.map((o) => o.kind).filter((k): k is string => !!k))];
  const figures = {
    ...summary(run.outcomes),
    byKind: Object.fromEntries(kinds.map((k) => [k, summary(run.outcomes.filter((o) => o.kind === k))])),
  };
  running = undefined;
  process.stdout.write(`done ${run.name} ${JSON.stringify(figures)}\n`);
}

void (async () => {
  bodies = await makeBodies();
  process.stdout.write(`ready jpeg=${bodies.jpeg40mp.length} multipart=${bodies.multipart51.length}\n`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [cmd, arg] = line.trim().split(/\s+/);
    if (cmd === 'start') start(arg as VectorName);
    else if (cmd === 'stop') await stop(Number(arg) || 5000);
    else if (cmd === 'exit') break;
  }
  process.exit(0);
})();
