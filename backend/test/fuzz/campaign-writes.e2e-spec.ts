import fc from 'fast-check';
import { allocate, bikeModelId, branchIds, pendingPreregistration, today, uniqueDigits, uniquePhone } from '../factories/campaign';
import { makePreregistration } from '../factories/purchase';
import { bodies, Finding, FuzzApp, fuzzRoute, fuzzWrite, GeneratedBody, pathArb, PathInput, report, RunStats, startFuzzApp, pct } from './fuzz-kit';

jest.setTimeout(900_000);

const STAFF = 'staff@example.com';
const MANAGER = 'manager@example.com';
const ADMIN = 'admin@example.com';
const OFFICE = 'office@example.com';

/** The campaign's writes: the public enquiry and its code, staff pre-registrations, the prize scheme, sign-in. */
describe('bad input: campaign writes (enquiry, pre-registrations, allocations, auth)', () => {
  let app: FuzzApp;
  const stats: RunStats[] = [];
  const as = (email: string) => `Bearer ${app.tokens[email]}`;
  let branchA: number;
  let branchB: number;

  beforeAll(async () => {
    app = await startFuzzApp([STAFF, MANAGER, ADMIN, OFFICE]);
    [branchA, branchB] = await branchIds(app.t.db);
  });
  afterAll(async () => {
    report('bad input (campaign, auth)', stats);
    await app?.t.close();
  });

  const run = <T extends GeneratedBody>(route: string, arb: fc.Arbitrary<T>, call: (g: T) => import('supertest').Test, opts: Parameters<typeof fuzzRoute<T>>[4] = {}) =>
    fuzzWrite(app, stats, route, arb, call, opts);
  const expectNone = (findings: Finding[]) => expect(findings).toEqual([]);
  const CODE_TABLES = ['preregistration', 'draw', 'sms_outbox', 'registration', 'allocation'];

  it('POST /api/v1/enquiry', async () => {
    const base = {
      name: 'Fuzz Visitor',
      phone: uniquePhone(),
      bike_model_id: await bikeModelId(app.t.db),
      source: 'SOCIAL MEDIA',
      nearest_branch_id: branchA,
      citizenship_no: uniqueDigits(11),
      address: 'Teku',
      email: 'visitor@example.com',
      shared: true,
      utm_source: 'facebook',
    };
    const formFields = ['roadie', 'g-recaptcha-response'];
    expectNone(await run('POST /api/v1/enquiry', bodies(base, { encodings: ['json', 'multipart', 'form'], formFields }), () => app.t.http().post('/api/v1/enquiry')));
  });

  it('POST /api/v1/enquiry/:slug/verify', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: null });
    expectNone(
      await run('POST /api/v1/enquiry/:slug/verify', bodies({ code: p.code }, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/enquiry/${p.slug}/verify`), {
        refusalMayChange: true,
        countTables: CODE_TABLES,
      }),
    );
  });

  it('POST /api/v1/enquiry/:slug/resend', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: null });
    expectNone(await run('POST /api/v1/enquiry/:slug/resend', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/enquiry/${p.slug}/resend`)));
  });

  it('POST /api/v1/enquiry/return', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: null });
    expectNone(await run('POST /api/v1/enquiry/return', bodies({ phone: p.phone }, { encodings: ['json', 'form'], formFields: ['g-recaptcha-response'] }), () => app.t.http().post('/api/v1/enquiry/return')));
  });

  it('POST /api/v1/enquiry/return/verify', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: null });
    expectNone(
      await run('POST /api/v1/enquiry/return/verify', bodies({ phone: p.phone, code: p.code }, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/enquiry/return/verify'), {
        refusalMayChange: true,
        countTables: CODE_TABLES,
      }),
    );
  });

  it('POST /api/v1/preregistration/:slug/erase (Super Admin)', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: branchA });
    expectNone(await run('POST /api/v1/preregistration/:slug/erase', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/preregistration/${p.slug}/erase`).set('Authorization', as(ADMIN))));
  });

  it('POST /api/v1/auth/logout', async () => {
    // A token of its own: the first accepted sign-out revokes it, and every later one is a 401.
    const token = await app.t.token(OFFICE);
    expectNone(await run('POST /api/v1/auth/logout', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`)));
  });

  it('POST /api/v1/preregistration (branch staff)', async () => {
    const base = {
      name: 'Fuzz Customer',
      address: 'Teku Kathmandu',
      phone: uniquePhone(),
      citizenship_no: uniqueDigits(11),
      email: 'c@example.com',
      bike_model_id: await bikeModelId(app.t.db),
      source: 'NEWSPAPER',
      nearest_branch_id: branchA,
      shared: false,
      note: 'fuzz',
      send_sms: false,
    };
    expectNone(
      await run('POST /api/v1/preregistration', bodies(base, { encodings: ['json', 'multipart'], formFields: ['roadie'] }), () => app.t.http().post('/api/v1/preregistration').set('Authorization', as(STAFF)), {
        onSuccess: async (_g, res) => {
          const [row] = await app.t.db.query(`SELECT branch_id, prize, is_verified, purchased FROM preregistration WHERE slug = $1`, [res.body.data.slug]);
          return row.branch_id === branchA && row.prize === null && !row.is_verified && !row.purchased ? [] : [`stored ${JSON.stringify(row)}`];
        },
      }),
    );
  });

  it('POST /api/v1/preregistration/:slug (branch manager: branch_id is not theirs to change)', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: branchA });
    const base = { name: 'Fuzz Renamed', address: 'Lalitpur', note: 'changed', email: 'r@example.com', shared: true, branch_id: branchB };
    const formFields = ['phone', 'citizenship_no', 'bike_model_id', 'source', 'roadie', 'nearest_branch_id', 'send_sms'];
    expectNone(
      await run('POST /api/v1/preregistration/:slug', bodies(base, { encodings: ['json', 'multipart'], formFields }), () => app.t.http().post(`/api/v1/preregistration/${p.slug}`).set('Authorization', as(MANAGER)), {
        onSuccess: async () => {
          const [row] = await app.t.db.query(`SELECT branch_id, prize, is_verified FROM preregistration WHERE slug = $1`, [p.slug]);
          return row.branch_id === branchA && row.prize === null && !row.is_verified ? [] : [`record now ${JSON.stringify(row)}`];
        },
      }),
    );
  });

  it('POST /api/v1/preregistration/:slug (head office)', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: branchA });
    const base = { name: 'Fuzz Office', branch_id: branchB, phone: uniquePhone(), citizenship_no: uniqueDigits(11), bike_model_id: await bikeModelId(app.t.db), nearest_branch_id: branchB, source: 'RADIO', send_sms: false };
    expectNone(await run('POST /api/v1/preregistration/:slug (office)', bodies(base, { encodings: ['json', 'multipart'] }), () => app.t.http().post(`/api/v1/preregistration/${p.slug}`).set('Authorization', as(OFFICE))));
  });

  it('DELETE /api/v1/preregistration/:slug', async () => {
    expectNone(await run('DELETE /api/v1/preregistration/:slug', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/preregistration/${pct(g.id)}`).set('Authorization', as(MANAGER))));
  });

  it('POST /api/v1/preregistration/:slug/verify', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: branchA });
    expectNone(
      await run('POST /api/v1/preregistration/:slug/verify', bodies({ code: p.code }, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/preregistration/${p.slug}/verify`).set('Authorization', as(STAFF)), {
        refusalMayChange: true,
        countTables: CODE_TABLES,
      }),
    );
  });

  it('POST /api/v1/preregistration/:slug/resend', async () => {
    const p = await pendingPreregistration(app.t.db, { branchId: branchA });
    expectNone(await run('POST /api/v1/preregistration/:slug/resend', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post(`/api/v1/preregistration/${p.slug}/resend`).set('Authorization', as(STAFF))));
  });

  it('POST /api/v1/allocation', async () => {
    const base = { type: 'preregistration_branch', branch_id: branchA, date: today(), count: 2, amount: 3500, probability: 12.5 };
    expectNone(
      await run('POST /api/v1/allocation', bodies(base, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/allocation').set('Authorization', as(ADMIN)), {
        onSuccess: async (_g, res) => {
          const [row] = await app.t.db.query(`SELECT count, remaining FROM allocation WHERE id = $1`, [res.body.data.id]);
          return row.count === row.remaining ? [] : [`stored remaining ${row.remaining} of ${row.count}`];
        },
      }),
    );
  });

  it('DELETE /api/v1/allocation/:id', async () => {
    await allocate(app.t.db, { type: 'preregistration_public', count: 1, amount: 3500, probability: 0 });
    expectNone(await run('DELETE /api/v1/allocation/:id', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/allocation/${pct(g.id)}`).set('Authorization', as(ADMIN))));
  });

  it('POST /api/v1/auth/login', async () => {
    // A wrong password for a real account: the per-address limit and the failure counter keep argon2 rare.
    const base = { email: 'office@example.com', password: 'not-the-password', remember_me: true };
    expectNone(await run('POST /api/v1/auth/login', bodies(base, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/auth/login')));
  });

  it('POST /api/v1/auth/me', async () => {
    expectNone(await run('POST /api/v1/auth/me', bodies({}, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/auth/me').set('Authorization', as(OFFICE))));
  });

  it('POST /api/v1/auth/password', async () => {
    // The confirmation differs: refused before argon2 runs (a valid change would sign the caller out).
    const base = { current_password: 'Office@2082', password: 'Fuzz@20830', password_confirmation: 'Fuzz@20831' };
    expectNone(await run('POST /api/v1/auth/password', bodies(base, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/auth/password').set('Authorization', as(OFFICE))));
  });

  it('POST /api/v1/registration (branch staff)', async () => {
    const pre = await makePreregistration(app.t.db, { branchId: branchA });
    const base = {
      preregistration_id: pre.slug,
      bill_no: uniqueDigits(8),
      name: pre.name,
      address: 'Teku, Kathmandu',
      citizenship_no: uniqueDigits(10),
      bike_model_id: await bikeModelId(app.t.db),
      payment_mode: 'CASH',
      send_sms: false,
      engine_no: uniqueDigits(9),
      chasis_no: uniqueDigits(9),
    };
    const formFields = ['pan', 'email', 'phone', 'roadie', 'shared', 'registration_no', 'note', 'registration_id'];
    expectNone(
      await run('POST /api/v1/registration', bodies(base, { encodings: ['json', 'multipart', 'form'], formFields }), () => app.t.http().post('/api/v1/registration').set('Authorization', as(STAFF)), {
        onSuccess: async (_g, res) => {
          const [row] = await app.t.db.query(`SELECT branch_id, coupon_verified_at FROM registration WHERE slug = $1`, [res.body.data.slug]);
          return row.branch_id === branchA && row.coupon_verified_at === null ? [] : [`stored ${JSON.stringify(row)}`];
        },
      }),
    );
  });
});
