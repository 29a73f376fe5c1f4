import ExcelJS from 'exceljs';
import { allocate, bikeModelId, makePreregistration } from './factories/purchase';
import { makeCustomer } from './factories/sms';
import { startTestApp, TestApp } from './harness/test-app';

/** Reads a binary response body (supertest buffers unknown types only when told). */
const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('branches (/api/v1/branches, /branch, /branch-stats)', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let branches: Array<{ id: number; slug: string; title: string }>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    manager = `Bearer ${await t.token('manager@example.com')}`;
    branches = await t.db.query(`SELECT id, slug, title FROM branch ORDER BY "order", id`);
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Hetauda Motors',
    state: 'Bagmati',
    district: 'Makwanpur',
    city: 'Hetauda Sub-Metropolitan City',
    location: 'Main Road',
    email: 'hetauda@example.com',
    phone: '057-521234',
    mobile: '9845012345',
    ...over,
  });

  it('lists showrooms publicly in their order, with only the public fields', async () => {
    const res = await t.http().get('/api/v1/branches');
    expect(res.status).toBe(200);
    const list = res.body.data.data;
    expect(list).toHaveLength(10);
    expect(list.map((b: { title: string }) => b.title)).toEqual(branches.map((b) => b.title));
    expect(Object.keys(list[0]).sort()).toEqual([
      'city',
      'city_ne',
      'district',
      'district_ne',
      'id',
      'location',
      'location_ne',
      'order',
      'state',
      'state_ne',
      'title',
      'title_ne',
    ]);
    expect(list[0]).toMatchObject({ title: 'Kathmandu Motors', state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City', location: 'Teku Road', order: 1 });
    // The Nepali site's names: the showroom's as head office wrote them, its places' as the geography names them.
    expect(list[0]).toMatchObject({ title_ne: 'काठमाडौं मोटर्स', location_ne: 'टेकु रोड' });
    const geo: Array<{ name: string; name_ne: string; districts: Array<{ name: string; name_ne: string; cities: Array<{ name: string; name_ne: string }> }> }> = (
      await t.http().get('/api/v1/geography')
    ).body.data;
    for (const b of list) {
      const state = geo.find((p) => p.name === b.state)!;
      const district = state.districts.find((d) => d.name === b.district)!;
      const city = district.cities.find((c) => c.name === b.city)!;
      expect([b.state_ne, b.district_ne, b.city_ne]).toEqual([state.name_ne, district.name_ne, city.name_ne]);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/phone|mobile|email|citizenship/);
  });

  it('serves the table with the counted columns, search and ordering', async () => {
    const res = await t.http().get('/api/v1/branch').set('Authorization', admin).query({ draw: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ input: { draw: 3, start: 0, length: 10 }, recordsTotal: 10, recordsFiltered: 10 });
    expect(res.body.data[0]).toMatchObject({
      title: 'Kathmandu Motors',
      phone: '01-4251234',
      mobile: '9851012345',
      registrations_count: 0,
      one_lakh_allocation_count: 0,
      ten_lakhs_allocation_count: 0,
    });
    const searched = await t.http().get('/api/v1/branch').set('Authorization', admin).query({ 'search[value]': 'kaski' });
    expect(searched.body.recordsFiltered).toBe(1);
    expect(searched.body.data[0].title).toBe('Pokhara Wheels');
    const ordered = await t
      .http()
      .get('/api/v1/branch')
      .set('Authorization', admin)
      .query({ 'order[0][column]': 0, 'order[0][dir]': 'desc', 'columns[0][data]': 'title', length: 3 });
    expect(ordered.body.data.map((b: { title: string }) => b.title)).toEqual(['Pokhara Wheels', 'Nepalgunj Two Wheelers', 'Lalitpur Auto Hub']);
    // Total Sales sorts (the admin's column): two sales at Pokhara Wheels, one at Lalitpur Auto Hub.
    const ids = await t.db.query(`SELECT id, title FROM branch WHERE title IN ('Pokhara Wheels', 'Lalitpur Auto Hub')`);
    const idOf = (title: string) => ids.find((b: { title: string }) => b.title === title).id;
    const made = [await makeCustomer(t.db, { branchId: idOf('Pokhara Wheels') }), await makeCustomer(t.db, { branchId: idOf('Pokhara Wheels') }), await makeCustomer(t.db, { branchId: idOf('Lalitpur Auto Hub') })];
    const bySales = await t
      .http()
      .get('/api/v1/branch')
      .set('Authorization', admin)
      .query({ 'order[0][column]': 0, 'order[0][dir]': 'desc', 'columns[0][data]': 'registrations_count', length: 10 });
    expect(bySales.status).toBe(200);
    expect(bySales.body.data.slice(0, 3).map((b: { title: string; registrations_count: number }) => [b.title, b.registrations_count])).toEqual([
      ['Pokhara Wheels', 2],
      ['Lalitpur Auto Hub', 1],
      [expect.any(String), 0],
    ]);
    await t.db.query(`DELETE FROM registration WHERE id = ANY($1)`, [made.map((c) => c.id)]);
    await t.db.query(`DELETE FROM draw`);
    await t.db.query(`DELETE FROM preregistration WHERE purchased`);
    const byCount = await t.http().get('/api/v1/branch').set('Authorization', admin).query({ 'order[0][column]': 0, 'order[0][dir]': 'desc', 'columns[0][data]': 'registrations_count' });
    expect(byCount.status).toBe(200);
  });

  it('shows branch staff only their own branch; another branch is a 404', async () => {
    const table = await t.http().get('/api/v1/branch').set('Authorization', manager);
    expect(table.body.recordsTotal).toBe(1);
    expect(table.body.data.map((b: { id: number }) => b.id)).toEqual([branches[0].id]);
    expect((await t.http().get(`/api/v1/branch/${branches[0].slug}`).set('Authorization', manager)).status).toBe(200);
    const other = await t.http().get(`/api/v1/branch/${branches[1].slug}`).set('Authorization', manager);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Branch not found.' });
    expect((await t.http().get(`/api/v1/branch/${branches[1].id}`).set('Authorization', manager)).status).toBe(404);
    const stats = await t.http().get('/api/v1/branch-stats').set('Authorization', manager);
    expect(stats.body.data.map((b: { id: number }) => b.id)).toEqual([branches[0].id]);
    // Branch staff hold no read-branch permission at all.
    expect((await t.http().get('/api/v1/branch').set('Authorization', `Bearer ${await t.token('staff@example.com')}`)).status).toBe(403);
  });

  it('reads one branch by slug', async () => {
    const res = await t.http().get(`/api/v1/branch/${branches[2].slug}`).set('Authorization', admin);
    expect(res.body.data).toMatchObject({ id: branches[2].id, slug: branches[2].slug, title: 'Pokhara Wheels', email: 'pokhara.wheels@example.com', registrations_count: 0 });
    expect((await t.http().get('/api/v1/branch/no-such-branch').set('Authorization', admin)).status).toBe(404);
  });

  it('creates a branch in the geography spelling, last in order', async () => {
    const res = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ state: 'bagmati', district: 'MAKWANPUR', city: 'hetauda sub-metropolitan city' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Branch created successfully.');
    expect(res.body.data).toMatchObject({ title: 'Hetauda Motors', state: 'Bagmati', district: 'Makwanpur', city: 'Hetauda Sub-Metropolitan City', order: 11, registrations_count: 0 });
    expect(res.body.data.slug).toMatch(/^[\w-]{16}$/);
    const multipart = await t
      .http()
      .post('/api/v1/branch')
      .set('Authorization', admin)
      .field('title', 'Janakpur Bikes')
      .field('state', 'Madhesh')
      .field('district', 'Dhanusha')
      .field('city', 'Janakpurdham Sub-Metropolitan City')
      .field('email', '');
    expect(multipart.status).toBe(200);
    expect(multipart.body.data).toMatchObject({ title: 'Janakpur Bikes', email: null, order: 12 });
  });

  it('answers 422 under each bad field and stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM branch`))[0].n;
    const empty = await t.http().post('/api/v1/branch').set('Authorization', admin).send({ email: 'nope', phone: '98-abc', mobile: '+977 98' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      title: ['The title field is required.'],
      state: ['The state field is required.'],
      district: ['The district field is required.'],
      city: ['The city field is required.'],
      email: ['The email must be a valid email address.'],
      phone: ['The phone may only contain digits and dashes.'],
      mobile: ['The mobile must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'],
    });
    // The mobile receives the booking alerts by SMS: a landline is refused under it, a mobile is kept as its 10 digits.
    const landline = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ mobile: '01-4251234' }));
    expect(landline.status).toBe(422);
    expect(landline.body.errors).toEqual({ mobile: ['The mobile must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'] });
    const [kathmandu] = await t.db.query(`SELECT slug FROM branch ORDER BY "order" LIMIT 1`);
    const edited = await t.http().post(`/api/v1/branch/${kathmandu.slug}`).set('Authorization', admin).send({ mobile: '01-4251234' });
    expect(edited.status).toBe(422);
    expect(Object.keys(edited.body.errors)).toEqual(['mobile']);
    const badState = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ state: 'Province No. 3' }));
    expect(badState.body.errors).toEqual({ state: ['The selected state is invalid.'] });
    const badDistrict = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ district: 'Kaski' }));
    expect(badDistrict.body.errors).toEqual({ district: ['The selected district is not in the selected state.'] });
    const badCity = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ city: 'Pokhara Metropolitan City' }));
    expect(badCity.body.errors).toEqual({ city: ['The selected city is not in the selected district.'] });
    const extra = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ slug: 'mine', id: 5 }));
    expect(Object.keys(extra.body.errors).sort()).toEqual(['id', 'slug']);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM branch`))[0].n).toBe(before);
  });

  it('updates a branch, checking a new city against the stored district', async () => {
    const slug = branches[9].slug;
    const bad = await t.http().post(`/api/v1/branch/${slug}`).set('Authorization', admin).send({ city: 'Pokhara Metropolitan City', title: 'Renamed' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ city: ['The selected city is not in the selected district.'] });
    expect((await t.db.query(`SELECT title FROM branch WHERE slug = $1`, [slug]))[0].title).toBe('Dhangadhi Motors');
    const ok = await t.http().post(`/api/v1/branch/${slug}`).set('Authorization', admin).send({ city: 'Tikapur Municipality', location: 'Bazaar', phone: null });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Branch updated successfully.', data: { title: 'Dhangadhi Motors', district: 'Kailali', city: 'Tikapur Municipality', location: 'Bazaar', phone: null } });
  });

  it('keeps a Nepali title and location for the Nepali site: blank is none (the English is shown), too long is a 422 under it', async () => {
    const slug = branches[8].slug;
    const named = await t.http().post(`/api/v1/branch/${slug}`).set('Authorization', admin).send({ title_ne: ' नेपालगन्ज मोटर्स ', location_ne: 'सुर्खेत रोड' });
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ title: 'Nepalgunj Two Wheelers', title_ne: 'नेपालगन्ज मोटर्स', location_ne: 'सुर्खेत रोड' });
    const shown = (await t.http().get('/api/v1/branches')).body.data.data.find((b: { title: string }) => b.title === 'Nepalgunj Two Wheelers');
    expect(shown).toMatchObject({ title_ne: 'नेपालगन्ज मोटर्स', location_ne: 'सुर्खेत रोड' });
    const tooLong = await t.http().post(`/api/v1/branch/${slug}`).set('Authorization', admin).send({ title_ne: 'क'.repeat(151), location_ne: '' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({ title_ne: ['The Nepali title may not be greater than 150 characters.'] });
    const cleared = await t.http().post(`/api/v1/branch/${slug}`).set('Authorization', admin).send({ title_ne: '  ', location_ne: '' });
    expect(cleared.body.data).toMatchObject({ title_ne: null, location_ne: null });
  });

  it('refuses to delete a branch that has users (409), deletes an unused one', async () => {
    const used = await t.http().delete(`/api/v1/branch/${branches[0].slug}`).set('Authorization', admin);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ message: 'This branch has users or records and cannot be deleted.' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM branch WHERE id = $1`, [branches[0].id]))[0].n).toBe(1);

    const made = await t.http().post('/api/v1/branch').set('Authorization', admin).send(body({ title: 'Short Lived' }));
    const gone = await t.http().delete(`/api/v1/branch/${made.body.data.slug}`).set('Authorization', admin);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Branch deleted successfully.' });
    expect((await t.http().get(`/api/v1/branch/${made.body.data.slug}`).set('Authorization', admin)).status).toBe(404);
  });

  it('exports the table as a real workbook, Branches.xlsx, with the same rows and scoping', async () => {
    const res = await t.http().get('/api/v1/branch/export').set('Authorization', admin).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Branches.xlsx"');
    const table = await t.http().get('/api/v1/branch').set('Authorization', admin).query({ length: -1 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body);
    const sheet = wb.getWorksheet('Branches')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Title', 'State', 'District', 'City', 'Location', 'Email', 'Phone', 'Mobile', 'Total Sales']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(table.body.data.map((b: { title: string }) => b.title));
    expect(rows[1]).toEqual(['Kathmandu Motors', 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', 'Teku Road', 'kathmandu.motors@example.com', '01-4251234', '9851012345', 0]);

    const mine = await t.http().get('/api/v1/branch/export').set('Authorization', manager).buffer(true).parse(binary);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(mine.body);
    expect(wb2.getWorksheet('Branches')!.rowCount).toBe(2);
    expect(wb2.getWorksheet('Branches')!.getRow(2).getCell(1).value).toBe('Kathmandu Motors');
  });

  it('gives per-branch statistics counted by the modules that own the records', async () => {
    const [a, b] = branches;
    const before = await t.http().get('/api/v1/branch-stats').set('Authorization', admin);
    expect(before.status).toBe(200);
    const [a0, b0] = before.body.data;
    expect(a0).toMatchObject({ id: a.id, slug: a.slug, title: 'Kathmandu Motors' });
    // A's own (with a prize), a public enquiry whose nearest showroom is A (A owns it), one unverified, one deleted, one of B.
    await makePreregistration(t.db, { branchId: a.id, prize: 3000 });
    await makePreregistration(t.db, { branchId: null, nearestBranchId: a.id, prize: 4000 });
    await makePreregistration(t.db, { branchId: a.id, verified: false });
    await makePreregistration(t.db, { branchId: a.id, deleted: true });
    await makePreregistration(t.db, { branchId: b.id });
    const model = await bikeModelId(t.db);
    for (const [branch, deleted] of [[a.id, false], [a.id, true], [b.id, false]] as const) {
      await t.db.query(
        `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, deleted_at)
         VALUES (md5(random()::text), 'Rider', '9841000000', 'Bagmati', 'Kathmandu', 'Kathmandu', $1, $2, CASE WHEN $3 THEN now() END)`,
        [branch, model, deleted],
      );
    }
    const after = await t.http().get('/api/v1/branch-stats').set('Authorization', admin);
    expect(after.body.data[0]).toEqual({
      ...a0,
      preregistrations: a0.preregistrations + 3,
      test_rides: a0.test_rides + 1,
      prizes_awarded: a0.prizes_awarded + 2,
    });
    expect(after.body.data[1]).toEqual({ ...b0, preregistrations: b0.preregistrations + 1, test_rides: b0.test_rides + 1, prizes_awarded: b0.prizes_awarded + 1 });
  });

  it('counts the prizes of Rs. 1,00,000 and Rs. 9,00,000 allocations in the branch table, its order and one branch', async () => {
    const [, , , c, d] = branches;
    await allocate(t.db, { type: 'preregistration_branch', branchId: c.id, count: 3, amount: 100000, probability: 1 });
    await allocate(t.db, { type: 'registration_branch', branchId: c.id, count: 2, amount: 100000, probability: 1 });
    await allocate(t.db, { type: 'registration_branch', branchId: c.id, count: 4, amount: 900000, probability: 1 });
    await allocate(t.db, { type: 'registration_branch', branchId: c.id, count: 5, amount: 500000, probability: 1 });
    await allocate(t.db, { type: 'preregistration_branch', branchId: d.id, count: 1, amount: 100000, probability: 1 });
    const res = await t
      .http()
      .get('/api/v1/branch')
      .set('Authorization', admin)
      .query({ 'order[0][column]': 0, 'order[0][dir]': 'desc', 'columns[0][data]': 'one_lakh_allocation_count', length: 2 });
    expect(res.body.data.map((x: { title: string; one_lakh_allocation_count: number; ten_lakhs_allocation_count: number }) => [x.title, x.one_lakh_allocation_count, x.ten_lakhs_allocation_count])).toEqual([
      [c.title, 5, 4],
      [d.title, 1, 0],
    ]);
    const one = await t.http().get(`/api/v1/branch/${c.slug}`).set('Authorization', admin);
    expect(one.body.data).toMatchObject({ one_lakh_allocation_count: 5, ten_lakhs_allocation_count: 4, registrations_count: 0 });
  });
});
