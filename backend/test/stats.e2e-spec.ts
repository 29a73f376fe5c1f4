import { addDays, campaignDay, dayRange } from '../src/common/time';
import { bikeModelId, branchIds, makePreregistration, registrationBody } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

/** GET /api/v1/stats: the dashboard cards, counted by Nepal day (midnight = 18:15 UTC), scoped for branch users. */
describe('stats (/api/v1/stats)', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staff2: string;
  let A: number;
  let B: number;

  beforeAll(async () => {
    t = await startTestApp();
    [A, B] = await branchIds(t.db);
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staff = `Bearer ${await t.token('staff@example.com')}`;
    staff2 = `Bearer ${await t.token('staff2@example.com')}`;
  });
  afterAll(() => t.close());

  const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60000);
  const get = async (auth: string) => {
    const res = await t.http().get('/api/v1/stats').set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('counts sales, pre-registrations and test rides of today and yesterday across Nepal’s midnight', async () => {
    const today = campaignDay();
    const { start: todayStart } = dayRange(today);
    const { start: yesterdayStart } = dayRange(addDays(today, -1));
    // Nepal's midnight is 18:15 UTC.
    expect(todayStart.toISOString().slice(11, 19)).toBe('18:15:00');
    const model = await bikeModelId(t.db);
    const base = await get(admin);
    const baseStaff = await get(staff);
    const baseStaff2 = await get(staff2);

    // One minute either side of today's and yesterday's midnights, at branch A; one today at branch B.
    const instants = {
      todayAfterMidnight: minutes(todayStart, 1),
      yesterdayBeforeMidnight: minutes(todayStart, -1),
      yesterdayAfterMidnight: minutes(yesterdayStart, 1),
      dayBeforeYesterday: minutes(yesterdayStart, -1),
    };
    const staffToken = staff;
    for (const at of Object.values(instants)) {
      const pre = await makePreregistration(t.db, { branchId: A });
      await t.db.query(`UPDATE preregistration SET created_at = $2 WHERE id = $1`, [pre.id, at]);
      const res = await t.http().post('/api/v1/registration').set('Authorization', staffToken).send(registrationBody(pre, model));
      expect(res.status).toBe(200);
      await t.db.query(`UPDATE registration SET created_at = $2 WHERE slug = $1`, [res.body.data.slug, at]);
      await t.db.query(
        `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, created_at)
         VALUES (md5(random()::text), 'Rider', '9841000000', 'Bagmati', 'Kathmandu', 'Kathmandu', $1, $2, $3)`,
        [A, model, at],
      );
    }
    const preB = await makePreregistration(t.db, { branchId: B });
    const resB = await t.http().post('/api/v1/registration').set('Authorization', staff2).send(registrationBody(preB, model));
    await t.db.query(`UPDATE registration SET created_at = $2 WHERE slug = $1`, [resB.body.data.slug, minutes(todayStart, 2)]);
    await t.db.query(`UPDATE preregistration SET created_at = $2 WHERE id = $1`, [preB.id, minutes(todayStart, 2)]);
    // A deleted sale of today is not counted.
    const gone = await makePreregistration(t.db, { branchId: A });
    const resGone = await t.http().post('/api/v1/registration').set('Authorization', staff).send(registrationBody(gone, model));
    await t.db.query(`UPDATE registration SET deleted_at = now(), created_at = $2 WHERE slug = $1`, [
      resGone.body.data.slug,
      minutes(todayStart, 3),
    ]);
    await t.db.query(`UPDATE preregistration SET created_at = $2 WHERE id = $1`, [gone.id, minutes(todayStart, 3)]);

    const all = await get(admin);
    expect(all).toEqual({
      total: base.total + 5,
      preregistrations: base.preregistrations + 6,
      preregistrations_today: base.preregistrations_today + 3, // A after midnight, B, and the deleted sale's (still a pre-registration)
      preregistrations_yesterday: base.preregistrations_yesterday + 2,
      sales_today: base.sales_today + 2,
      sales_yesterday: base.sales_yesterday + 2,
      test_rides: base.test_rides + 4,
      test_rides_today: base.test_rides_today + 1,
      test_rides_yesterday: base.test_rides_yesterday + 2,
      captcha_off: false,
    });

    const mine = await get(staff);
    expect(mine).toEqual({
      total: baseStaff.total + 4,
      preregistrations: baseStaff.preregistrations + 5,
      preregistrations_today: baseStaff.preregistrations_today + 2,
      preregistrations_yesterday: baseStaff.preregistrations_yesterday + 2,
      sales_today: baseStaff.sales_today + 1,
      sales_yesterday: baseStaff.sales_yesterday + 2,
      test_rides: baseStaff.test_rides + 4,
      test_rides_today: baseStaff.test_rides_today + 1,
      test_rides_yesterday: baseStaff.test_rides_yesterday + 2,
    });
    const theirs = await get(staff2);
    expect(theirs).toEqual({
      ...baseStaff2,
      total: baseStaff2.total + 1,
      preregistrations: baseStaff2.preregistrations + 1,
      preregistrations_today: baseStaff2.preregistrations_today + 1,
      sales_today: baseStaff2.sales_today + 1,
    });
  });

  it('counts a public enquiry for the branch of its nearest showroom, as that branch’s pre-registration list does', async () => {
    const list = async (auth: string) => {
      const res = await t.http().get('/api/v1/preregistration').set('Authorization', auth).query({ length: 1 });
      expect(res.status).toBe(200);
      return res.body.recordsFiltered as number;
    };
    const [beforeAdmin, beforeBranch, beforeOther] = [await get(admin), await get(staff2), await get(staff)];
    await makePreregistration(t.db, { branchId: null, nearestBranchId: B });
    const [afterAdmin, afterBranch, afterOther] = [await get(admin), await get(staff2), await get(staff)];
    expect(afterAdmin.preregistrations_today).toBe(beforeAdmin.preregistrations_today + 1);
    expect(afterBranch.preregistrations).toBe(beforeBranch.preregistrations + 1);
    expect(afterBranch.preregistrations_today).toBe(beforeBranch.preregistrations_today + 1);
    expect(afterOther.preregistrations).toBe(beforeOther.preregistrations);
    // The card and the list agree, for the branch and for head office.
    expect(afterBranch.preregistrations).toBe(await list(staff2));
    expect(afterAdmin.preregistrations).toBe(await list(admin));
  });
});
