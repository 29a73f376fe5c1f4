import { addDays } from '../src/common/time';
import { PrizesToWin } from '../src/modules/draw/prizes-to-win';
import { FairnessService } from '../src/modules/fairness/fairness.service';
import { allocate, branchIds, CAMPAIGN_ENV, clearScheme, enquiryBody, nextIp, pendingPreregistration, today, uniquePhone } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * After the campaign's last day (#19): the enquiry, staff registrations and every prize draw
 * answer one clear refusal; a draw made before is still shown; no day is committed after the
 * end; test-ride bookings stay open; the prize figure turns into the results.
 */
describe('the campaign’s end', () => {
  let t: TestApp;
  let admin: string;
  const yesterday = addDays(today(), -1);
  const CLOSED = `The campaign ended on ${yesterday}: registrations and prize draws are closed. Test rides can still be booked.`;

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    await clearScheme(t.db);
    admin = `Bearer ${await t.token('admin@example.com')}`;
    await allocate(t.db, { type: 'preregistration_public', count: 2, amount: 10000, probability: 100 });
  });
  afterAll(() => t.close());

  it('closes the enquiry, staff registrations and the draws with one message, and keeps a prize drawn before', async () => {
    const before = await pendingPreregistration(t.db, { sendSms: false });
    const drawn = await t.http().post(`/api/v1/enquiry/${before.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: before.code });
    expect(drawn.body.data.prize).toBe(10000);
    const waiting = await pendingPreregistration(t.db, { sendSms: false });

    const saved = await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_ends_on: yesterday });
    expect(saved.status).toBe(200);

    const enquiry = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send(await enquiryBody(t.db));
    expect({ status: enquiry.status, body: enquiry.body }).toEqual({ status: 403, body: { message: CLOSED } });
    const verify = await t.http().post(`/api/v1/enquiry/${waiting.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: waiting.code });
    expect({ status: verify.status, body: verify.body }).toEqual({ status: 403, body: { message: CLOSED } });
    expect((await t.db.query(`SELECT is_verified, prize FROM preregistration WHERE id = $1`, [waiting.id]))[0]).toEqual({ is_verified: false, prize: null });
    const staff = await t.http().post('/api/v1/preregistration').set('Authorization', `Bearer ${await t.token('manager@example.com')}`).send({ name: 'Ram Thapa', address: 'Teku', phone: uniquePhone(), citizenship_no: '20821234567' });
    expect({ status: staff.status, body: staff.body }).toEqual({ status: 403, body: { message: CLOSED } });
    // The prize drawn before the end is still the customer's.
    expect((await t.http().get(`/api/v1/enquiry/${before.slug}`)).body.data).toMatchObject({ is_verified: true, prize: 10000 });
  });

  it('commits no day after the end, keeps test rides open, and turns the prize figure into the results', async () => {
    expect(await t.app.get(FairnessService).commitDue()).toEqual([]);
    const [branch] = await branchIds(t.db);
    const [model] = await t.db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
    const [place] = await t.db.query(`SELECT state, district, city FROM branch WHERE id = $1`, [branch]);
    const ride = await t
      .http()
      .post('/api/v1/test-ride')
      .set('X-Forwarded-For', nextIp())
      .send({ name: 'Sita Sharma', phone: uniquePhone(), ...place, branch_id: branch, bike_model_id: model.id, type: 'TESTRIDE' });
    expect(ride.status).toBe(200);
    t.app.get(PrizesToWin).answer.invalidate();
    const prizes = (await t.http().get('/api/v1/prizes')).body.data;
    expect(prizes).toMatchObject({ ended: true, tiers: [], campaign_ends_on: yesterday, given: { prizes: 1, amount: 10000, by_amount: [{ amount: 10000, prizes: 1 }] } });
  });
});
