import { Clock } from '../src/common/clock';
import { FairnessService } from '../src/modules/fairness/fairness.service';
import { addDays, campaignDay, localToUtc } from '../src/common/time';
import { branchIds, CAMPAIGN_ENV, clearScheme, codeOf, enquiryBody, nextIp } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/** The prize scheme screens (/api/v1/allocation, manage-allocation). */
describe('allocations (/api/v1/allocation)', () => {
  let t: TestApp;
  let admin: string;
  let A: number;
  const today = campaignDay();
  /** The first day whose scheme may still change whatever the hour: today and (after 22:00) tomorrow are committed. */
  const open = addDays(today, 2);

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    await clearScheme(t.db);
    admin = `Bearer ${await t.token('admin@example.com')}`;
    [A] = await branchIds(t.db);
  });
  afterAll(() => t.close());

  const create = (body: object) => t.http().post('/api/v1/allocation').set('Authorization', admin).send(body);

  it('creates public and branch allocations with the defaults, from a form’s strings', async () => {
    const pub = await create({ date: open, amount: '5000', probability: '12.5', count: '3', branch_id: '' });
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({
      message: 'Allocation created successfully.',
      data: {
        id: expect.any(Number),
        type: 'preregistration_public',
        branch_id: null,
        branch: null,
        date: open,
        count: 3,
        remaining: 3,
        amount: 5000,
        probability: 12.5,
        created_at: expect.any(String),
        frozen: false,
      },
    });
    const defaults = await create({ type: 'preregistration_public', date: open, amount: 3000, branch_id: A });
    expect(defaults.body.data).toMatchObject({ branch_id: null, count: 1, probability: 0 });
    const branch = await create({ type: 'registration_branch', branch_id: A, date: addDays(today, 3), amount: 900000, probability: 0.25 });
    expect(branch.body.data).toMatchObject({ type: 'registration_branch', branch: { id: A, title: expect.any(String) }, amount: 900000, probability: 0.25 });
  });

  it('answers 422 under each bad field', async () => {
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ type: 'preregistration_branch', date: open, amount: 5000 }, { branch_id: ['The branch field is required for this type.'] }],
      [{ type: 'registration_branch', branch_id: 99999, date: open, amount: 5000 }, { branch_id: ['The selected branch is invalid.'] }],
      [{ date: addDays(today, -1), amount: 5000 }, { date: [`The date must be today (${today}) or later.`] }],
      [{ date: today, amount: 5000 }, { date: [`The prizes of ${today} are frozen since 22:00 Nepal time on ${addDays(today, -1)} and can no longer change: change a later day.`] }],
      [{ date: '2026-02-30', amount: 5000 }, { date: ['The date must be a date (YYYY-MM-DD).'] }],
      [{ date: 'tomorrow', amount: 5000 }, { date: ['The date must be a date (YYYY-MM-DD).'] }],
      [{ date: open, amount: 1500 }, { amount: ['The amount must be one of 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000.'] }],
      [{ type: 'registration_branch', branch_id: A, date: open, amount: 3500 }, { amount: [expect.stringContaining('1500, 2000, 2500')] as unknown as string[] }],
      [{ date: open, amount: 5000, count: 6 }, { count: ['The count must be between 1 and 5.'] }],
      [{ date: open, amount: 5000, count: 0 }, { count: ['The count must be between 1 and 5.'] }],
      [{ date: open, amount: 5000, probability: 100.5 }, { probability: ['The probability must be between 0 and 100.'] }],
      [{ date: open, amount: 5000, probability: 12.345 }, { probability: ['The probability must be a number between 0 and 100 (up to two decimals).'] }],
      [{ date: open, amount: 5000, type: 'jackpot' }, { type: ['The selected type is invalid.'] }],
      [{ date: open, amount: 5000, remaining: 99 }, { remaining: ['The remaining field is not allowed.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 422, errors });
    }
  });

  it('lists them in the paging protocol, with branch titles and a type filter', async () => {
    const res = await t.http().get('/api/v1/allocation').set('Authorization', admin).query({ type: 'registration_branch' });
    expect(res.status).toBe(200);
    expect(res.body.recordsTotal).toBe(1);
    expect(res.body.data[0]).toMatchObject({ type: 'registration_branch', branch: { id: A }, date: addDays(today, 3), frozen: false });
    const all = await t.http().get('/api/v1/allocation').set('Authorization', admin).query({ 'columns[0][data]': 'amount', 'order[0][column]': 0, 'order[0][dir]': 'desc' });
    expect(all.body.data.map((a: { amount: number }) => a.amount)).toEqual([900000, 5000, 3000]);
  });

  it('filters the table by From/To (Nepal days, a bare To day included) and by branch, the public stock as branch=public', async () => {
    const list = (query: object) => t.http().get('/api/v1/allocation').set('Authorization', admin).query(query);
    const days = async (query: object) => {
      const res = await list(query);
      expect(res.status).toBe(200);
      return res.body.data.map((a: { date: string }) => a.date).sort();
    };
    expect(await days({ from: addDays(today, 3) })).toEqual([addDays(today, 3)]);
    expect(await days({ to: open })).toEqual([open, open]);
    expect(await days({ from: open, to: open })).toEqual([open, open]);
    // By the hour, as the other tables' pickers send it: a day is in when any of it is.
    expect(await days({ from: `${addDays(today, 3)} 10:00`, to: `${addDays(today, 3)} 11:00` })).toEqual([addDays(today, 3)]);
    expect(await days({ from: addDays(today, 4) })).toEqual([]);
    expect((await list({ branch: A })).body.data.map((a: { branch_id: number }) => a.branch_id)).toEqual([A]);
    expect((await list({ branch: 'public' })).body.data.map((a: { branch_id: number | null }) => a.branch_id)).toEqual([null, null]);
    expect((await list({ branch: A, to: open })).body.recordsFiltered).toBe(0);
    const bad = await list({ from: 'soon', to: 'later' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'to']);
  });

  it('deletes an untouched allocation of an open day, and refuses once the day is committed (its prizes are drawn only then)', async () => {
    const spare = await create({ date: open, amount: 4000 });
    expect((await t.http().delete(`/api/v1/allocation/${spare.body.data.id}`).set('Authorization', admin)).body).toEqual({ message: 'Allocation deleted successfully.' });
    expect((await t.http().delete(`/api/v1/allocation/${spare.body.data.id}`).set('Authorization', admin)).status).toBe(404);
    expect((await t.http().delete('/api/v1/allocation/abc').set('Authorization', admin)).status).toBe(404);

    await clearScheme(t.db);
    const won = await create({ date: open, amount: 20000, probability: 100, count: 2 });
    const clock = t.app.get(Clock);
    try {
      // The evening before, at the commitment time, the day freezes: the list says so and nothing changes it.
      clock.travel(localToUtc(addDays(open, -1), '21:59'));
      expect((await t.http().get('/api/v1/allocation').set('Authorization', admin)).body.data[0]).toMatchObject({ id: won.body.data.id, frozen: false });
      clock.travel(localToUtc(addDays(open, -1), '22:00'));
      expect((await t.http().get('/api/v1/allocation').set('Authorization', admin)).body.data[0]).toMatchObject({ id: won.body.data.id, frozen: true });
      // Frozen at the commitment time; the message says when the commitment was made once it is.
      const frozen = `The prizes of ${open} are frozen since 22:00 Nepal time on ${addDays(open, -1)} and can no longer change: change a later day.`;
      const late = await create({ date: open, amount: 4000 });
      expect({ status: late.status, errors: late.body.errors }).toEqual({ status: 422, errors: { date: [frozen] } });
      const removed = await t.http().delete(`/api/v1/allocation/${won.body.data.id}`).set('Authorization', admin);
      expect({ status: removed.status, errors: removed.body.errors }).toEqual({ status: 422, errors: { date: [frozen] } });
      // Once written, the commitment holds even if the commitment time is then moved later.
      await t.app.get(FairnessService).commitDue();
      const later = await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ commit_cutoff: '23:30' });
      expect(later.status).toBe(200);
      const afterMove = await create({ date: open, amount: 4000 });
      expect(afterMove.status).toBe(422);
      expect(afterMove.body.errors).toEqual({ date: [`The prizes of ${open} were committed at 22:00 Nepal time on ${addDays(open, -1)} and can no longer change: change a later day.`] });
      expect((await t.http().get('/api/v1/allocation').set('Authorization', admin)).body.data[0]).toMatchObject({ id: won.body.data.id, frozen: true });
      expect((await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ commit_cutoff: 'late' })).body.errors).toEqual({
        commit_cutoff: ['The commitment time must be a time of day (HH:MM).'],
      });
      await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ commit_cutoff: '22:00' });
      // On the day, the prize is drawn from the committed scheme.
      clock.travel(localToUtc(open, '10:00'));
      const enquiry = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send(await enquiryBody(t.db));
      const verified = await t.http().post(`/api/v1/enquiry/${enquiry.body.data.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: await codeOf(t.db, enquiry.body.data.slug) });
      expect(verified.body.data.prize).toBe(20000);
      expect((await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [won.body.data.id]))[0].remaining).toBe(1);
    } finally {
      clock.travel(new Date());
    }
  });

  it('is described in the OpenAPI document with the campaign routes and fields', async () => {
    const doc = (await t.http().get('/api/docs-json')).body;
    for (const path of ['/api/v1/allocation', '/api/v1/enquiry', '/api/v1/enquiry/{slug}/verify', '/api/v1/preregistration/{slug}', '/api/v1/preregistration/download']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.components.schemas.CreateEnquiryDto.properties)).toEqual(
      expect.arrayContaining(['name', 'phone', 'bike_model_id', 'source', 'nearest_branch_id', 'g-recaptcha-response']),
    );
    expect(doc.components.schemas.CreateAllocationDto.properties.type.enum).toEqual(['preregistration_public', 'preregistration_branch', 'registration_branch']);
  });
});
