import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { makeUser } from '../factories/authz';
import { branchIds, uniqueDigits } from '../factories/campaign';
import { pngBuffer } from '../factories/images';
import { bodies, Finding, FuzzApp, fuzzRoute, fuzzWrite, GeneratedBody, hostileString, pathArb, PathInput, report, RunStats, startFuzzApp, pct } from './fuzz-kit';

jest.setTimeout(900_000);

/** Write routes of users, branches, bike models, videos, uploads and settings (head office and the super admin). */
describe('bad input: catalogue and user writes', () => {
  let app: FuzzApp;
  let admin: string;
  const stats: RunStats[] = [];
  const ADMIN = 'admin@example.com';
  const OFFICE = 'office@example.com';

  beforeAll(async () => {
    app = await startFuzzApp([ADMIN, OFFICE]);
    admin = `Bearer ${app.tokens[ADMIN]}`;
  });
  afterAll(async () => {
    report('bad input (catalogue, users)', stats);
    await app?.t.close();
  });

  const run = <T extends GeneratedBody>(route: string, arb: fc.Arbitrary<T>, call: (g: T) => import('supertest').Test, opts: Parameters<typeof fuzzRoute<T>>[4] = {}) =>
    fuzzWrite(app, stats, route, arb, call, opts);
  const expectNone = (findings: Finding[]) => expect(findings).toEqual([]);

  it('POST /api/v1/user', async () => {
    const role = (await app.t.db.query(`SELECT id FROM role WHERE title = 'Branch Staff'`))[0].id;
    const [a] = await branchIds(app.t.db);
    const base = { first_name: 'Fuzz', last_name: 'User', email: 'fuzz-user@example.com', phone: '9841000000', sex: 'MALE', address: 'Teku', password: 'Fuzz@20820', password_confirmation: 'Fuzz@20821', role_id: role, branch_id: a };
    expectNone(await run('POST /api/v1/user', bodies(base, { encodings: ['json', 'form'] }), () => app.t.http().post('/api/v1/user').set('Authorization', admin)));
  });

  it('POST /api/v1/user/:id', async () => {
    const [a] = await branchIds(app.t.db);
    const target = await makeUser(app.t.db, { role: 'Branch Staff', branchId: a });
    const base = { first_name: 'Fuzz', last_name: 'Renamed', phone: '9841000001', address: 'Teku', sex: 'FEMALE' };
    const formFields = ['email', 'password', 'password_confirmation', 'role_id', 'branch_id'];
    expectNone(await run('POST /api/v1/user/:id', bodies(base, { encodings: ['json', 'form'], formFields }), () => app.t.http().post(`/api/v1/user/${target.slug}`).set('Authorization', admin)));
  });

  it('DELETE /api/v1/user/:id', async () => {
        expectNone(await run('DELETE /api/v1/user/:id', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/user/${pct(g.id)}`).set('Authorization', admin)));
  });

  it('POST /api/v1/branch', async () => {
    const base = { title: `Fuzz Branch ${uniqueDigits(6)}`, state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City', location: 'Teku', email: 'fuzz@example.com', phone: '01-4251234', mobile: '9851012345', order: 50 };
    expectNone(await run('POST /api/v1/branch', bodies(base, { encodings: ['json', 'form', 'multipart'] }), () => app.t.http().post('/api/v1/branch').set('Authorization', admin)));
  });

  it('POST /api/v1/branch/:slug', async () => {
    const slug = randomBytes(12).toString('base64url');
    await app.t.db.query(`INSERT INTO branch (slug, title, state, district, city, location, "order") VALUES ($1, 'Fuzz Target', 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', '', 900)`, [slug]);
    const base = { title: 'Fuzz Target', state: 'Gandaki', district: 'Kaski', city: 'Pokhara Metropolitan City', location: 'Lakeside', email: 'target@example.com', phone: '061-531234', mobile: '9856012345', order: 901 };
    expectNone(await run('POST /api/v1/branch/:slug', bodies(base, { encodings: ['json', 'form', 'multipart'] }), () => app.t.http().post(`/api/v1/branch/${slug}`).set('Authorization', admin)));
  });

  it('DELETE /api/v1/branch/:slug', async () => {
        expectNone(await run('DELETE /api/v1/branch/:slug', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/branch/${pct(g.id)}`).set('Authorization', admin)));
  });

  it('POST /api/v1/bike-model', async () => {
    const base = { title: 'Fuzz Model', thumbnail_id: null };
    expectNone(await run('POST /api/v1/bike-model', bodies(base, { encodings: ['json', 'multipart'], formFields: ['thumbnail'] }), () => app.t.http().post('/api/v1/bike-model').set('Authorization', admin)));
  });

  it('POST /api/v1/bike-model/:slug', async () => {
    const slug = randomBytes(12).toString('base64url');
    await app.t.db.query(`INSERT INTO bike_model (slug, title) VALUES ($1, 'Fuzz Target Model')`, [slug]);
    const base = { title: 'Fuzz Target Model 2', thumbnail: null };
    expectNone(await run('POST /api/v1/bike-model/:slug', bodies(base, { encodings: ['json', 'multipart'], formFields: ['thumbnail_id'] }), () => app.t.http().post(`/api/v1/bike-model/${slug}`).set('Authorization', admin)));
  });

  it('DELETE /api/v1/bike-model/:slug', async () => {
        expectNone(await run('DELETE /api/v1/bike-model/:slug', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/bike-model/${pct(g.id)}`).set('Authorization', admin)));
  });

  it('POST /api/v1/video', async () => {
    const base = { title: 'Fuzz winner', url: 'https://example.com/v', amount: 50000, phone: '9841000002', citizenship_no: '123', registration_id: 1 };
    expectNone(await run('POST /api/v1/video', bodies(base, { encodings: ['json', 'multipart'], formFields: ['thumbnail', 'thumbnail_id'] }), () => app.t.http().post('/api/v1/video').set('Authorization', admin)));
  });

  it('POST /api/v1/video/:id', async () => {
    const [v] = await app.t.db.query(`INSERT INTO video (title, url, amount) VALUES ('Fuzz target', 'https://example.com/t', 50000) RETURNING id`);
    const base = { title: 'Fuzz target 2', amount: 1000000, url: 'https://example.com/u' };
    const formFields = ['phone', 'citizenship_no', 'registration_id', 'thumbnail', 'thumbnail_id'];
    expectNone(await run('POST /api/v1/video/:id', bodies(base, { encodings: ['json', 'multipart'], formFields }), () => app.t.http().post(`/api/v1/video/${v.id}`).set('Authorization', admin)));
  });

  it('DELETE /api/v1/video/:id', async () => {
        expectNone(await run('DELETE /api/v1/video/:id', pathArb, (g: PathInput) => app.t.http().delete(`/api/v1/video/${pct(g.id)}`).set('Authorization', admin)));
  });

  it('POST /api/v1/upload', async () => {
    const png = await pngBuffer(8, 8);
    const arb = fc.tuple(
      fc.dictionary(fc.oneof(fc.constant('type'), fc.constantFrom('isAdmin', 'branch_id'), fc.string({ maxLength: 6 })), hostileString, { maxKeys: 3 }),
      fc.array(fc.tuple(fc.constantFrom('files[]', 'files', 'avatar'), fc.oneof(fc.constant(png), fc.uint8Array({ maxLength: 2000 }).map((u) => Buffer.from(u))), hostileString), { maxLength: 3 }),
    );
    const { findings, stats: s } = await fuzzRoute(
      app,
      'POST /api/v1/upload',
      arb,
      ([fields, files]) => {
        const req = app.t.http().post('/api/v1/upload').set('Authorization', admin).set('X-Forwarded-For', '10.9.9.9');
        for (const [k, v] of Object.entries(fields)) req.field(k, v);
        for (const [field, bytes, name] of files) req.attach(field, bytes, { filename: name.slice(0, 200) || 'f', contentType: 'image/png' });
        return req;
      },
      { tampered: ([fields]) => Object.keys(fields).filter((k) => ['isAdmin', 'branch_id'].includes(k)) },
    );
    stats.push(s);
    expectNone(findings);
  });

  it('PATCH /api/v1/setting', async () => {
    const base = {
      campaign_name: 'Fuzz Campaign',
      brand_name: 'Fuzz',
      support_phones: ['9801234567'],
      social_links: [{ label: 'Facebook', url: 'https://facebook.com/x' }],
      roadies: ['A', 'B', 'C', 'D', 'E'],
      base_prize_preregistration: 3000,
      sms_template_otp: 'Code {code}',
      scheme: '<p>scheme</p>',
      video: 'https://example.com/v',
    };
    const formFields = ['logo', 'logo_id', 'notice', 'notice_id', 'terms', 'policy', 'official_website', 'base_prize_registration', 'sms_template_prize', 'sms_template_coupon'];
    expectNone(await run('PATCH /api/v1/setting', bodies(base, { encodings: ['json', 'multipart'], formFields }), () => app.t.http().patch('/api/v1/setting').set('Authorization', admin)));
  });
});
