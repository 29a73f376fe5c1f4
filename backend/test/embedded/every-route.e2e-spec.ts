import { Actor, AUTHZ_MATRIX, MatrixContext } from '../authz-matrix';
import { ACTOR_EMAILS, classify, loginToken, matrixContext, sendCall } from '../factories/authz';
import { CAMPAIGN_ENV, openDay } from '../factories/campaign';
import { ALL_ROWS_BATCH } from '../../src/common/paging/paging';
import { startTestApp, TestApp } from '../harness/test-app';

type Tokens = Record<Exclude<Actor, 'anon'>, string>;

/** Long enough for a cold route on a busy machine, far shorter than a hang's jest timeout. */
const ANSWER_MS = 30_000;

/**
 * The embedded database as `npm start` runs it (no DATABASE_URL: PGlite behind its socket,
 * one transaction at a time) is a target of its own, not a demo: every route of the app,
 * writes included (enquiry, code, draw, purchase and its draw, test ride, bulk SMS, settings,
 * users, dealers, bike models, videos, allocations, trash and restore, exports), answers the
 * Super Admin as the authorization matrix says it does on PostgreSQL, and the app still
 * answers its health check after each. A route that asks for a second connection inside a
 * transaction hangs here for ever; the data source refuses it (transaction-guard.ts), and a
 * hang would fail on the test's own timeout.
 */
describe('the embedded database, as npm start runs it', () => {
  let t: TestApp;
  let c: MatrixContext;
  const tokens = {} as Tokens;

  beforeAll(async () => {
    t = await startTestApp({ database: 'embedded', env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
    for (const [actor, email] of Object.entries(ACTOR_EMAILS)) tokens[actor as keyof Tokens] = await loginToken(t, email);
    c = await matrixContext(t, () => tokens);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const admin = () => `Bearer ${tokens.admin}`;
  const healthy = async () => (await t.http().get('/api/v1/health')).status;

  it.each(Object.keys(AUTHZ_MATRIX).sort())(
    '%s answers the Super Admin as on PostgreSQL, and the app stays up',
    async (route) => {
      const spec = AUTHZ_MATRIX[route];
      const expected = Array.isArray(spec.expect.admin) ? spec.expect.admin[0] : spec.expect.admin;
      const call = await spec.request(c, 'A', 'admin');
      const res = await sendCall(t, call, tokens.admin).timeout(ANSWER_MS);
      expect({ route, answer: classify(res.status), body: classify(res.status) === expected ? 'as expected' : res.body }).toEqual({
        route,
        answer: expected,
        body: 'as expected',
      });
      if (spec.after === 'relogin') tokens.admin = await loginToken(t, ACTOR_EMAILS.admin);
      expect(await healthy()).toBe(200);
    },
    ANSWER_MS * 2,
  );

  it('creates and deletes an allocation for an open day, and the scheme list shows each change', async () => {
    const day = openDay();
    const made = await t
      .http()
      .post('/api/v1/allocation')
      .set('Authorization', admin())
      .send({ type: 'preregistration_public', date: day, count: 2, amount: 3500, probability: 5 })
      .timeout(ANSWER_MS);
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Allocation created successfully.');
    expect(await healthy()).toBe(200);
    const listed = async () =>
      ((await t.http().get('/api/v1/allocation').set('Authorization', admin()).query({ date: day, length: 100 })).body.data as Array<{ id: number }>).map((a) => a.id);
    expect(await listed()).toContain(made.body.data.id);

    const gone = await t.http().delete(`/api/v1/allocation/${made.body.data.id}`).set('Authorization', admin()).timeout(ANSWER_MS);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Allocation deleted successfully.' });
    expect(await healthy()).toBe(200);
    expect(await listed()).not.toContain(made.body.data.id);
  });

  it('saves the scheme form as it opens: its date is the first day that can still change', async () => {
    const day = await t.http().get('/api/v1/allocation/day').set('Authorization', admin());
    expect(day.status).toBe(200);
    const made = await t
      .http()
      .post('/api/v1/allocation')
      .set('Authorization', admin())
      .send({ type: 'preregistration_public', date: day.body.data.first_open, count: 1, amount: 3500, probability: 0 })
      .timeout(ANSWER_MS);
    expect(made.status).toBe(200);
  });

  it('answers every row of a growing table, a batch at a time, exactly as its pages list them', async () => {
    // More pre-registrations than one batch (ALL_ROWS_BATCH), so the answer is written in several.
    await t.db.query(
      `INSERT INTO preregistration (slug, name, phone, status, created_at)
       SELECT 'batch' || g, 'Batch ' || g, '9690' || lpad(g::text, 6, '0'), 'pending', now() - make_interval(secs => g)
         FROM generate_series(1, $1::int) AS g`,
      [ALL_ROWS_BATCH + 50],
    );
    for (const table of ['preregistration', 'registration', 'test-ride', 'audit']) {
      const all = await t.http().get(`/api/v1/${table}`).set('Authorization', admin()).query({ start: 0, length: -1 }).timeout(ANSWER_MS);
      expect({ table, status: all.status }).toEqual({ table, status: 200 });
      if (table === 'preregistration') expect(all.body.recordsFiltered).toBeGreaterThan(ALL_ROWS_BATCH);
      const paged: unknown[] = [];
      for (let start = 0; start < all.body.recordsFiltered; start += 100) {
        const page = await t.http().get(`/api/v1/${table}`).set('Authorization', admin()).query({ start, length: 100 }).timeout(ANSWER_MS);
        paged.push(...page.body.data.map((r: { id: number }) => r.id));
      }
      expect({ table, ids: all.body.data.map((r: { id: number }) => r.id) }).toEqual({ table, ids: paged });
    }
    expect(await healthy()).toBe(200);
  });

  it("keeps a showroom's Nepali names and filters the scheme by day and branch", async () => {
    const [branch] = await t.db.query(`SELECT slug FROM branch ORDER BY id LIMIT 1`);
    const named = await t.http().post(`/api/v1/branch/${branch.slug}`).set('Authorization', admin()).send({ title_ne: 'परीक्षण शोरुम' }).timeout(ANSWER_MS);
    expect([named.status, named.body.data.title_ne]).toEqual([200, 'परीक्षण शोरुम']);
    const shown = (await t.http().get('/api/v1/branches')).body.data.data.find((b: { title_ne: string | null }) => b.title_ne === 'परीक्षण शोरुम');
    expect(shown.state_ne).toMatch(/^[\u0900-\u097F ]+$/);
    const day = openDay();
    const scheme = await t.http().get('/api/v1/allocation').set('Authorization', admin()).query({ from: day, to: day, branch: 'public', length: 100 }).timeout(ANSWER_MS);
    expect(scheme.status).toBe(200);
    expect(scheme.body.data.every((a: { branch_id: number | null }) => a.branch_id === null)).toBe(true);
    expect(await healthy()).toBe(200);
  });

  it('refuses to delete a branch with users and a bike model in use with the same 409 as on PostgreSQL', async () => {
    const [branch] = await t.db.query(`SELECT b.slug FROM branch b WHERE EXISTS (SELECT 1 FROM "user" u WHERE u.branch_id = b.id) LIMIT 1`);
    const refused = await t.http().delete(`/api/v1/branch/${branch.slug}`).set('Authorization', admin()).timeout(ANSWER_MS);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This branch has users or records and cannot be deleted.' });

    const [model] = await t.db.query(`SELECT m.slug FROM bike_model m WHERE EXISTS (SELECT 1 FROM preregistration p WHERE p.bike_model_id = m.id) LIMIT 1`);
    const inUse = await t.http().delete(`/api/v1/bike-model/${model.slug}`).set('Authorization', admin()).timeout(ANSWER_MS);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ message: 'This bike model is in use and cannot be deleted.' });
    expect(await healthy()).toBe(200);
  });
});
