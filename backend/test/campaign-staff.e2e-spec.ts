import ExcelJS from 'exceljs';
import { hashPassword } from '../src/common/auth/password';
import { allocate, bikeModelId, branchIds, CAMPAIGN_ENV, clearScheme, codeOf, staffPreregistrationBody, uniqueDigits, uniquePhone, wrongCode } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';
import { passResendWait } from './harness/nepal-day';

const PENDING = 'This citizenship/pan has pending purchase.';

/** Staff screens of pre-registrations: create, read, table, export, edit, delete, verify, resend, and branch scoping of each. */
describe('staff pre-registrations (/api/v1/preregistration)', () => {
  let t: TestApp;
  let A: number;
  let B: number;
  let model: number;
  const auth: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    await clearScheme(t.db);
    [A, B] = await branchIds(t.db);
    model = await bikeModelId(t.db);
    // A manager of the second branch (the demo has staff only there).
    await t.db.query(
      `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id, branch_id)
       VALUES ('manager-two-slug', 'Second', 'Manager', 'manager2@example.com', $1, (SELECT id FROM role WHERE title = 'Branch Manager'), $2)`,
      [await hashPassword('Manager@2082'), B],
    );
    for (const email of ['admin@example.com', 'office@example.com', 'manager@example.com', 'staff@example.com', 'staff2@example.com']) auth[email] = `Bearer ${await t.token(email)}`;
    auth['manager2@example.com'] = `Bearer ${await t.token('manager2@example.com', 'Manager@2082')}`;
  });
  afterAll(() => t.close());

  const as = (email: string) => ({
    get: (path: string) => t.http().get(`/api/v1${path}`).set('Authorization', auth[email]),
    post: (path: string, body: object = {}) => t.http().post(`/api/v1${path}`).set('Authorization', auth[email]).send(body),
    delete: (path: string) => t.http().delete(`/api/v1${path}`).set('Authorization', auth[email]),
  });
  const form = (over: Record<string, unknown> = {}) => staffPreregistrationBody(model, A, over);
  const create = async (email: string, over: Record<string, unknown> = {}) => {
    const res = await as(email).post('/preregistration', form(over));
    if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { slug: string; phone: string; id: number; citizenship_no: string };
  };

  it('lets branch staff create one tied to their branch, sending the code by SMS; head office cannot', async () => {
    const body = form({ phone: '9812345623', email: 'Sita@Example.com', roadie: 'Roadie One', shared: true, note: 'Walk-in' });
    const res = await as('staff@example.com').post('/preregistration', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pre-registration saved and the code sent by SMS.');
    expect(res.body.data).toMatchObject({
      name: 'Sita Sharma',
      phone: '9812345623',
      email: 'sita@example.com',
      branch_id: A,
      branch: { id: A },
      nearest_branch: { id: A },
      bike_model: { id: model, title: expect.any(String) },
      is_verified: false,
      purchased: false,
      prize: null,
      send_sms: true,
      registration: null,
      screenshot_url: null,
      status: 'pending',
    });
    // Branch staff do not hold send-sms: no code for them.
    expect(res.body.data).not.toHaveProperty('code');
    const code = await codeOf(t.db, res.body.data.slug);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = '9812345623' AND kind = 'otp' AND text LIKE '%' || $1 || '%'`, [code])).toEqual([{ n: 1 }]);
    // Staff with send-sms read the current code.
    const asAdmin = await as('admin@example.com').get(`/preregistration/${res.body.data.slug}`);
    expect(asAdmin.body.data.code).toBe(code);
    expect((await as('staff@example.com').get(`/preregistration/${res.body.data.slug}`)).body.data).not.toHaveProperty('code');

    for (const email of ['admin@example.com', 'office@example.com']) {
      const refused = await as(email).post('/preregistration', form());
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'Only branch users can create pre-registrations: head office can view, edit and verify them.' });
    }
  });

  it('saves without SMS when send_sms is off, and requires the staff form fields', async () => {
    const quiet = await as('staff@example.com').post('/preregistration', form({ send_sms: false }));
    expect(quiet.body.message).toBe('Pre-registration saved.');
    expect(await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1`, [quiet.body.data.phone])).toEqual([{ n: 0 }]);
    expect(await codeOf(t.db, quiet.body.data.slug)).toMatch(/^\d{6}$/);

    const missing = await as('staff@example.com').post('/preregistration', { name: 'Only Name' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      address: ['The address field is required.'],
      phone: ['The phone field is required.'],
      citizenship_no: ['The citizenship no field is required.'],
    });
  });

  it('answers a pending purchase on the citizenship number with the slug, only to staff who may open it', async () => {
    const first = await create('staff@example.com');
    const [row] = await t.db.query(`SELECT citizenship_no FROM preregistration WHERE slug = $1`, [first.slug]);
    const sameBranch = await as('manager@example.com').post('/preregistration', form({ citizenship_no: row.citizenship_no }));
    expect(sameBranch.status).toBe(422);
    expect(sameBranch.body.errors).toEqual({ citizenship_no: [PENDING, first.slug] });
    // Another branch's staff learn there is a pending purchase, not where.
    const otherBranch = await as('staff2@example.com').post('/preregistration', form({ citizenship_no: row.citizenship_no }));
    expect(otherBranch.body.errors).toEqual({ citizenship_no: [PENDING] });
    // Head office sees every branch: editing another record onto that number names it.
    const second = await create('staff2@example.com');
    const clash = await as('admin@example.com').post(`/preregistration/${second.slug}`, { citizenship_no: row.citizenship_no });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ citizenship_no: [PENDING, first.slug] });
  });

  it('keeps one pre-registration per customer for the campaign: a customer who bought is refused again, by phone and by citizenship number, with no second draw', async () => {
    // The counter's real path: pre-register, verify with the customer's code, convert.
    const first = await create('staff@example.com');
    const verified = await as('staff@example.com').post(`/preregistration/${first.slug}/verify`, { code: await codeOf(t.db, first.slug) });
    expect(verified.status).toBe(200);
    const bought = await as('staff@example.com').post('/registration', {
      preregistration_id: first.slug,
      bill_no: uniqueDigits(6),
      name: 'Sita Sharma',
      address: 'Kupondole Lalitpur',
      citizenship_no: first.citizenship_no,
      bike_model_id: model,
      payment_mode: 'CASH',
    });
    expect(bought.status).toBe(200);
    const draws = async () => (await t.db.query(`SELECT count(*)::int AS n FROM draw`))[0].n as number;
    const before = await draws();

    const PHONE_BOUGHT = 'This phone number has already made its purchase in this campaign: one pre-registration per customer.';
    const CITIZENSHIP_BOUGHT = 'This citizenship/pan has already made its purchase in this campaign: one pre-registration per customer.';
    // Staff who may open the earlier record get its slug (the form's View link) under each field.
    const again = await as('manager@example.com').post('/preregistration', form({ phone: first.phone, citizenship_no: first.citizenship_no }));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ phone: [PHONE_BOUGHT, first.slug], citizenship_no: [CITIZENSHIP_BOUGHT, first.slug] });
    // Another branch's staff get the message alone; the public form tells nothing (issue #32): the record is held without a draw.
    const elsewhere = await as('staff2@example.com').post('/preregistration', form({ citizenship_no: first.citizenship_no }));
    expect(elsewhere.body.errors).toEqual({ citizenship_no: [CITIZENSHIP_BOUGHT] });
    const publicForm = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', '10.9.9.9').send({
      name: 'Sita Sharma',
      phone: uniquePhone(),
      citizenship_no: first.citizenship_no,
      bike_model_id: model,
      source: 'NEWSPAPER',
      nearest_branch_id: A,
    });
    expect(publicForm.status).toBe(200);
    expect(await t.db.query(`SELECT held FROM preregistration WHERE slug = $1`, [publicForm.body.data.slug])).toEqual([{ held: true }]);
    // The branch trashes it (the scoping test below counts the public records).
    expect((await as('admin@example.com').delete(`/preregistration/${publicForm.body.data.slug}`)).status).toBe(200);
    // An open record cannot be moved onto the buyer's number either.
    const other = await create('staff@example.com');
    const moved = await as('admin@example.com').post(`/preregistration/${other.slug}`, { phone: first.phone });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ phone: [PHONE_BOUGHT, first.slug] });
    // A phone that is pre-registered but not bought yet: the same rule, its own words.
    const open = await as('manager@example.com').post('/preregistration', form({ phone: other.phone }));
    expect(open.body.errors).toEqual({ phone: ['This phone number is already pre-registered for this campaign: one pre-registration per customer.', other.slug] });

    expect(await draws()).toBe(before);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE (phone = $1 OR citizenship_no = $2) AND NOT held`, [first.phone, first.citizenship_no]))[0].n).toBe(1);
  });

  it('answers a race on one citizenship number with one record and the same 422 for the rest', async () => {
    const citizenship_no = uniqueDigits(11);
    const results = await Promise.all(Array.from({ length: 5 }, () => as('staff@example.com').post('/preregistration', form({ citizenship_no, send_sms: false }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const winner = results.find((r) => r.status === 200)!.body.data.slug;
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors).toEqual({ citizenship_no: [PENDING, winner] });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE citizenship_no = $1`, [citizenship_no]))[0].n).toBe(1);
  });

  it('scopes every call to the branch: another branch’s record is a 404 and tables hold only the own branch', async () => {
    const mine = await create('staff@example.com');
    const theirs = await create('staff2@example.com');
    const code = (await codeOf(t.db, mine.slug))!;
    for (const email of ['staff2@example.com', 'manager2@example.com']) {
      const u = as(email);
      expect((await u.get(`/preregistration/${mine.slug}`)).status).toBe(404);
      expect((await u.post(`/preregistration/${mine.slug}/verify`, { code })).status).toBe(404);
      expect((await u.post(`/preregistration/${mine.slug}/resend`)).status).toBe(404);
    }
    const m2 = as('manager2@example.com');
    expect((await m2.post(`/preregistration/${mine.slug}`, { name: 'Hijack' })).status).toBe(404);
    expect((await m2.delete(`/preregistration/${mine.slug}`)).status).toBe(404);
    expect((await m2.get(`/preregistration/${mine.slug}`)).body).toEqual({ message: 'Pre-registration not found.' });
    const [still] = await t.db.query(`SELECT name, deleted_at, is_verified FROM preregistration WHERE slug = $1`, [mine.slug]);
    expect(still).toEqual({ name: 'Sita Sharma', deleted_at: null, is_verified: false });

    // Tables (and the phone search) only ever hold the own branch; head office sees all, public ones too.
    const [pub] = await t.db.query(
      `INSERT INTO preregistration (slug, name, phone, bike_model_id, nearest_branch_id, source) VALUES ('public-one-slug1', 'Public Person', $1, $2, $3, 'OTHERS') RETURNING id`,
      [uniquePhone(), model, A],
    );
    const branchOf = async (email: string, query: Record<string, string> = {}) =>
      ((await as(email).get('/preregistration').query({ length: '-1', ...query })).body.data as Array<{ branch_id: number | null }>).map((r) => r.branch_id);
    // A public enquiry belongs to the showroom the visitor chose: its staff follow it up, others never see it.
    expect(new Set(await branchOf('staff@example.com'))).toEqual(new Set([A, null]));
    expect(new Set(await branchOf('staff2@example.com'))).toEqual(new Set([B]));
    expect((await as('staff@example.com').get('/preregistration/public-one-slug1')).body.data.name).toBe('Public Person');
    expect((await as('staff2@example.com').get('/preregistration/public-one-slug1')).status).toBe(404);
    expect((await as('manager2@example.com').post('/preregistration/public-one-slug1/resend')).status).toBe(404);
    expect(new Set(await branchOf('admin@example.com'))).toEqual(new Set([A, B, null]));
    expect(await branchOf('staff2@example.com', { phone: mine.phone })).toEqual([]);
    expect(await branchOf('admin@example.com', { phone: mine.phone })).toEqual([A]);
    // A branch filter cannot widen the scope.
    expect(await branchOf('staff2@example.com', { branch: String(A) })).toEqual([]);
    expect(await branchOf('admin@example.com', { branch: 'public' })).toEqual([null]);
    expect(pub.id).toBeGreaterThan(0);
    expect(theirs.slug).not.toBe(mine.slug);

    // The export too.
    const rows = await xlsxRows(as('staff2@example.com').get('/preregistration/download'));
    expect(rows[0]).toContain('Name');
    const branchCol = rows[0].indexOf('Branch');
    const branchTitle = (await t.db.query(`SELECT title FROM branch WHERE id = $1`, [B]))[0].title;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[branchCol] === branchTitle)).toBe(true);
    expect(rows.some((r) => r.includes(mine.phone))).toBe(false);
  });

  it('serves the table with its columns, search, filters and order', async () => {
    const a = await create('manager@example.com', { name: 'Zeta Table' });
    await t.db.query(`UPDATE preregistration SET is_verified = true, verified_at = now(), status = 'verified', prize = 50000, created_at = '2026-01-10T06:00:00Z' WHERE slug = $1`, [a.slug]);
    const res = await as('admin@example.com')
      .get('/preregistration')
      .query({ draw: 4, 'search[value]': 'zeta tab', 'columns[0][data]': 'created_at', 'order[0][column]': 0, 'order[0][dir]': 'desc' });
    expect(res.status).toBe(200);
    expect(res.body.input).toEqual({ draw: 4, start: 0, length: 10 });
    expect(res.body.recordsFiltered).toBe(1);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      slug: a.slug,
      name: 'Zeta Table',
      phone: a.phone,
      bike_model_id: model,
      bike_model: { id: model, title: expect.any(String) },
      branch_id: A,
      branch: { id: A, title: expect.any(String) },
      nearest_branch_id: A,
      nearest_branch: { id: A, title: expect.any(String) },
      source: 'NEWSPAPER',
      is_verified: true,
      purchased: false,
      prize: 50000,
      created_at: '2026-01-10T06:00:00.000Z',
    });
    const slugs = async (query: Record<string, string>) => ((await as('admin@example.com').get('/preregistration').query({ length: '-1', ...query })).body.data as Array<{ slug: string }>).map((r) => r.slug);
    expect(await slugs({ prize: '50000' })).toEqual([a.slug]);
    expect(await slugs({ from: '2026-01-10', to: '2026-01-10' })).toEqual([a.slug]);
    expect(await slugs({ from: '2026-01-10 12:00', to: '2026-01-10 12:30' })).toEqual([]);
    expect(await slugs({ phone: a.phone.slice(2, 8) })).toContain(a.slug);
    expect(await slugs({ bike_model: String(model) })).toContain(a.slug);
    const bad = await as('admin@example.com').get('/preregistration').query({ prize: 'lots', from: 'yesterday', bike_model: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['bike_model', 'from', 'prize']);
    const ordered = await as('admin@example.com').get('/preregistration').query({ length: '-1', 'columns[0][data]': 'bike_model.title', 'order[0][column]': 0, 'order[0][dir]': 'asc' });
    expect(ordered.status).toBe(200);
  });

  it('verifies by staff with the code the customer received, drawing from the branch’s allocation', async () => {
    const own = await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 1, amount: 20000, probability: 100 });
    const other = await allocate(t.db, { type: 'preregistration_branch', branchId: B, count: 1, amount: 20000, probability: 100 });
    const pub = await allocate(t.db, { type: 'preregistration_public', count: 1, amount: 20000, probability: 100 });
    const p = await create('staff@example.com');
    const code = (await codeOf(t.db, p.slug))!;
    const wrong = await as('staff@example.com').post(`/preregistration/${p.slug}/verify`, { code: wrongCode(code) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: ['The code is incorrect.'] });
    const empty = await as('staff@example.com').post(`/preregistration/${p.slug}/verify`, {});
    expect(empty.body.errors).toEqual({ code: ['The code is required.'] });
    const ok = await as('staff@example.com').post(`/preregistration/${p.slug}/verify`, { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Pre-registration verified.', data: { slug: p.slug, is_verified: true, prize: 20000, status: 'verified' } });
    expect(ok.body.data).not.toHaveProperty('code');
    const remaining = async (id: number) => (await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [id]))[0].remaining;
    expect([await remaining(own), await remaining(other), await remaining(pub)]).toEqual([0, 1, 1]);
    // The prize SMS went to the outbox.
    expect(await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'prize' AND text LIKE '%20,000%'`, [p.phone])).toEqual([{ n: 1 }]);
    // Staff resend is refused once verified, and the phone is fixed.
    expect((await as('staff@example.com').post(`/preregistration/${p.slug}/resend`)).status).toBe(422);
    const phone = await as('manager@example.com').post(`/preregistration/${p.slug}`, { phone: uniquePhone() });
    expect(phone.status).toBe(422);
    expect(phone.body.errors).toEqual({ phone: ['The phone cannot be changed once the pre-registration is verified.'] });
    await clearScheme(t.db);
  });

  it('updates the changed fields; a new phone before verification gets a new code', async () => {
    const p = await create('staff@example.com');
    const oldCode = await codeOf(t.db, p.slug);
    await t.db.query(`UPDATE sms_outbox SET created_at = created_at - interval '2 minutes' WHERE phone = $1`, [p.phone]);
    const newPhone = uniquePhone();
    const res = await as('manager@example.com').post(`/preregistration/${p.slug}`, { name: 'Gita  Sharma', phone: `+977-${newPhone}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Pre-registration updated successfully.', data: { name: 'Gita Sharma', phone: newPhone, address: 'Kupondole Lalitpur' } });
    const newCode = await codeOf(t.db, p.slug);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'otp' AND text LIKE '%' || $2 || '%'`, [newPhone, newCode])).toEqual([{ n: 1 }]);
    expect(newCode === oldCode || newCode !== null).toBe(true);
    const cleared = await as('manager@example.com').post(`/preregistration/${p.slug}`, { name: '' });
    expect(cleared.body.errors).toEqual({ name: ['The name field is required.'] });
    const move = await as('manager@example.com').post(`/preregistration/${p.slug}`, { branch_id: B });
    expect(move.body.errors).toEqual({ branch_id: ['The selected branch is invalid.'] });
    const moved = await as('admin@example.com').post(`/preregistration/${p.slug}`, { branch_id: B });
    expect(moved.body.data.branch).toMatchObject({ id: B });
    expect((await as('manager@example.com').get(`/preregistration/${p.slug}`)).status).toBe(404);
  });

  it('soft-deletes, and refuses to delete a purchased one', async () => {
    const p = await create('staff@example.com');
    const del = await as('manager@example.com').delete(`/preregistration/${p.slug}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Pre-registration deleted successfully.' });
    expect((await as('manager@example.com').get(`/preregistration/${p.slug}`)).status).toBe(404);
    expect((await t.http().get(`/api/v1/enquiry/${p.slug}`)).status).toBe(404);
    expect((await t.db.query(`SELECT deleted_at IS NOT NULL AS gone FROM preregistration WHERE slug = $1`, [p.slug]))[0].gone).toBe(true);
    // Its phone is free again (for a new code once the minute between codes has passed).
    expect((await as('staff@example.com').post('/preregistration', form({ phone: p.phone }))).status).toBe(429);
    await passResendWait(t.db, p.phone, 'otp');
    expect((await as('staff@example.com').post('/preregistration', form({ phone: p.phone }))).status).toBe(200);

    const bought = await create('staff@example.com');
    await t.db.query(`UPDATE preregistration SET is_verified = true, verified_at = now(), purchased = true, status = 'purchased' WHERE slug = $1`, [bought.slug]);
    const refused = await as('manager@example.com').delete(`/preregistration/${bought.slug}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This pre-registration has a purchase and cannot be deleted.' });
  });
});

/** Downloads an .xlsx and reads its first sheet as rows of cell texts. */
async function xlsxRows(req: import('supertest').Test): Promise<string[][]> {
  const res = await req.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toBe('attachment; filename="Preregistrations.xlsx"');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
