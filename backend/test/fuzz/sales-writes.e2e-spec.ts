import fc from 'fast-check';
import { bikeModelId, branchIds, uniqueDigits, uniquePhone } from '../factories/campaign';
import { makePreregistration } from '../factories/purchase';
import { bodies, Finding, FuzzApp, fuzzRoute, fuzzWrite, GeneratedBody, pathArb, PathInput, report, RunStats, startFuzzApp, pct } from './fuzz-kit';

jest.setTimeout(900_000);

const STAFF = 'staff@example.com';
const MANAGER = 'manager@example.com';
const ADMIN = 'admin@example.com';

/** Purchases and their coupon, referrers, test rides, bulk SMS. */
describe('bad input: sales, test rides, referrers, bulk SMS', () => {
  let app: FuzzApp;
  const stats: RunStats[] = [];
  const as = (email: string) => `Bearer ${app.tokens[email]}`;
  let branchA: number;
  let model: number;

  beforeAll(async () => {
    app = await startFuzzApp([STAFF, MANAGER, ADMIN]);
    [branchA] = await branchIds(app.t.db);
    model = await bikeModelId(app.t.db);
  });
  afterAll(async () => {
    report('bad input (sales, test rides, SMS)', stats);
    await app?.t.close();
  });

  const run = <T extends GeneratedBody>(route: string, arb: fc.Arbitrary<T>, call: (g: T) => import('supertest').Test, opts: Parameters<typeof fuzzRoute<T>>[4] = {}) =>
    fuzzWrite(app, stats, route, arb, call, opts);
  const expectNone = (findings: Finding[]) => expect(findings).toEqual([]);

  /** A purchase of branch A made through the API (no coupon SMS yet). */
  async function purchase(): Promise<{ slug: string; code: string }> {
    const pre = await makePreregistration(app.t.db, { branchId: branchA });
    const res = await app.t
      .http()
      .post('/api/v1/registration')
      .set('Authorization', as(STAFF))
      .send({ preregistration_id: pre.slug, bill_no: uniqueDigits(8), name: pre.name, address: 'Teku, Kathmandu', citizenship_no: uniqueDigits(10), bike_model_id: model, payment_mode: 'CASH', send_sms: false });
    if (res.status !== 200) throw new Error(`purchase: ${res.status} ${JSON.stringify(res.body)}`);
    const [row] = await app.t.db.query(`SELECT coupon_code FROM registration WHERE slug = $1`, [res.body.data.slug]);
    return { slug: res.body.data.slug, code: row.coupon_code };
  }

  it('POST /api/v1/registration/search', async () => {
    expectNone(
      await run('POST /api/v1/registration/search', bodies({ q: 'Customer' }, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/registration/search').set('Authorization', as(STAFF)), {
        onSuccess: async (_g, res) => {
          const ids = (res.body.data as Array<{ id: number }>).map((r) => r.id);
          const foreign = await app.t.db.query(`SELECT id FROM registration WHERE id = ANY($1) AND branch_id <> $2`, [ids, branchA]);
          return foreign.length ? [`${foreign.length} rows of another branch`] : [];
        },
      }),
    );
  });

  it('POST /api/v1/registration/:slug (branch manager)', async () => {
    const r = await purchase();
    const base = { name: 'Fuzz Buyer', address: 'Lalitpur', payment_mode: 'FINANCE', note: 'fuzz', bill_no: uniqueDigits(8), shared: true, engine_no: uniqueDigits(9) };
    const formFields = ['citizenship_no', 'pan', 'email', 'phone', 'roadie', 'bike_model_id', 'chasis_no', 'registration_no', 'registration_id', 'send_sms'];
    expectNone(
      await run('POST /api/v1/registration/:slug', bodies(base, { encodings: ['json', 'multipart', 'form'], formFields }), () => app.t.http().post(`/api/v1/registration/${r.slug}`).set('Authorization', as(MANAGER)), {
        onSuccess: async () => {
          const [row] = await app.t.db.query(`SELECT branch_id, coupon_amount, coupon_verified_at FROM registration WHERE slug = $1`, [r.slug]);
          return row.branch_id === branchA && row.coupon_verified_at === null ? [] : [`record now ${JSON.stringify(row)}`];
        },
      }),
    );
  });

  it('DELETE /api/v1/registration/:slug', async () => {
    expectNone(await run('DELETE /api/v1/registration/:slug', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/registration/${pct(g.id)}`).set('Authorization', as(MANAGER))));
  });

  it('POST /api/v1/registration/:slug/restore', async () => {
    const r = await purchase();
    await app.t.db.query(`UPDATE registration SET deleted_at = now() WHERE slug = $1`, [r.slug]);
    expectNone(await run('POST /api/v1/registration/:slug/restore', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/registration/${r.slug}/restore`).set('Authorization', as(MANAGER))));
  });

  it('POST /api/v1/registration/:slug/verify', async () => {
    const r = await purchase();
    expectNone(
      await run('POST /api/v1/registration/:slug/verify', bodies({ code: r.code }, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/registration/${r.slug}/verify`).set('Authorization', as(STAFF)), {
        refusalMayChange: true,
        countTables: ['registration', 'draw', 'sms_outbox'],
      }),
    );
  });

  it('POST /api/v1/registration/:slug/reset', async () => {
    const r = await purchase();
    expectNone(await run('POST /api/v1/registration/:slug/reset', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/registration/${r.slug}/reset`).set('Authorization', as(STAFF))));
  });

  it('POST /api/v1/registration/:slug/notify', async () => {
    const r = await purchase();
    expectNone(await run('POST /api/v1/registration/:slug/notify', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/registration/${r.slug}/notify`).set('Authorization', as(STAFF))));
  });

  it('POST /api/v1/referrer', async () => {
    expectNone(await run('POST /api/v1/referrer', bodies({ title: 'Fuzz source', utm_source: 'fuzz-added' }, { encodings: ['json', 'multipart', 'form'] }), () => app.t.http().post('/api/v1/referrer').set('Authorization', as(ADMIN))));
  });

  it('POST /api/v1/referrer/:id', async () => {
    const [ref] = await app.t.db.query(`INSERT INTO referrer (title, utm_source) VALUES ('fuzz', 'fuzz-source') RETURNING id`);
    expectNone(await run('POST /api/v1/referrer/:id', bodies({ title: 'Fuzz referrer' }, { encodings: ['json', 'multipart', 'form'] }), () => app.t.http().post(`/api/v1/referrer/${ref.id}`).set('Authorization', as(MANAGER))));
  });

  it('POST /api/v1/test-ride', async () => {
    const base = { name: 'Fuzz Rider', email: 'rider@example.com', phone: uniquePhone(), state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City', branch_id: branchA, bike_model_id: model, type: 'TESTRIDE', utm_source: 'tiktok' };
    expectNone(await run('POST /api/v1/test-ride', bodies(base, { encodings: ['json', 'multipart', 'form'], formFields: ['g-recaptcha-response'] }), () => app.t.http().post('/api/v1/test-ride')));
  });

  it('DELETE /api/v1/test-ride/:slug', async () => {
    expectNone(await run('DELETE /api/v1/test-ride/:slug', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/test-ride/${pct(g.id)}`).set('Authorization', as(STAFF))));
  });

  it('POST /api/v1/sms', async () => {
    const base = { type: 'MOBILE', mobiles: '9841234567, 9801234567', text: 'Fuzz offer', branches: [branchA], registrants: [1] };
    expectNone(await run('POST /api/v1/sms', bodies(base, { encodings: ['json', 'multipart', 'form'] }), () => app.t.http().post('/api/v1/sms').set('Authorization', as(ADMIN))));
  });

  it('POST /api/v1/sms/recipients', async () => {
    const base = { type: 'MOBILE', mobiles: '9841234567, 9801234567', text: 'Fuzz offer', branches: [branchA], registrants: [1] };
    expectNone(await run('POST /api/v1/sms/recipients', bodies(base, { encodings: ['json', 'multipart', 'form'] }), () => app.t.http().post('/api/v1/sms/recipients').set('Authorization', as(ADMIN))));
  });

  it('POST /api/v1/sms/preview', async () => {
    expectNone(await run('POST /api/v1/sms/preview', bodies({ text: 'नमस्ते offer' }, { encodings: ['json', 'multipart'] }), () => app.t.http().post('/api/v1/sms/preview').set('Authorization', as(ADMIN))));
  });
});
