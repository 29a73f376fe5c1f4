import { Client } from 'pg';
import { pendingPreregistration, uniquePhone } from '../factories/campaign';
import { ChildApp, childLogin, startChildApp } from '../harness/child-app';
import { FakeProvider, SPARROW_OK, startFakeProvider } from '../harness/fake-provider';
import { createTestDatabase } from '../harness/test-app';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';

/**
 * The built app as a child process, stopped the two ways production stops it:
 * SIGTERM (a deploy) must finish the requests in flight and stop the SMS worker cleanly;
 * SIGKILL (a crash) during a bulk SMS batch must lose no message, and send at most the
 * round in flight twice (docs/sms.md: 100 messages, SMS_BATCH, per crashed instance).
 */
describe('the process stopped mid-work', () => {
  let fake: FakeProvider;
  let db: DataSource;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const secret = 'signals-test-secret-signals-test-secret-0123456789';
  const children: ChildApp[] = [];

  beforeAll(async () => {
    fake = await startFakeProvider();
    const database = await createTestDatabase('demo');
    databaseUrl = database.url;
    drop = database.drop;
    db = new DataSource(dataSourceOptions(database.url, 3));
    await db.initialize();
  });
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) await c.stop('SIGKILL');
    await db?.destroy();
    await drop?.();
    await fake?.close();
  });

  const start = async (env: Record<string, string> = {}) => {
    const c = await startChildApp({ databaseUrl, jwtSecret: secret, env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 't', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', ...env } });
    children.push(c);
    return c;
  };
  const recipients = () => fake.requestsTo('POST /v2/sms/').flatMap((r) => String((r.body as Record<string, string>).to).split(','));

  it('SIGTERM: a request in flight completes with 200, the worker stops cleanly, exit code 0, nothing left sending', async () => {
    fake.reset();
    fake.answer('POST /v2/sms/', { status: 200, body: SPARROW_OK, delayMs: 300 });
    const app = await start();
    const staff = await childLogin(app.url, 'staff@example.com', 'Staff@2082', '10.90.0.1');
    const admin = await childLogin(app.url, 'admin@example.com', 'Admin@2082', '10.90.0.2');
    // Some bulk SMS in the queue while the worker sends slowly.
    const phones = Array.from({ length: 150 }, () => uniquePhone());
    const bulk = await fetch(`${app.url}/api/v1/sms`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ type: 'MOBILE', mobiles: phones.join(','), text: 'SIGTERM test offer' }) });
    expect(bulk.status).toBe(200);

    // A slow request: the verification waits on a row lock held here, then is let go after the signal.
    const branch = (await db.query(`SELECT id FROM branch ORDER BY "order", id LIMIT 1`))[0].id;
    const p = await pendingPreregistration(db, { branchId: branch });
    const holder = new Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT id FROM preregistration WHERE slug = $1 FOR UPDATE`, [p.slug]);
    const slow = fetch(`${app.url}/api/v1/preregistration/${p.slug}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}`, 'x-forwarded-for': '10.90.0.3' },
      body: JSON.stringify({ code: p.code }),
    });
    await new Promise((r) => setTimeout(r, 500)); // the request is inside the app, waiting on the lock
    const exited = app.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    // New connections are refused while the old one finishes.
    await expect(fetch(`${app.url}/api/v1/health`, { signal: AbortSignal.timeout(1000) })).rejects.toThrow();
    await holder.query('COMMIT');
    await holder.end();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { is_verified: boolean } }).data.is_verified).toBe(true);
    const exit = await exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const left = await db.query(`SELECT status, count(*)::int AS n FROM sms_outbox GROUP BY status ORDER BY status`);
    expect(left.find((r: { status: string }) => r.status === 'sending')).toBeUndefined();
    console.log(`SIGTERM: the request in flight answered ${res.status}; exit ${JSON.stringify(exit)}; outbox after: ${JSON.stringify(left)}; gateway had ${recipients().length} recipients`);
  });

  it('SIGKILL during a bulk batch: after a restart every message is sent, none lost, at most the round in flight twice', async () => {
    await db.query(`UPDATE sms_outbox SET status = 'sent' WHERE status <> 'sent'`); // the previous test's leftovers are not this batch
    fake.reset();
    // A slow gateway: one call of up to 100 numbers takes 1.5 s.
    fake.answer('POST /v2/sms/', { status: 200, body: SPARROW_OK, delayMs: 1500 });
    const app = await start();
    const admin = await childLogin(app.url, 'admin@example.com', 'Admin@2082', '10.91.0.1');
    const phones = Array.from({ length: 350 }, () => uniquePhone());
    const bulk = await fetch(`${app.url}/api/v1/sms`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ type: 'MOBILE', mobiles: phones.join(','), text: 'SIGKILL test offer' }) });
    expect(bulk.status).toBe(200);
    const batchId = (await bulk.json() as { data: { id: number } }).data.id;
    // Kill it while a gateway call is in flight.
    await fake.waitFor((r) => r.path === '/v2/sms/', { count: 2, timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 200));
    const killed = await app.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const atKill = await db.query(`SELECT status, count(*)::int AS n FROM sms_outbox WHERE batch_id = $1 GROUP BY status ORDER BY status`, [batchId]);

    // Restart: the queued rows go at once, the dead instance's claimed rows once their claim expires (60 s).
    fake.answer('POST /v2/sms/', { status: 200, body: SPARROW_OK, delayMs: 50 });
    const again = await start();
    const deadline = Date.now() + 150_000;
    for (;;) {
      const [row] = await db.query(`SELECT count(*) FILTER (WHERE status <> 'sent')::int AS open FROM sms_outbox WHERE batch_id = $1`, [batchId]);
      if (row.open === 0) break;
      if (Date.now() > deadline) throw new Error(`batch not sent after the restart: ${JSON.stringify(await db.query(`SELECT status, count(*) FROM sms_outbox WHERE batch_id = $1 GROUP BY status`, [batchId]))}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await again.stop('SIGTERM');
    const got = recipients();
    const times = new Map<string, number>();
    for (const n of got) times.set(n, (times.get(n) ?? 0) + 1);
    const lost = phones.filter((p) => !times.has(p));
    const twice = phones.filter((p) => (times.get(p) ?? 0) > 1);
    expect(lost).toEqual([]);
    expect(twice.length).toBeLessThanOrEqual(100);
    console.log(`SIGKILL: ${phones.length} messages; at the kill ${JSON.stringify(atKill)}; after the restart all sent, ${lost.length} lost, ${twice.length} sent twice (bound: the round in flight, 100)`);
  });
});
