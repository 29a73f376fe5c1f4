import { addDays, campaignDay } from '../src/common/time';
import { branchIds, CAMPAIGN_ENV, clearScheme, codeOf, enquiryBody, nextIp } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/** The prize scheme screens (/api/v1/allocation, manage-allocation). */
describe('allocations (/api/v1/allocation)', () => {
  let t: TestApp;
  let admin: string;
  let A: number;
  const today = campaignDay();

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    await clearScheme(t.db);
    admin = `Bearer ${await t.token('admin@example.com')}`;
    [A] = await branchIds(t.db);
  });
  afterAll(() => t.close());

  const create = (body: object) => t.http().post('/api/v1/allocation').set('Authorization', admin).send(body);

  it('creates public and branch allocations with the defaults, from a form’s strings', async () => {
    const pub = await create({ date: today, amount: '5000', probability: '12.5', count: '3', branch_id: '' });
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({
      message: 'Allocation created successfully.',
      data: {
        id: expect.any(Number),
        type: 'preregistration_public',
        branch_id: null,
        branch: null,
        date: today,
        count: 3,
        remaining: 3,
        amount: 5000,
        probability: 12.5,
        created_at: expect.any(String),
      },
    });
    const defaults = await create({ type: 'preregistration_public', date: today, amount: 3000, branch_id: A });
    expect(defaults.body.data).toMatchObject({ branch_id: null, count: 1, probability: 0 });
    const branch = await create({ type: 'registration_branch', branch_id: A, date: addDays(today, 1), amount: 900000, probability: 0.25 });
    expect(branch.body.data).toMatchObject({ type: 'registration_branch', branch: { id: A, title: expect.any(String) }, amount: 900000, probability: 0.25 });
  });

  it('answers 422 under each bad field', async () => {
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ type: 'preregistration_branch', date: today, amount: 5000 }, { branch_id: ['The branch field is required for this type.'] }],
      [{ type: 'registration_branch', branch_id: 99999, date: today, amount: 5000 }, { branch_id: ['The selected branch is invalid.'] }],
      [{ date: addDays(today, -1), amount: 5000 }, { date: [`The date must be today (${today}) or later.`] }],
      [{ date: '2026-02-30', amount: 5000 }, { date: ['The date must be a date (YYYY-MM-DD).'] }],
      [{ date: 'tomorrow', amount: 5000 }, { date: ['The date must be a date (YYYY-MM-DD).'] }],
      [{ date: today, amount: 1500 }, { amount: ['The amount must be one of 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000.'] }],
      [{ type: 'registration_branch', branch_id: A, date: today, amount: 3500 }, { amount: [expect.stringContaining('1500, 2000, 2500')] as unknown as string[] }],
      [{ date: today, amount: 5000, count: 6 }, { count: ['The count must be between 1 and 5.'] }],
      [{ date: today, amount: 5000, count: 0 }, { count: ['The count must be between 1 and 5.'] }],
      [{ date: today, amount: 5000, probability: 100.5 }, { probability: ['The probability must be between 0 and 100.'] }],
      [{ date: today, amount: 5000, probability: 12.345 }, { probability: ['The probability must be a number between 0 and 100 (up to two decimals).'] }],
      [{ date: today, amount: 5000, type: 'jackpot' }, { type: ['The selected type is invalid.'] }],
      [{ date: today, amount: 5000, remaining: 99 }, { remaining: ['The remaining field is not allowed.'] }],
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
    expect(res.body.data[0]).toMatchObject({ type: 'registration_branch', branch: { id: A }, date: addDays(today, 1) });
    const all = await t.http().get('/api/v1/allocation').set('Authorization', admin).query({ 'columns[0][data]': 'amount', 'order[0][column]': 0, 'order[0][dir]': 'desc' });
    expect(all.body.data.map((a: { amount: number }) => a.amount)).toEqual([900000, 5000, 3000]);
  });

  it('deletes an untouched allocation, and refuses (409) once any of its prizes was awarded', async () => {
    const spare = await create({ date: addDays(today, 2), amount: 4000 });
    expect((await t.http().delete(`/api/v1/allocation/${spare.body.data.id}`).set('Authorization', admin)).body).toEqual({ message: 'Allocation deleted successfully.' });
    expect((await t.http().delete(`/api/v1/allocation/${spare.body.data.id}`).set('Authorization', admin)).status).toBe(404);
    expect((await t.http().delete('/api/v1/allocation/abc').set('Authorization', admin)).status).toBe(404);

    await clearScheme(t.db);
    const won = await create({ date: today, amount: 20000, probability: 100, count: 2 });
    const enquiry = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send(await enquiryBody(t.db));
    const verified = await t.http().post(`/api/v1/enquiry/${enquiry.body.data.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: await codeOf(t.db, enquiry.body.data.slug) });
    expect(verified.body.data.prize).toBe(20000);
    const refused = await t.http().delete(`/api/v1/allocation/${won.body.data.id}`).set('Authorization', admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This allocation cannot be deleted: some of its prizes have already been awarded.' });
    expect((await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [won.body.data.id]))[0].remaining).toBe(1);
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
