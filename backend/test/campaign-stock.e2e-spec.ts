import request from 'supertest';
import { SettingService } from '../src/modules/setting/setting.service';
import { allocate, branchIds, CAMPAIGN_ENV, clearScheme, nextIp, pendingPreregistration } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * The prize stock under concurrency (docs/fairness.md, "3. The draw"): an allocation is never
 * over-awarded, and a record is never drawn twice, however many verifications race.
 * Real PostgreSQL, real HTTP, every verification in its own transaction.
 */
describe('pre-registration draw stock under concurrent verification', () => {
  let t: TestApp;
  const CONCURRENT = 200;

  beforeAll(async () => {
    t = await startTestApp({ listen: true, env: { ...CAMPAIGN_ENV, DATABASE_POOL_SIZE: '40', SMS_WORKER: 'false' } });
    await clearScheme(t.db);
  });
  afterAll(() => t.close());

  it(`awards exactly 5 of an allocation of 5 at 100% to ${CONCURRENT} verifications at once; everyone else gets the base prize`, async () => {
    const [A] = await branchIds(t.db);
    const stock = await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 100000, probability: 100 });
    // Stock of other channels and days is not touched.
    const branchStock = await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 5, amount: 100000, probability: 100 });
    const pres = [];
    for (let i = 0; i < CONCURRENT; i++) pres.push(await pendingPreregistration(t.db));

    const started = Date.now();
    const results = await Promise.all(
      pres.map((p) => request(t.url).post(`/api/v1/enquiry/${p.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: p.code })),
    );
    const elapsed = Date.now() - started;
    expect(results.map((r) => r.status)).toEqual(pres.map(() => 200));
    const prizes = results.map((r) => r.body.data.prize as number);
    const awarded = prizes.filter((p) => p === 100000).length;
    expect(awarded).toBe(5);
    expect(prizes.filter((p) => p === 3000)).toHaveLength(CONCURRENT - 5);
    console.log(`stock test: ${CONCURRENT} concurrent verifications in ${elapsed} ms, ${awarded} awarded of a stock of 5`);

    const remaining = async (id: number) => (await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [id]))[0].remaining;
    expect(await remaining(stock)).toBe(0);
    expect(await remaining(branchStock)).toBe(5);
    const ids = pres.map((p) => p.id);
    const [ledger] = await t.db.query(
      `SELECT count(*)::int AS draws, count(DISTINCT record_id)::int AS records, count(*) FILTER (WHERE allocation_id = $2)::int AS won
         FROM draw WHERE kind = 'preregistration' AND record_id = ANY($1)`,
      [ids, stock],
    );
    expect(ledger).toEqual({ draws: CONCURRENT, records: CONCURRENT, won: 5 });
    // What each record stores is what its draw says, and each got one prize SMS.
    const [mismatch] = await t.db.query(
      `SELECT count(*)::int AS n FROM preregistration p JOIN draw d ON d.kind = 'preregistration' AND d.record_id = p.id
        WHERE p.id = ANY($1) AND (p.prize IS DISTINCT FROM d.amount OR NOT p.is_verified OR p.code IS NOT NULL)`,
      [ids],
    );
    expect(mismatch.n).toBe(0);
    const [sms] = await t.db.query(`SELECT count(*)::int AS n, count(DISTINCT phone)::int AS phones FROM sms_outbox WHERE kind = 'prize'`);
    expect(sms).toEqual({ n: CONCURRENT, phones: CONCURRENT });
  });

  it('draws once when the same record is verified 10 times at once, by the public and by staff', async () => {
    const [A] = await branchIds(t.db);
    await clearScheme(t.db);
    const stock = await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 3, amount: 50000, probability: 100 });
    const p = await pendingPreregistration(t.db, { branchId: A });
    const staff = `Bearer ${await t.token('staff@example.com')}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? request(t.url).post(`/api/v1/enquiry/${p.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: p.code })
          : request(t.url).post(`/api/v1/preregistration/${p.slug}/verify`).set('Authorization', staff).send({ code: p.code }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.map((r) => r.body.data.prize)).toEqual(Array(10).fill(50000));
    const messages = results.map((r) => r.body.message as string);
    expect(messages.filter((m) => !/already/.test(m))).toHaveLength(1);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM draw WHERE kind = 'preregistration' AND record_id = $1`, [p.id])).toEqual([{ n: 1 }]);
    expect((await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [stock]))[0].remaining).toBe(2);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE kind = 'prize' AND phone = $1`, [p.phone])).toEqual([{ n: 1 }]);
  });

  it('keeps CHECK (remaining >= 0) as the backstop', async () => {
    const stock = await allocate(t.db, { type: 'preregistration_public', count: 1, amount: 5000, probability: 100 });
    await t.db.query(`UPDATE allocation SET remaining = 0 WHERE id = $1`, [stock]);
    await expect(t.db.query(`UPDATE allocation SET remaining = remaining - 1 WHERE id = $1`, [stock])).rejects.toThrow(/allocation_stock/);
  });

  it('never needs a second connection inside a verification: a pool of 3 serves 30 at once with a cold settings cache', async () => {
    const small = await startTestApp({ listen: true, env: { ...CAMPAIGN_ENV, DATABASE_POOL_SIZE: '3', SMS_WORKER: 'false' } });
    try {
      await clearScheme(small.db);
      await allocate(small.db, { type: 'preregistration_public', count: 2, amount: 5000, probability: 100 });
      const pres = [];
      for (let i = 0; i < 30; i++) pres.push(await pendingPreregistration(small.db));
      small.app.get(SettingService).invalidate();
      const results = await Promise.all(pres.map((p) => request(small.url).post(`/api/v1/enquiry/${p.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: p.code })));
      expect(results.map((r) => r.status)).toEqual(pres.map(() => 200));
      expect(results.filter((r) => r.body.data.prize === 5000)).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});
