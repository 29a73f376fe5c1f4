import { writeFileSync } from 'node:fs';
import { Client } from 'pg';
import { uniquePhone } from '../factories/campaign';
import { ChildApp, childLogin, startChildApp } from '../harness/child-app';
import { FakeProvider, SPARROW_OK, startFakeProvider } from '../harness/fake-provider';
import { Cluster, pauseCluster, resumeCluster, startCluster, stopCluster } from '../harness/pg-cluster';
import { buildTemplates, TEMPLATES, withDatabase } from '../harness/templates';

/**
 * PostgreSQL stopped in the middle of a stream of enquiries and verifications, on a
 * throwaway cluster of its own (the other tests' cluster is not touched): requests answer
 * 503 { message } while it is down, the process stays up, the service is back within 10 s
 * of the database, and nothing is half-written or doubled.
 */
describe('the database stops mid-load', () => {
  let cluster: Cluster;
  let url: string;
  let app: ChildApp;
  let fake: FakeProvider;

  beforeAll(async () => {
    fake = await startFakeProvider({ 'POST /v2/sms/': { status: 200, body: SPARROW_OK } });
    cluster = await startCluster();
    await buildTemplates(cluster.adminUrl);
    url = withDatabase(cluster.adminUrl, TEMPLATES.demo);
    const c = new Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    // Prize stock for today, so verifications claim allocations while the database goes away.
    const [{ today }] = (await c.query(`SELECT (now() AT TIME ZONE 'Asia/Kathmandu')::date::text AS today`)).rows;
    await c.query(`INSERT INTO allocation (type, branch_id, date, count, remaining, amount, probability) VALUES ('preregistration_public', NULL, $1, 5, 5, 10000, 40), ('preregistration_public', NULL, $1, 3, 3, 50000, 20)`, [today]);
    await c.end();
    app = await startChildApp({ databaseUrl: url, env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 't', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    if (app && app.proc.exitCode === null) await app.stop('SIGKILL');
    if (cluster) stopCluster(cluster);
    await fake?.close();
  });

  it('answers 503 while it is down, stays up, is back within 10 s, and leaves every record whole', async () => {
    const statuses: Record<string, number> = {};
    const bad: string[] = [];
    let ip = 0;
    let running = true;
    const reader = new Client({ connectionString: url });
    reader.on('error', () => undefined);
    await reader.connect();
    let readerUp = true;

    const call = async (path: string, body: object) => {
      const res = await fetch(`${app.url}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      }).catch((e: Error & { cause?: Error }) => ({ failed: e }));
      if ('failed' in res) {
        bad.push(`${path} no answer: ${res.failed.cause?.message ?? res.failed.message} (process exit ${app.proc.exitCode})`);
        await new Promise((r) => setTimeout(r, 200));
        return { status: 0, body: null };
      }
      const json = (await res.json().catch(() => null)) as { message?: unknown } | null;
      const key = `${path.endsWith('/verify') ? 'verify' : 'enquiry'} ${res.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (![200, 422, 429, 503].includes(res.status) || (res.status === 503 && typeof json?.message !== 'string')) bad.push(`${path} ${res.status} ${JSON.stringify(json)}`);
      return { status: res.status, body: json as { data?: { slug: string } } };
    };
    const office = await childLogin(app.url, 'office@example.com', 'Office@2082', '10.99.0.1');
    const model = (await reader.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`)).rows[0].id;
    const branch = (await reader.query(`SELECT id FROM branch ORDER BY "order", id LIMIT 1`)).rows[0].id;
    const client = async () => {
      while (running) {
        const made = await call('/enquiry', { ...enquiryBodyFor(model, branch), phone: uniquePhone() });
        if (made.status !== 200 || !made.body?.data) continue;
        let code: string | undefined;
        if (readerUp) code = (await reader.query(`SELECT code FROM preregistration WHERE slug = $1`, [made.body.data.slug]).catch(() => ({ rows: [] }))).rows[0]?.code;
        await call(`/enquiry/${made.body.data.slug}/verify`, { code: code ?? '000000' });
      }
    };
    const clients = [client(), client(), client(), client()];
    await new Promise((r) => setTimeout(r, 3000));

    readerUp = false;
    await reader.end().catch(() => undefined);
    pauseCluster(cluster, 'fast');
    const downAt = Date.now();
    await new Promise((r) => setTimeout(r, 4000));
    if (process.env.FAULT_LOG) writeFileSync(process.env.FAULT_LOG, app.lines.join('\n'));
    expect(app.proc.exitCode).toBeNull();
    const health = await fetch(`${app.url}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ message: 'The database is unavailable.' });
    // A download asked for while it is down: a 503 too, not a broken file or a request left hanging.
    for (const path of ['/preregistration/download', '/registration/download', '/test-ride/download', '/branch/export']) {
      const res = await fetch(`${app.url}/api/v1${path}`, { headers: { authorization: `Bearer ${office}` }, signal: AbortSignal.timeout(15_000) }).catch((e: Error) => ({ status: -1, error: e.message }));
      const body = 'error' in res ? res.error : await res.text();
      expect([path, res.status, body]).toEqual([path, 503, JSON.stringify({ message: 'The service is temporarily unavailable. Please try again shortly.' })]);
    }

    resumeCluster(cluster);
    const upAt = Date.now();
    let backIn = Infinity;
    while (Date.now() - upAt < 10_000) {
      const res = await fetch(`${app.url}/api/v1/health`).catch(() => undefined);
      if (res?.status === 200) {
        backIn = Date.now() - upAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(backIn).toBeLessThanOrEqual(10_000);
    const reader2 = new Client({ connectionString: url });
    reader2.on('error', () => undefined);
    await reader2.connect();
    const afterRecovery = { ...statuses };
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    await Promise.all(clients);
    expect(app.proc.exitCode).toBeNull();
    if (process.env.FAULT_LOG) writeFileSync(process.env.FAULT_LOG, app.lines.join('\n'));
    expect(bad).toEqual([]);
    expect(statuses['enquiry 503'] ?? 0).toBeGreaterThan(0);
    expect(statuses['enquiry 200'] ?? 0).toBeGreaterThan(afterRecovery['enquiry 200'] ?? 0); // it works again

    // Nothing half-written: every check counts the rows that break it.
    const checks: Record<string, string> = {
      'pre-registrations with inconsistent fields': `SELECT count(*)::int AS n FROM preregistration
         WHERE is_verified <> (verified_at IS NOT NULL) OR (is_verified AND prize IS NULL) OR (NOT is_verified AND prize IS NOT NULL)
            OR (status = 'pending' AND is_verified) OR (status = 'verified' AND NOT is_verified) OR ((code IS NULL) <> (code_expires_at IS NULL))`,
      'verified records without exactly one draw': `SELECT count(*)::int AS n FROM preregistration p
         WHERE p.is_verified AND (SELECT count(*) FROM draw d WHERE d.kind = 'preregistration' AND d.record_id = p.id) <> 1`,
      'draws whose prize is not the record’s': `SELECT count(*)::int AS n FROM draw d JOIN preregistration p ON d.kind = 'preregistration' AND p.id = d.record_id WHERE p.prize <> d.amount`,
      'draws of unverified or missing records': `SELECT count(*)::int AS n FROM draw d LEFT JOIN preregistration p ON p.id = d.record_id
         WHERE d.kind = 'preregistration' AND (p.id IS NULL OR NOT p.is_verified)`,
      'allocations whose remaining is not count - awarded': `SELECT count(*)::int AS n FROM allocation a WHERE a.remaining <> a.count - (SELECT count(*) FROM draw d WHERE d.allocation_id = a.id)`,
      'phones with two prize SMS': `SELECT count(*)::int AS n FROM (SELECT phone FROM sms_outbox WHERE kind = 'prize' GROUP BY phone HAVING count(*) > 1) x`,
      'verified public records without their prize SMS': `SELECT count(*)::int AS n FROM preregistration p WHERE p.is_verified AND p.branch_id IS NULL AND p.send_sms
         AND NOT EXISTS (SELECT 1 FROM sms_outbox o WHERE o.phone = p.phone AND o.kind = 'prize')`,
      'public records without their code SMS': `SELECT count(*)::int AS n FROM preregistration p WHERE p.branch_id IS NULL AND p.created_at > now() - interval '1 hour'
         AND NOT EXISTS (SELECT 1 FROM sms_outbox o WHERE o.phone = p.phone AND o.kind = 'otp')`,
    };
    const broken: Record<string, number> = {};
    for (const [name, sql] of Object.entries(checks)) broken[name] = (await reader2.query(sql)).rows[0].n;
    const totals = (await reader2.query(`SELECT (SELECT count(*) FROM preregistration WHERE created_at > now() - interval '1 hour' AND branch_id IS NULL)::int AS made,
        (SELECT count(*) FROM preregistration WHERE is_verified AND verified_at > now() - interval '1 hour')::int AS verified,
        (SELECT count(*) FROM draw WHERE allocation_id IS NOT NULL)::int AS won`)).rows[0];
    await reader2.end();
    expect(broken).toEqual(Object.fromEntries(Object.keys(checks).map((k) => [k, 0])));
    console.log(
      `database down: answers ${JSON.stringify(statuses)}; down ${((upAt - downAt) / 1000).toFixed(1)} s, health back ${(backIn / 1000).toFixed(1)} s after the database; ` +
        `${totals.made} enquiries stored, ${totals.verified} verified, ${totals.won} allocation prizes; broken records ${JSON.stringify(broken)}; process up: ${app.proc.exitCode === null}`,
    );
  });
});

/** The public form, built without the database (it may be down): a known model and branch. */
function enquiryBodyFor(model: number, branch: number) {
  return { name: 'Fault Test', bike_model_id: model, source: 'SOCIAL MEDIA', nearest_branch_id: branch };
}
