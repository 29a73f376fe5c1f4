import { bikeModelId, branchIds, makePreregistration, PreregistrationRow, registrationBody } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

/** Converting a pre-registration into a purchase: POST /api/v1/registration and the record's life after. */
describe('registrations (/api/v1/registration)', () => {
  let t: TestApp;
  let staff: string; // Branch Staff of branch A (the first)
  let staff2: string; // Branch Staff of branch B (the second)
  let admin: string;
  let manager: string; // Branch Manager of branch A (update/delete)
  let A: number;
  let B: number;
  let model: number;

  beforeAll(async () => {
    t = await startTestApp();
    [A, B] = await branchIds(t.db);
    model = await bikeModelId(t.db);
    staff = `Bearer ${await t.token('staff@example.com')}`;
    staff2 = `Bearer ${await t.token('staff2@example.com')}`;
    admin = `Bearer ${await t.token('admin@example.com')}`;
    manager = `Bearer ${await t.token('manager@example.com')}`;
  });
  afterAll(() => t.close());

  const create = (auth: string, body: Record<string, unknown>) =>
    t.http().post('/api/v1/registration').set('Authorization', auth).send(body);
  const pre = (opts: Parameters<typeof makePreregistration>[1] = { branchId: A }) => makePreregistration(t.db, opts);
  const count = async (sql: string, params: unknown[] = []) => (await t.db.query(sql, params))[0].n as number;

  async function purchase(auth = staff, p?: PreregistrationRow, over: Record<string, unknown> = {}) {
    const record = p ?? (await pre());
    const res = await create(auth, registrationBody(record, model, over));
    expect(res.status).toBe(200);
    return { pre: record, data: res.body.data };
  }

  it('converts a verified pre-registration: prefixed bill, purchase draw, coupon code and its SMS, in one go', async () => {
    const p = await pre({ branchId: A, prize: 5000 });
    const res = await create(
      staff,
      registrationBody(p, model, { bill_no: '1001', engine_no: 'eng-1001/x', chasis_no: ' ch.1001_a ', email: 'ram@example.com' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Registration created successfully.');
    const d = res.body.data;
    expect(d.slug).toMatch(/^[\w-]{16}$/);
    expect(d).toMatchObject({
      bill_no: `B${A}-1001`,
      name: p.name,
      phone: p.phone,
      engine_no: 'ENG-1001X',
      chasis_no: 'CH.1001_A',
      payment_mode: 'CASH',
      note: '',
      send_sms: true,
      branch: { id: A },
      bike_model: { id: model },
      preregistration: { slug: p.slug, prize: 5000, shared: false, screenshot_url: null },
      coupon: { amount: 1500 },
      total_prize: 6500,
      referring_registration: null,
    });
    expect(d).not.toHaveProperty('coupon_code');

    const [row] = await t.db.query(`SELECT id, coupon_amount, coupon_code, created_by FROM registration WHERE slug = $1`, [d.slug]);
    expect(row.coupon_amount).toBe(1500);
    expect(row.coupon_code).toMatch(/^\d{6}$/);
    expect((await t.db.query(`SELECT purchased, status FROM preregistration WHERE id = $1`, [p.id]))[0]).toEqual({
      purchased: true,
      status: 'purchased',
    });
    // The pre-registration's detail now leads to the purchase ('View Registration').
    const preDetail = await t.http().get(`/api/v1/preregistration/${p.slug}`).set('Authorization', staff);
    expect(preDetail.body.data.registration).toEqual({ slug: d.slug });
    const draws = await t.db.query(`SELECT amount, allocation_id FROM draw WHERE kind = 'registration' AND record_id = $1`, [row.id]);
    expect(draws).toEqual([{ amount: 1500, allocation_id: null }]);
    const sms = await t.db.query(`SELECT text, kind, status FROM sms_outbox WHERE phone = $1 AND kind = 'coupon'`, [p.phone]);
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain(row.coupon_code);
    expect(sms[0].text).toContain('1,500');

    // Staff who may send SMS (and so read codes) see the code; others never do.
    const asAdmin = await t.http().get(`/api/v1/registration/${d.slug}`).set('Authorization', admin);
    expect(asAdmin.body.data.coupon_code).toBe(row.coupon_code);
    const asStaff = await t.http().get(`/api/v1/registration/${d.slug}`).set('Authorization', staff);
    expect(asStaff.body.data).not.toHaveProperty('coupon_code');
    expect(asStaff.body.data.total_prize).toBe(6500);
  });

  it('accepts the pre-registration by id, and a public enquiry whose nearest showroom is the branch', async () => {
    const byId = await pre();
    const res = await create(staff, registrationBody(byId, model, { preregistration_id: byId.id }));
    expect(res.status).toBe(200);
    const pub = await pre({ branchId: null, nearestBranchId: A });
    const res2 = await create(staff, registrationBody(pub, model));
    expect(res2.status).toBe(200);
    expect(res2.body.data.branch.id).toBe(A);
  });

  it('refuses an unverified (422), a purchased (422), a deleted (404) and another branch’s pre-registration (404)', async () => {
    const unverified = await pre({ branchId: A, verified: false });
    const r1 = await create(staff, registrationBody(unverified, model));
    expect(r1.status).toBe(422);
    expect(r1.body.errors.preregistration_id).toEqual(['This pre-registration is not verified yet.']);

    const bought = await pre({ branchId: A, purchased: true });
    const r2 = await create(staff, registrationBody(bought, model));
    expect(r2.status).toBe(422);
    expect(r2.body.errors.preregistration_id).toEqual(['This pre-registration has already been purchased.']);

    const deleted = await pre({ branchId: A, deleted: true });
    expect((await create(staff, registrationBody(deleted, model))).status).toBe(404);

    const other = await pre({ branchId: B });
    const r4 = await create(staff, registrationBody(other, model));
    expect(r4.status).toBe(404);
    expect(r4.body).toEqual({ message: 'Pre-registration not found.' });
    const publicElsewhere = await pre({ branchId: null, nearestBranchId: B });
    expect((await create(staff, registrationBody(publicElsewhere, model))).status).toBe(404);
    expect(
      await count(`SELECT count(*)::int AS n FROM preregistration WHERE id = ANY($1) AND purchased`, [
        [unverified.id, other.id, publicElsewhere.id],
      ]),
    ).toBe(0);
  });

  it('answers 403 with a clear message to head office', async () => {
    const p = await pre();
    const res = await create(admin, registrationBody(p, model));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only branch users can create a registration: sign in with a branch account.');
  });

  it('names every missing required field, and refuses unknown fields', async () => {
    const res = await create(staff, { preregistration_id: (await pre()).slug });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['address', 'bike_model_id', 'bill_no', 'citizenship_no', 'name', 'payment_mode']);
    expect(res.body.errors.bill_no[0]).toBe('The bill no field is required.');
    const p = await pre();
    const bad = await create(staff, registrationBody(p, model, { payment_mode: 'CHEQUE', branch_id: B, coupon_amount: 900000 }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.payment_mode).toEqual(['The selected payment mode is invalid.']);
    expect(bad.body.errors.branch_id).toEqual(['The branch_id field is not allowed.']);
    expect(bad.body.errors.coupon_amount).toEqual(['The coupon_amount field is not allowed.']);
    const noModel = await create(staff, registrationBody(p, 999999));
    expect(noModel.body.errors.bike_model_id).toEqual(['The selected bike model is invalid.']);
    expect(await count(`SELECT count(*)::int AS n FROM registration WHERE preregistration_id = $1`, [p.id])).toBe(0);
  });

  it('takes the phone from the pre-registration: the same number is accepted, another is a 422', async () => {
    const p = await pre();
    const other = await create(staff, registrationBody(p, model, { phone: '9811111111' }));
    expect(other.status).toBe(422);
    expect(other.body.errors.phone).toEqual(["The phone number cannot be changed: it is the pre-registration's phone."]);
    const same = await create(staff, registrationBody(p, model, { phone: `+977-${p.phone}` }));
    expect(same.status).toBe(200);
    expect(same.body.data.phone).toBe(p.phone);
  });

  it('refuses a taken bill number (even a deleted registration’s) under bill_no', async () => {
    const first = await purchase(staff, undefined, { bill_no: 'DUP-1' });
    const again = await create(staff, registrationBody(await pre(), model, { bill_no: 'DUP-1' }));
    expect(again.status).toBe(422);
    expect(again.body.errors.bill_no).toEqual(['The bill no has already been taken.']);
    // Typed with the prefix already: not prefixed twice, still the same number.
    const prefixed = await create(staff, registrationBody(await pre(), model, { bill_no: `B${A}-DUP-1` }));
    expect(prefixed.body.errors.bill_no).toEqual(['The bill no has already been taken.']);
    // Another branch's bill 'DUP-1' is B{B}-DUP-1: free.
    const elsewhere = await create(staff2, registrationBody(await pre({ branchId: B }), model, { bill_no: 'DUP-1' }));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.bill_no).toBe(`B${B}-DUP-1`);
    // A deleted registration keeps its number.
    expect((await t.http().delete(`/api/v1/registration/${first.data.slug}`).set('Authorization', manager)).status).toBe(200);
    const afterDelete = await create(staff, registrationBody(await pre(), model, { bill_no: 'DUP-1' }));
    expect(afterDelete.body.errors.bill_no).toEqual(['The bill no has already been taken.']);
  });

  it('refuses taken engine and chassis numbers under their fields, whatever their case', async () => {
    await purchase(staff, undefined, { engine_no: 'ENG-77', chasis_no: 'CHS-77' });
    const res = await create(staff2, registrationBody(await pre({ branchId: B }), model, { engine_no: 'eng-77', chasis_no: 'chs-77' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      engine_no: ['The engine no has already been taken.'],
      chasis_no: ['The chasis no has already been taken.'],
    });
  });

  it('creates one registration and draws once when the same form is sent twice at once', async () => {
    const p = await pre();
    const body = registrationBody(p, model);
    const results = await Promise.all([create(staff, body), create(staff, body), create(staff, body)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) {
      expect(r.body.errors.preregistration_id ?? r.body.errors.bill_no).toBeDefined();
    }
    expect(await count(`SELECT count(*)::int AS n FROM registration WHERE preregistration_id = $1`, [p.id])).toBe(1);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM draw d JOIN registration r ON r.id = d.record_id AND d.kind = 'registration' WHERE r.preregistration_id = $1`,
        [p.id],
      ),
    ).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'coupon'`, [p.phone])).toBe(1);
  });

  it('links a referring registration found by search, within the branch', async () => {
    const friend = await purchase(staff, await pre({ branchId: A, name: 'Referring Friend Ram' }));
    const found = await t.http().post('/api/v1/registration/search').set('Authorization', staff).send({ q: 'referring friend' });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      {
        id: expect.any(Number),
        slug: friend.data.slug,
        name: 'Referring Friend Ram',
        phone: friend.pre.phone,
        bill_no: friend.data.bill_no,
      },
    ]);
    // Staff of another branch neither find it nor can link it.
    const other = await t.http().post('/api/v1/registration/search').set('Authorization', staff2).send({ q: 'referring friend' });
    expect(other.body.data).toEqual([]);
    const foreign = await create(staff2, registrationBody(await pre({ branchId: B }), model, { registration_id: friend.data.slug }));
    expect(foreign.body.errors.registration_id).toEqual(['The selected referring registration is invalid.']);

    const linked = await purchase(staff, undefined, { registration_id: found.body.data[0].id });
    expect(linked.data.referring_registration).toEqual({
      id: found.body.data[0].id,
      slug: friend.data.slug,
      name: 'Referring Friend Ram',
      bill_no: friend.data.bill_no,
    });
  });

  it('records the traffic source of the enquiry as referred_by', async () => {
    const p = await pre({ branchId: A, utmSource: 'facebook' });
    const { data } = await purchase(staff, p);
    expect(data.referrer).toEqual({ id: expect.any(Number), title: 'facebook' });
    expect((await t.db.query(`SELECT utm_source FROM referrer WHERE id = $1`, [data.referred_by]))[0].utm_source).toBe('facebook');
  });

  it('updates a registration: bill keeps its prefix, the phone stays read-only', async () => {
    const { data } = await purchase(manager);
    const url = `/api/v1/registration/${data.slug}`;
    const upd = await t
      .http()
      .post(url)
      .set('Authorization', manager)
      .send({ bill_no: '555', note: 'Delivered', engine_no: 'e-9', shared: '1', phone: data.phone });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Registration updated successfully.');
    expect(upd.body.data).toMatchObject({ bill_no: `B${A}-555`, note: 'Delivered', engine_no: 'E-9', shared: true, phone: data.phone });
    // The edit form sends the stored (prefixed) number back: unchanged.
    const again = await t
      .http()
      .post(url)
      .set('Authorization', manager)
      .send({ bill_no: `B${A}-555` });
    expect(again.body.data.bill_no).toBe(`B${A}-555`);
    const phone = await t.http().post(url).set('Authorization', manager).send({ phone: '9800000001' });
    expect(phone.status).toBe(422);
    expect(phone.body.errors.phone).toEqual(['The phone number cannot be changed.']);
    const pre2 = await t.http().post(url).set('Authorization', manager).send({ preregistration_id: 'x' });
    expect(pre2.status).toBe(422);
    expect((await t.db.query(`SELECT phone FROM registration WHERE slug = $1`, [data.slug]))[0].phone).toBe(data.phone);
    // Branch Staff hold no update-registration permission.
    expect((await t.http().post(url).set('Authorization', staff).send({ note: 'x' })).status).toBe(403);
  });

  it('soft-deletes and restores: the deleted list, the detail without edits, the table', async () => {
    const { data } = await purchase(manager);
    const url = `/api/v1/registration/${data.slug}`;
    const del = await t.http().delete(url).set('Authorization', manager);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Registration deleted successfully.' });
    expect((await t.http().delete(url).set('Authorization', manager)).status).toBe(409);

    const deleted = await t.http().get('/api/v1/registration/deleted').query({ length: -1 }).set('Authorization', manager);
    expect(deleted.body.data.map((r: { slug: string }) => r.slug)).toContain(data.slug);
    const row = deleted.body.data.find((r: { slug: string }) => r.slug === data.slug);
    expect(row).toMatchObject({
      bill_no: data.bill_no,
      name: data.name,
      bike_model: { title: expect.any(String) },
      branch: { title: expect.any(String), city: expect.any(String) },
    });
    const live = await t.http().get('/api/v1/registration').query({ length: -1 }).set('Authorization', manager);
    expect(live.body.data.map((r: { slug: string }) => r.slug)).not.toContain(data.slug);

    const detail = await t.http().get(url).set('Authorization', manager);
    expect(detail.status).toBe(200);
    expect(detail.body.data.deleted_at).not.toBeNull();
    const edit = await t.http().post(url).set('Authorization', manager).send({ note: 'x' });
    expect(edit.status).toBe(409);

    const restored = await t.http().post(`${url}/restore`).set('Authorization', manager);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ message: 'Registration restored successfully.', data: { slug: data.slug, deleted_at: null } });
    expect((await t.http().post(`${url}/restore`).set('Authorization', manager)).status).toBe(409);
    const back = await t.http().get('/api/v1/registration').query({ length: -1 }).set('Authorization', manager);
    expect(back.body.data.map((r: { slug: string }) => r.slug)).toContain(data.slug);
    // The pre-registration stays purchased throughout: a deleted sale is never drawn again.
    expect((await t.db.query(`SELECT purchased FROM preregistration WHERE slug = $1`, [data.preregistration.slug]))[0].purchased).toBe(
      true,
    );
  });

  it('keeps branch B’s staff out of branch A’s registrations (404 on every call, tables only B’s)', async () => {
    const a = await purchase(staff);
    const b = await purchase(staff2, await pre({ branchId: B }));
    const url = `/api/v1/registration/${a.data.slug}`;
    const calls = [
      t.http().get(url),
      t.http().post(url).send({ note: 'x' }),
      t.http().delete(url),
      t.http().post(`${url}/restore`),
      t.http().post(`${url}/verify`).send({ code: '123456' }),
      t.http().post(`${url}/reset`),
      t.http().post(`${url}/notify`),
    ];
    // staff2 lacks update/delete permissions: a Branch Manager of B is made for those.
    const [role] = await t.db.query(`SELECT id FROM role WHERE title = 'Branch Manager'`);
    const { hashPassword } = await import('../src/common/auth/password');
    await t.db.query(
      `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id, branch_id) VALUES ('mgr-b-slug-000001', 'B', 'Manager', 'manager-b@example.com', $1, $2, $3)`,
      [await hashPassword('Manager@2082'), role.id, B],
    );
    const managerB = `Bearer ${await t.token('manager-b@example.com', 'Manager@2082')}`;
    for (const call of calls) {
      const res = await call.set('Authorization', managerB);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Registration not found.' });
    }
    const table = await t.http().get('/api/v1/registration').query({ length: -1, branch: A }).set('Authorization', staff2);
    expect(table.status).toBe(200);
    expect(table.body.data.length).toBeGreaterThan(0);
    expect(table.body.data.every((r: { branch: { id: number } }) => r.branch.id === B)).toBe(true);
    expect(table.body.data.map((r: { slug: string }) => r.slug)).toContain(b.data.slug);
    const deleted = await t.http().get('/api/v1/registration/deleted').query({ length: -1 }).set('Authorization', managerB);
    expect(deleted.body.data.every((r: { branch: { id: number } }) => r.branch.id === B)).toBe(true);
    // Head office sees both.
    const all = await t.http().get('/api/v1/registration').query({ length: -1 }).set('Authorization', admin);
    const slugs = all.body.data.map((r: { slug: string }) => r.slug);
    expect(slugs).toEqual(expect.arrayContaining([a.data.slug, b.data.slug]));
  });
});
