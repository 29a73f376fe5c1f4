import { addDays, campaignDay, dayRange } from '../src/common/time';
import { allocate, bikeModelId, branchIds, makePreregistration, registrationBody } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * Every number a screen shows agrees with the list it summarises, for the Super Admin and
 * for each branch user, over the demo seed and then over generated data. Each check compares
 * two answers of the app (a count and a list's recordsFiltered or rows), never a query
 * written again here.
 */
describe('consistency: every number equals the list it summarises', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const USERS = ['admin@example.com', 'manager@example.com', 'staff@example.com', 'staff2@example.com'];
  let sends = 0;

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of USERS) tokens[u] = `Bearer ${await t.token(u)}`;
  });
  afterAll(() => t.close());

  const get = async (user: string, path: string, query: Record<string, unknown> = {}) => {
    const res = await t.http().get(`/api/v1${path}`).set('Authorization', tokens[user]).query(query);
    expect({ path, query, status: res.status }).toEqual({ path, query, status: 200 });
    return res.body;
  };
  const count = async (user: string, path: string, query: Record<string, unknown> = {}) =>
    (await get(user, path, { ...query, length: 1 })).recordsFiltered as number;
  const rows = async <T>(user: string, path: string, query: Record<string, unknown> = {}) => (await get(user, path, { ...query, length: -1 })).data as T[];

  const today = () => campaignDay();
  const yesterday = () => addDays(campaignDay(), -1);

  async function cardsEqualLists(user: string) {
    // The cards' counts; the Super Admin's answer also carries the captcha warning flag, which counts nothing.
    const { captcha_off: _flag, ...stats } = (await get(user, '/stats')).data;
    const day = (d: string) => ({ from: d, to: d });
    expect({ user, stats }).toEqual({
      user,
      stats: {
        total: await count(user, '/registration'),
        sales_today: await count(user, '/registration', day(today())),
        sales_yesterday: await count(user, '/registration', day(yesterday())),
        preregistrations: await count(user, '/preregistration'),
        preregistrations_today: await count(user, '/preregistration', day(today())),
        preregistrations_yesterday: await count(user, '/preregistration', day(yesterday())),
        test_rides: await count(user, '/test-ride'),
        test_rides_today: await count(user, '/test-ride', day(today())),
        test_rides_yesterday: await count(user, '/test-ride', day(yesterday())),
      },
    });
  }

  async function branchStatsEqualAdminLists() {
    const admin = USERS[0];
    const stats: Array<{ id: number; preregistrations: number; sales: number; test_rides: number; prizes_awarded: number }> = (await get(admin, '/branch-stats')).data;
    expect(stats.length).toBeGreaterThan(1);
    for (const b of stats) {
      const pre = await count(admin, '/preregistration', { branch: b.id });
      const sales = await count(admin, '/registration', { branch: b.id });
      const undrawn = await count(admin, '/preregistration', { branch: b.id, prize: 'none' });
      expect(b).toEqual({
        ...b,
        preregistrations: pre,
        sales,
        test_rides: await count(admin, '/test-ride', { branch: b.id }),
        // One prize per drawn pre-registration and one coupon per purchase.
        prizes_awarded: pre - undrawn + sales,
      });
    }
    // A branch user's own row is what their own lists hold.
    // (Branch staff hold no read-branch permission; the manager does.)
    for (const user of ['manager@example.com']) {
      const [mine] = (await get(user, '/branch-stats')).data;
      expect(mine).toMatchObject({ preregistrations: await count(user, '/preregistration'), sales: await count(user, '/registration'), test_rides: await count(user, '/test-ride') });
    }
  }

  async function branchTableEqualsAllocations() {
    const admin = USERS[0];
    const branches = await rows<{ id: number; one_lakh_allocation_count: number; ten_lakhs_allocation_count: number; registrations_count: number }>(admin, '/branch');
    const prizes = async (branch: number, amount: number) =>
      (await rows<{ count: number }>(admin, '/allocation', { branch: String(branch), amount: String(amount) })).reduce((n, a) => n + a.count, 0);
    for (const b of branches) {
      expect(b).toEqual({
        ...b,
        one_lakh_allocation_count: await prizes(b.id, 100000),
        ten_lakhs_allocation_count: await prizes(b.id, 900000),
        registrations_count: await count(admin, '/registration', { branch: b.id }),
      });
    }
  }

  async function analyticsEqualLists() {
    const admin = USERS[0];
    const range = { from: addDays(today(), -9), to: today() };
    const a = (await get(admin, '/analytics', range)).data;
    const sum = (rows: Array<Record<string, number>>, k: string) => rows.reduce((n, r) => n + r[k], 0);
    expect({
      preregistrations: sum(a.days, 'preregistrations'),
      sales: sum(a.days, 'sales'),
      test_rides: sum(a.days, 'test_rides'),
      sources: sum(a.sources, 'preregistrations'),
    }).toEqual({
      preregistrations: await count(admin, '/preregistration', range),
      sales: await count(admin, '/registration', range),
      test_rides: await count(admin, '/test-ride', range),
      sources: await count(admin, '/preregistration', range),
    });
    for (const b of a.branches.filter((x: { branch_id: number | null }) => x.branch_id !== null)) {
      expect(b).toEqual({
        ...b,
        preregistrations: await count(admin, '/preregistration', { ...range, branch: b.branch_id }),
        sales: await count(admin, '/registration', { ...range, branch: b.branch_id }),
        test_rides: await count(admin, '/test-ride', { ...range, branch: b.branch_id }),
      });
    }
  }

  async function smsRecipientsEqualCustomers() {
    const admin = USERS[0];
    for (const b of await rows<{ id: number }>(admin, '/branch')) {
      const customers = new Set((await rows<{ phone: string }>(admin, '/registration', { branch: b.id })).map((r) => r.phone).filter((p) => /^9[678]\d{8}$/.test(p)));
      sends += 1;
      const res = await t
        .http()
        .post('/api/v1/sms')
        .set('Authorization', tokens[admin])
        .send({ type: 'BRANCH', branches: [b.id], text: `Consistency check ${sends}` });
      if (customers.size === 0) expect(res.status).toBe(422);
      else expect({ branch: b.id, recipients: res.body.data?.recipients_count }).toEqual({ branch: b.id, recipients: customers.size });
    }
  }

  async function everything() {
    for (const user of USERS) await cardsEqualLists(user);
    await branchStatsEqualAdminLists();
    await branchTableEqualsAllocations();
    await analyticsEqualLists();
    await smsRecipientsEqualCustomers();
  }

  it('holds over the demo seed', async () => {
    await everything();
  });

  it('holds over generated data: own and public enquiries, deleted and unverified records, sales, test rides and stock across days', async () => {
    const [A, B, C] = await branchIds(t.db);
    const model = await bikeModelId(t.db);
    let seed = 2082;
    const pick = <T>(items: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return items[seed % items.length];
    };
    const { start: todayStart } = dayRange(today());
    const instants = [-60 * 24 * 3 + 5, -60 * 24 + 1, -1, 1, 30].map((m) => new Date(todayStart.getTime() + m * 60000));
    const staffOf: Record<number, string> = { [A]: 'staff@example.com', [B]: 'staff2@example.com' };
    for (let i = 0; i < 40; i++) {
      const owner = pick([A, B, C]);
      const isPublic = pick([true, false]);
      const pre = await makePreregistration(t.db, {
        branchId: isPublic ? null : owner,
        nearestBranchId: isPublic ? pick([owner, null]) : pick([owner, A]),
        verified: pick([true, true, false]),
        prize: pick([3000, 4000, 100000]),
        deleted: pick([false, false, false, true]),
      });
      const at = pick(instants);
      await t.db.query(`UPDATE preregistration SET created_at = $2::timestamptz, verified_at = CASE WHEN is_verified THEN $2::timestamptz END WHERE id = $1`, [pre.id, at]);
      const [row] = await t.db.query(`SELECT owner_branch_id, is_verified, deleted_at FROM preregistration WHERE id = $1`, [pre.id]);
      const staff = staffOf[row.owner_branch_id];
      if (staff && row.is_verified && !row.deleted_at && pick([true, false])) {
        const sale = await t.http().post('/api/v1/registration').set('Authorization', tokens[staff]).send(registrationBody(pre, model));
        expect(sale.status).toBe(200);
        await t.db.query(`UPDATE registration SET created_at = $2 WHERE slug = $1`, [sale.body.data.slug, pick(instants)]);
        if (pick([false, false, true])) {
          expect((await t.http().delete(`/api/v1/registration/${sale.body.data.slug}`).set('Authorization', tokens['manager@example.com'])).status).toBe(staff === 'staff@example.com' ? 200 : 404);
        }
      }
      await t.db.query(
        `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, created_at, deleted_at)
         VALUES (md5(random()::text), 'Rider', '9841000000', 'Bagmati', 'Kathmandu', 'Kathmandu', $1, $2, $3, CASE WHEN $4 THEN now() END)`,
        [pick([A, B, C]), model, pick(instants), pick([false, false, true])],
      );
    }
    for (let i = 0; i < 12; i++) {
      await allocate(t.db, {
        type: pick(['preregistration_branch', 'registration_branch'] as const),
        branchId: pick([A, B, C]),
        count: pick([1, 2, 3, 5]),
        amount: pick([100000, 900000, 500000, 4000]),
        probability: 0,
        date: addDays(today(), pick([0, 1, 2])),
      });
    }
    await everything();
  });
});
