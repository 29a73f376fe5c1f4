import { PrizesToWin } from '../src/modules/draw/prizes-to-win';
import { allocate, branchIds, CAMPAIGN_ENV, clearScheme, nextIp, pendingPreregistration, today } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * What can still be won (GET /api/v1/prizes, the landing page's figure): today's
 * pre-registration prizes per amount summed over every branch and the public channel, the
 * prizes given so far and the campaign's last day; the same answer for every caller, with
 * nothing that names a branch.
 */
describe('prizes still to win today (/api/v1/prizes)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    await clearScheme(t.db);
    const [A, B] = await branchIds(t.db);
    await allocate(t.db, { type: 'preregistration_public', count: 2, amount: 10000, probability: 100 });
    await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 3, amount: 10000, probability: 0 });
    await allocate(t.db, { type: 'preregistration_branch', branchId: B, count: 4, amount: 4000, probability: 0 });
    // Purchase prizes and other days are not the enquiry's prizes of today.
    await allocate(t.db, { type: 'registration_branch', branchId: A, count: 5, amount: 5000, probability: 0 });
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 20000, probability: 0, date: '2099-01-01' });
    await t.http().patch('/api/v1/setting').set('Authorization', `Bearer ${await t.token('admin@example.com')}`).send({ campaign_ends_on: '2099-12-31' });
    t.app.get(PrizesToWin).answer.invalidate();
  });
  afterAll(() => t.close());

  const read = (auth?: string) => {
    const req = t.http().get('/api/v1/prizes');
    if (auth) req.set('Authorization', auth);
    return req;
  };

  it('sums today’s enquiry prizes over every branch, the same for every caller, naming no branch', async () => {
    const anonymous = await read();
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({
      data: {
        day: today(),
        tiers: [
          { amount: 10000, planned: 5, left: 5 },
          { amount: 4000, planned: 4, left: 4 },
        ],
        given: { prizes: 0, amount: 0, by_amount: [] },
        campaign_ends_on: '2099-12-31',
        campaign_ends_at: '2099-12-31T18:15:00.000Z',
        ended: false,
      },
    });
    for (const email of ['admin@example.com', 'manager@example.com', 'staff2@example.com']) {
      expect((await read(`Bearer ${await t.token(email)}`)).body).toEqual(anonymous.body);
    }
    expect(JSON.stringify(anonymous.body)).not.toMatch(/branch/);
  });

  it('drops when a prize is drawn, once the cached answer has expired (30 s)', async () => {
    const before = (await read()).body;
    const pending = await pendingPreregistration(t.db, { sendSms: false });
    const verified = await t.http().post(`/api/v1/enquiry/${pending.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: pending.code });
    expect(verified.body.data.prize).toBe(10000);
    // Within the 30 s every caller still gets the same answer.
    expect((await read()).body).toEqual(before);
    // What the 30 s do: the answer is dropped and loaded again.
    t.app.get(PrizesToWin).answer.invalidate();
    const after = (await read()).body.data;
    expect(after.tiers).toEqual([
      { amount: 10000, planned: 5, left: 4 },
      { amount: 4000, planned: 4, left: 4 },
    ]);
    expect(after.given).toEqual({ prizes: 1, amount: 10000, by_amount: [{ amount: 10000, prizes: 1 }] });
  });
});
