import { campaignDay } from '../src/common/time';
import { allocate, bikeModelId, branchIds, makePreregistration, registrationBody } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

/** A branch's registration_branch allocations are never over-awarded, however many purchases race for them. */
describe('purchase draw stock (registration_branch allocations)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { DATABASE_POOL_SIZE: '30' } });
  });
  afterAll(() => t.close());

  it('awards exactly 5 of an allocation of 5 at 100% to 64 purchases created at once', async () => {
    const [A, B] = await branchIds(t.db);
    const model = await bikeModelId(t.db);
    const today = campaignDay();
    const allocation = await allocate(t.db, {
      type: 'registration_branch',
      branchId: A,
      count: 5,
      amount: 25000,
      probability: 100,
      date: today,
    });
    // Other branches' and other days' stock is not touched.
    const otherBranch = await allocate(t.db, {
      type: 'registration_branch',
      branchId: B,
      count: 5,
      amount: 25000,
      probability: 100,
      date: today,
    });
    const staff = `Bearer ${await t.token('staff@example.com')}`;
    const pres = await Promise.all(Array.from({ length: 64 }, () => makePreregistration(t.db, { branchId: A })));

    const results = await Promise.all(
      pres.map((p) => t.http().post('/api/v1/registration').set('Authorization', staff).send(registrationBody(p, model))),
    );
    expect(results.map((r) => r.status)).toEqual(pres.map(() => 200));
    const amounts = results.map((r) => r.body.data.coupon.amount as number);
    expect(amounts.filter((a) => a === 25000)).toHaveLength(5);
    expect(amounts.filter((a) => a === 1500)).toHaveLength(59);

    expect((await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [allocation]))[0].remaining).toBe(0);
    expect((await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [otherBranch]))[0].remaining).toBe(5);
    const [ledger] = await t.db.query(
      `SELECT count(*)::int AS draws, count(*) FILTER (WHERE allocation_id = $1)::int AS won, count(DISTINCT record_id)::int AS records
         FROM draw WHERE kind = 'registration'`,
      [allocation],
    );
    expect(ledger).toEqual({ draws: 64, won: 5, records: 64 });
    // The table shows what was stored.
    const [stored] = await t.db.query(`SELECT count(*) FILTER (WHERE coupon_amount = 25000)::int AS won FROM registration`);
    expect(stored.won).toBe(5);
  });
});
