import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { PUBLIC_LIMITS } from '../../src/common/rate-limit/public-limits';
import { dataSourceOptions } from '../../src/database/data-source';
import { allocate, bikeModelId, clearScheme, pendingPreregistration, uniquePhone } from '../factories/campaign';
import { pngWithExif } from '../factories/images';
import { ChildApp, childLogin, startChildApp } from '../harness/child-app';
import { FakeProvider, SPARROW_OK, startFakeProvider } from '../harness/fake-provider';
import { createTestDatabase } from '../harness/test-app';

/**
 * Two instances of the built app on one database and one upload folder, as behind a load
 * balancer: the draw stays exact with verifications split across both, the per-address
 * limits are shared (PostgreSQL keeps them), both SMS workers drain one outbox sending each
 * message once, and a file uploaded through one is served by the other.
 */
describe('two instances on one database', () => {
  let fake: FakeProvider;
  let db: DataSource;
  let drop: () => Promise<void>;
  let a: ChildApp;
  let b: ChildApp;
  let uploadDir: string;
  const report: string[] = [];

  beforeAll(async () => {
    fake = await startFakeProvider({ 'POST /v2/sms/': { status: 200, body: SPARROW_OK, delayMs: 100 } });
    const database = await createTestDatabase('demo');
    drop = database.drop;
    db = new DataSource(dataSourceOptions(database.url, 3));
    await db.initialize();
    uploadDir = mkdtempSync(join(tmpdir(), 'campaign-shared-uploads-'));
    const common = {
      databaseUrl: database.url,
      jwtSecret: 'two-instances-secret-two-instances-secret-42',
      env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 't', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', UPLOAD_DIR: uploadDir, DATABASE_POOL_SIZE: '20' },
    };
    [a, b] = await Promise.all([startChildApp(common), startChildApp(common)]);
  });
  afterAll(async () => {
    console.log(`two instances:\n  ${report.join('\n  ')}`);
    for (const c of [a, b]) if (c && c.proc.exitCode === null) await c.stop('SIGTERM');
    await db?.destroy();
    await drop?.();
    await fake?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const post = (app: ChildApp, path: string, body: object, ip: string, token?: string) =>
    fetch(`${app.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('draws stay exact: 120 verifications split across both instances never over-award the stock', async () => {
    await clearScheme(db);
    const big = await allocate(db, { type: 'preregistration_public', count: 5, amount: 50000, probability: 100 });
    const small = await allocate(db, { type: 'preregistration_public', count: 3, amount: 10000, probability: 100 });
    await bikeModelId(db); // made once, before the records that name it are made at once
    const records = await Promise.all(Array.from({ length: 100 }, () => pendingPreregistration(db, { branchId: null })));
    // 100 records, 20 of them verified twice at once (once on each instance).
    const calls = records.flatMap((r, i) => {
      const one = post(i % 2 ? a : b, `/enquiry/${r.slug}/verify`, { code: r.code }, `10.60.${i >> 8}.${i & 255}`);
      return i < 20 ? [one, post(i % 2 ? b : a, `/enquiry/${r.slug}/verify`, { code: r.code }, `10.61.${i >> 8}.${i & 255}`)] : [one];
    });
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const [stock] = await db.query(
      `SELECT (SELECT remaining FROM allocation WHERE id = $1) AS big_left, (SELECT remaining FROM allocation WHERE id = $2) AS small_left,
              (SELECT count(*)::int FROM draw WHERE allocation_id = $1) AS big_won, (SELECT count(*)::int FROM draw WHERE allocation_id = $2) AS small_won,
              (SELECT count(*)::int FROM draw WHERE kind = 'preregistration' AND record_id = ANY($3)) AS draws,
              (SELECT count(*)::int FROM preregistration WHERE id = ANY($3) AND is_verified) AS verified`,
      [big, small, records.map((r) => r.id)],
    );
    expect(stock).toEqual({ big_left: 0, small_left: 0, big_won: 5, small_won: 3, draws: 100, verified: 100 });
    report.push(`draw: ${calls.length} verifications (20 records twice at once, one on each instance) -> 100 draws, stock 5 + 3 awarded exactly, 0 left, 0 over-awarded`);
  });

  it("rate limits are shared: an address's enquiries a minute hold across both instances", async () => {
    const model = await bikeModelId(db);
    const [{ id: branch }] = await db.query(`SELECT id FROM branch ORDER BY "order", id LIMIT 1`);
    const ip = '10.62.0.1';
    const limit = PUBLIC_LIMITS.enquiry.short.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 14; i++) {
      const res = await post(i % 2 ? a : b, '/enquiry', { name: 'Shared Limit', phone: uniquePhone(), bike_model_id: model, source: 'SOCIAL MEDIA', nearest_branch_id: branch }, ip);
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    report.push(`rate limit: ${statuses.length} enquiries from one address alternating instances -> ${statuses.filter((s) => s === 200).length} accepted, ${statuses.filter((s) => s === 429).length} refused 429 (limit ${limit} a minute)`);
  });

  it('both SMS workers drain one outbox: 600 messages, each sent exactly once', async () => {
    fake.reset();
    fake.answer('POST /v2/sms/', { status: 200, body: SPARROW_OK, delayMs: 100 });
    await db.query(`UPDATE sms_outbox SET status = 'sent' WHERE status <> 'sent'`);
    const phones = Array.from({ length: 600 }, () => uniquePhone());
    // Each message its own text (one gateway call each), as codes and prizes are.
    await db.query(`INSERT INTO sms_outbox (phone, text, kind) SELECT p, 'Message for ' || p, 'prize' FROM unnest($1::text[]) AS p`, [phones]);
    const holders = new Set<string>();
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows: Array<{ locked_by: string }> = await db.query(`SELECT DISTINCT locked_by FROM sms_outbox WHERE status = 'sending' AND locked_by IS NOT NULL`);
      for (const r of rows) holders.add(r.locked_by.replace(/:[0-9a-f]{6}$/, ''));
      const [left] = await db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE status <> 'sent'`);
      if (left.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${left.n} messages not sent`);
      await new Promise((r) => setTimeout(r, 30));
    }
    const times = new Map<string, number>();
    for (const req of fake.requestsTo('POST /v2/sms/')) for (const n of String((req.body as Record<string, string>).to).split(',')) times.set(n, (times.get(n) ?? 0) + 1);
    const lost = phones.filter((p) => !times.has(p));
    const twice = phones.filter((p) => (times.get(p) ?? 0) > 1);
    expect(lost).toEqual([]);
    expect(twice).toEqual([]);
    expect(holders.size).toBe(2); // both instances claimed rounds
    report.push(`SMS: 600 messages, both workers claimed rounds (${holders.size} instances seen holding rows), ${lost.length} lost, ${twice.length} sent twice`);
  });

  it('a file uploaded through one instance is served by the other (one UPLOAD_DIR)', async () => {
    const token = await childLogin(a.url, 'admin@example.com', 'Admin@2082', '10.63.0.1');
    const form = new FormData();
    form.append('type', 'image');
    form.append('files[]', new Blob([new Uint8Array(await pngWithExif())], { type: 'image/png' }), 'shared.png');
    const up = await fetch(`${a.url}/api/v1/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.63.0.2' }, body: form });
    expect(up.status).toBe(200);
    const [file] = ((await up.json()) as { data: Array<{ url: string; thumbnail: string }> }).data;
    for (const path of [file.url, file.thumbnail]) {
      const fromA = await fetch(`${a.url}${path}`);
      const fromB = await fetch(`${b.url}${path}`);
      expect([path, fromB.status]).toEqual([path, 200]);
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    }
    // And a token made by one instance is good on the other.
    const me = await fetch(`${b.url}/api/v1/auth/me`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    report.push(`uploads: a picture and its thumbnail uploaded through instance A served by instance B, byte for byte; A's token accepted by B`);
  });
});
