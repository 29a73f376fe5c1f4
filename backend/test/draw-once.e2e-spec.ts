import { VerificationService } from '../src/modules/preregistration/verification.service';
import { allocate, CAMPAIGN_ENV, clearScheme, codeOf, enquiryBody, nextIp } from './factories/campaign';
import { bikeModelId, branchIds, makePreregistration, registrationBody } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';
import { passResendWait } from './harness/nepal-day';

/**
 * Promises kept per person, not per record: what the visitor ticked is what is stored, the
 * enquiry draw is once per phone, the purchase draw once per pre-registration.
 */
describe('one draw per person, and the shared box as chosen', () => {
  let t: TestApp;
  let staff: string;
  let manager: string;
  let A: number;

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    [A] = await branchIds(t.db);
    staff = `Bearer ${await t.token('staff@example.com')}`;
    manager = `Bearer ${await t.token('manager@example.com')}`;
    await clearScheme(t.db);
  });
  afterAll(() => t.close());

  const enquire = async (over: Record<string, unknown>) => {
    const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
    for (const [k, v] of Object.entries(await enquiryBody(t.db, over))) req.field(k, String(v));
    const res = await req;
    expect(res.status).toBe(200);
    return res.body.data.slug as string;
  };
  const drawRows = async (phone: string) =>
    t.db.query(
      `SELECT d.record_id, d.amount FROM draw d JOIN preregistration p ON p.id = d.record_id AND d.kind = 'preregistration' WHERE p.phone = $1`,
      [phone],
    );

  it('stores shared exactly as the visitor chose on the public form: ticked true, unticked (sent or not) false', async () => {
    const ticked = await enquire({ shared: true });
    const unticked = await enquire({ shared: false });
    const omitted = await enquire({});
    const shared = async (slug: string) => (await t.db.query(`SELECT shared FROM preregistration WHERE slug = $1`, [slug]))[0].shared;
    expect([await shared(ticked), await shared(unticked), await shared(omitted)]).toEqual([true, false, false]);
  });

  it('gives a pre-registration made again for a trashed one’s phone the earlier prize, with its one draw row, never a new roll', async () => {
    const service = t.app.get(VerificationService);
    const phone = '9841777001';
    await allocate(t.db, { type: 'preregistration_public', count: 1, amount: 4000, probability: 100 });
    const first = await enquire({ phone });
    await service.verify(first, (await codeOf(t.db, first))!);
    const [won] = await t.db.query(`SELECT id, prize FROM preregistration WHERE slug = $1`, [first]);
    expect(won.prize).toBe(4000);
    // Trashed by the branch's manager (the enquiry's nearest showroom is the staff's branch), then made again; stock that would win 9000 now waits.
    expect((await t.http().delete(`/api/v1/preregistration/${first}`).set('Authorization', manager)).status).toBe(200);
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 9000, probability: 100 });
    for (let round = 0; round < 3; round++) {
      await passResendWait(t.db, phone, 'otp');
      const again = await enquire({ phone });
      await service.verify(again, (await codeOf(t.db, again))!);
      const [now] = await t.db.query(`SELECT id, prize FROM preregistration WHERE slug = $1`, [again]);
      expect(now.prize).toBe(4000);
      expect(await drawRows(phone)).toEqual([{ record_id: now.id, amount: 4000 }]);
      const seen = await t.http().get(`/api/v1/preregistration/${again}`).set('Authorization', staff);
      expect(seen.body.data.prize).toBe(4000);
      // Two live records never hold one prize: the trashed ones hold none.
      const [{ holders }] = await t.db.query(`SELECT count(*)::int AS holders FROM preregistration WHERE phone = $1 AND prize IS NOT NULL`, [phone]);
      expect(holders).toBe(1);
      expect((await t.http().delete(`/api/v1/preregistration/${again}`).set('Authorization', manager)).status).toBe(200);
    }
    const [{ remaining }] = await t.db.query(`SELECT sum(remaining)::int AS remaining FROM allocation WHERE amount = 9000`);
    expect(remaining).toBe(5);
  });

  it('keeps an erased customer one person: their phone and number are refused while the erased record stands, and once it is trashed a new record carries the earlier prize, never a new roll', async () => {
    const service = t.app.get(VerificationService);
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    const phone = '9841777002';
    const citizenship = '77700200011';
    await allocate(t.db, { type: 'preregistration_public', count: 1, amount: 6000, probability: 100 });
    const first = await enquire({ phone, citizenship_no: citizenship });
    await service.verify(first, (await codeOf(t.db, first))!);
    const [won] = await t.db.query(`SELECT id, prize FROM preregistration WHERE slug = $1`, [first]);
    expect(won.prize).toBeGreaterThan(0);
    expect((await t.http().post(`/api/v1/preregistration/${first}/erase`).set('Authorization', admin)).status).toBe(200);
    expect((await t.db.query(`SELECT phone, citizenship_no FROM preregistration WHERE id = $1`, [won.id]))[0]).toEqual({ phone: null, citizenship_no: null });

    // The erased record still stands for the person, and the public form tells nobody (issue #32): the phone
    // gets a pending claim (no second record), the number a record held without a draw, which the branch trashes.
    const again = async (over: Record<string, unknown>) => {
      const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
      for (const [k, v] of Object.entries(await enquiryBody(t.db, over))) req.field(k, String(v));
      return req;
    };
    const byPhone = await again({ phone });
    expect(byPhone.status).toBe(200);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE phone = $1`, [phone])).toEqual([{ n: 0 }]);
    const byNumber = await again({ citizenship_no: citizenship });
    expect(byNumber.status).toBe(200);
    expect(await t.db.query(`SELECT held FROM preregistration WHERE slug = $1`, [byNumber.body.data.slug])).toEqual([{ held: true }]);
    expect((await t.http().delete(`/api/v1/preregistration/${byNumber.body.data.slug}`).set('Authorization', admin)).status).toBe(200);

    // Trashed, the phone registers again: the new record carries the earlier prize and its one draw row; stock that would win waits.
    expect((await t.http().delete(`/api/v1/preregistration/${first}`).set('Authorization', admin)).status).toBe(200);
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 9500, probability: 100 });
    await passResendWait(t.db, phone, 'otp');
    const back = await enquire({ phone, citizenship_no: citizenship });
    await service.verify(back, (await codeOf(t.db, back))!);
    const [now] = await t.db.query(`SELECT id, prize FROM preregistration WHERE slug = $1`, [back]);
    expect(now.prize).toBe(won.prize);
    expect(await t.db.query(`SELECT record_id, amount FROM draw WHERE kind = 'preregistration' AND record_id IN ($1, $2)`, [won.id, now.id])).toEqual([
      { record_id: now.id, amount: won.prize },
    ]);
    const [{ remaining }] = await t.db.query(`SELECT sum(remaining)::int AS remaining FROM allocation WHERE amount = 9500`);
    expect(remaining).toBe(5);
  });

  it('keeps a purchase’s first coupon: a trashed registration cannot be made again from its pre-registration, and a restore keeps it', async () => {
    const model = await bikeModelId(t.db);
    await allocate(t.db, { type: 'registration_branch', branchId: A, count: 1, amount: 25000, probability: 100 });
    const pre = await makePreregistration(t.db, { branchId: A });
    const made = await t.http().post('/api/v1/registration').set('Authorization', staff).send(registrationBody(pre, model));
    expect(made.status).toBe(200);
    expect(made.body.data.coupon.amount).toBe(25000);
    const slug = made.body.data.slug;
    expect((await t.http().delete(`/api/v1/registration/${slug}`).set('Authorization', manager)).status).toBe(200);
    await allocate(t.db, { type: 'registration_branch', branchId: A, count: 5, amount: 50000, probability: 100 });
    const again = await t.http().post('/api/v1/registration').set('Authorization', staff).send(registrationBody(pre, model));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ preregistration_id: ['This pre-registration has already been purchased.'] });
    const restored = await t.http().post(`/api/v1/registration/${slug}/restore`).set('Authorization', manager);
    expect(restored.status).toBe(200);
    expect(restored.body.data.coupon.amount).toBe(25000);
    const rows = await t.db.query(`SELECT d.amount FROM draw d JOIN registration r ON r.id = d.record_id AND d.kind = 'registration' WHERE r.preregistration_id = $1`, [pre.id]);
    expect(rows).toEqual([{ amount: 25000 }]);
  });
});
