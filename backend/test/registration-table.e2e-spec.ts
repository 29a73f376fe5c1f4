import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { bikeModelId, branchIds, makePreregistration, registrationBody } from './factories/purchase';
import { makeCustomer } from './factories/sms';
import { startTestApp, TestApp } from './harness/test-app';

/** The registered table, its print/picker view (length=-1) and Registrations.xlsx: the same rows for the same filters. */
describe('registration table and download', () => {
  let t: TestApp;
  let admin: string;
  let staff2: string;
  let A: number;
  let B: number;
  let m1: number;
  let m2: number;
  /** bill_no of each sale by its label. */
  const bill: Record<string, string> = {};

  /** Sale label -> branch, model, payment mode, pre prize, coupon, key-handover shared, purchase instant (UTC). */
  const SALES: Array<[string, 'A' | 'B', 1 | 2, string, number, number, boolean, string]> = [
    ['a1', 'A', 1, 'CASH', 3000, 1500, false, '2026-11-10T18:14:00Z'], // Nepal 10 Nov 23:59
    ['a2', 'A', 2, 'FINANCE', 5000, 2000, true, '2026-11-10T18:16:00Z'], // Nepal 11 Nov 00:01
    ['a3', 'A', 1, 'CASH_EXCHANGE', 3000, 5000, true, '2026-11-11T04:30:00Z'], // Nepal 11 Nov 10:15
    ['b1', 'B', 1, 'FINANCE', 5000, 1500, false, '2026-11-11T03:00:00Z'], // Nepal 11 Nov 08:45
    ['b2', 'B', 2, 'SELF_FINANCE', 3500, 1500, true, '2026-11-12T06:00:00Z'], // Nepal 12 Nov 11:45
  ];

  beforeAll(async () => {
    t = await startTestApp();
    [A, B] = await branchIds(t.db);
    m1 = await bikeModelId(t.db, 'Table Model One');
    m2 = await bikeModelId(t.db, 'Table Model Two');
    admin = `Bearer ${await t.token('admin@example.com')}`;
    const staffA = `Bearer ${await t.token('staff@example.com')}`;
    staff2 = `Bearer ${await t.token('staff2@example.com')}`;
    for (const [label, br, model, mode, prePrize, coupon, shared, at] of SALES) {
      const branch = br === 'A' ? A : B;
      const pre = await makePreregistration(t.db, { branchId: branch, prize: prePrize, name: `Table ${label}` });
      const res = await t
        .http()
        .post('/api/v1/registration')
        .set('Authorization', br === 'A' ? staffA : staff2)
        .send(registrationBody(pre, model === 1 ? m1 : m2, { payment_mode: mode, shared, bill_no: `T-${label}` }));
      expect(res.status).toBe(200);
      bill[label] = res.body.data.bill_no;
      await t.db.query(`UPDATE registration SET coupon_amount = $2, created_at = $3 WHERE slug = $1`, [res.body.data.slug, coupon, at]);
    }
    // A deleted sale never shows in the table nor in the workbook.
    const gone = await makePreregistration(t.db, { branchId: A, name: 'Table gone' });
    const res = await t
      .http()
      .post('/api/v1/registration')
      .set('Authorization', staffA)
      .send(registrationBody(gone, m1, { bill_no: 'T-gone' }));
    await t.db.query(`UPDATE registration SET deleted_at = now(), created_at = '2026-11-11T05:00:00Z' WHERE slug = $1`, [
      res.body.data.slug,
    ]);
  });
  afterAll(() => t.close());

  const table = (auth: string, query: Record<string, unknown>) =>
    t
      .http()
      .get('/api/v1/registration')
      .query({ length: -1, ...query })
      .set('Authorization', auth);

  function binary(res: Response, cb: (err: Error | null, body: Buffer) => void) {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  }

  async function workbookRows(auth: string, query: Record<string, unknown>) {
    const res = await t
      .http()
      .get('/api/v1/registration/download')
      .query(query)
      .set('Authorization', auth)
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Registrations.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as never);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
    });
    return { header, rows };
  }

  const labels = (bills: string[]) => bills.map((b) => Object.entries(bill).find(([, v]) => v === b)?.[0] ?? b);

  const CASES: Array<[string, Record<string, unknown>, string[]]> = [
    ['no filter', {}, ['b2', 'a3', 'b1', 'a2', 'a1']],
    ['payment_mode', { payment_mode: 'FINANCE' }, ['b1', 'a2']],
    ['bike_model', { bike_model: 'M2' }, ['b2', 'a2']],
    ['branch', { branch: 'A' }, ['a3', 'a2', 'a1']],
    ['from (Nepal day, after midnight 18:15 UTC)', { from: '2026-11-11' }, ['b2', 'a3', 'b1', 'a2']],
    ['to (whole Nepal day)', { to: '2026-11-10' }, ['a1']],
    ['from/to by the hour', { from: '2026-11-11 00:00', to: '2026-11-11 10:00' }, ['b1', 'a2']],
    ['prize (total)', { prize: 7000 }, ['a2']],
    ['pre_prize (Register Prize)', { pre_prize: 5000 }, ['b1', 'a2']],
    ['post_prize (Buy Prize)', { post_prize: 1500 }, ['b2', 'b1', 'a1']],
    ['shared = 1', { shared: '1' }, ['b2', 'a3', 'a2']],
    ['shared = 0', { shared: '0' }, ['b1', 'a1']],
    ['combined', { payment_mode: 'CASH', bike_model: 'M1', shared: '0', branch: 'A' }, ['a1']],
    ['search', { 'search[value]': 'table a' }, ['a3', 'a2', 'a1']],
    ['empty values mean all', { payment_mode: '', branch: '', shared: '' }, ['b2', 'a3', 'b1', 'a2', 'a1']],
  ];
  const resolve = (q: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v === 'A' ? A : v === 'B' ? B : v === 'M1' ? m1 : v === 'M2' ? m2 : v]));

  it('the prize filters follow a pre-registration prize corrected after the purchase (the stored copy follows it)', async () => {
    const [{ id }] = await t.db.query(`SELECT preregistration_id AS id FROM registration WHERE bill_no = $1`, [bill.a1]);
    await t.db.query(`UPDATE preregistration SET prize = 4000 WHERE id = $1`, [id]);
    try {
      expect(labels((await table(admin, { prize: 5500 })).body.data.map((r: { bill_no: string }) => r.bill_no))).toEqual(['a1']);
      expect(labels((await table(admin, { pre_prize: 4000 })).body.data.map((r: { bill_no: string }) => r.bill_no))).toEqual(['a1']);
    } finally {
      await t.db.query(`UPDATE preregistration SET prize = 3000 WHERE id = $1`, [id]);
    }
    expect(labels((await table(admin, { prize: 4500 })).body.data.map((r: { bill_no: string }) => r.bill_no))).toEqual(['a1']);
  });

  it.each(CASES)('filters by %s: the table and the workbook hold the same rows', async (_name, query, expected) => {
    const res = await table(admin, resolve(query));
    expect(res.status).toBe(200);
    expect(labels(res.body.data.map((r: { bill_no: string }) => r.bill_no))).toEqual(expected);
    expect(res.body.recordsFiltered).toBe(expected.length);
    const { rows } = await workbookRows(admin, resolve(query));
    expect(rows.map((r) => r['Bill No'])).toEqual(res.body.data.map((r: { bill_no: string }) => r.bill_no));
  });

  it('answers each row with the columns of the table, print and the SMS picker', async () => {
    const res = await table(admin, { bill_no: undefined, 'search[value]': 'Table a2' });
    const row = res.body.data[0];
    expect(row).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      bill_no: `B${A}-T-a2`,
      name: 'Table a2',
      phone: expect.stringMatching(/^9[678]\d{8}$/),
      shared: true,
      payment_mode: 'FINANCE',
      created_at: '2026-11-10T18:16:00.000Z',
      bike_model: { id: m2, title: 'Table Model Two' },
      branch: { id: A, title: expect.any(String), city: expect.any(String) },
      preregistration: { id: expect.any(Number), slug: expect.any(String), prize: 5000 },
      coupon_amount: 2000,
      total_prize: 7000,
      deleted_at: null,
    });
  });

  it('writes the table’s columns to the workbook, the date as a date cell in Nepal time', async () => {
    const { header, rows } = await workbookRows(admin, { 'search[value]': 'Table a2' });
    expect(header.slice(0, 11)).toEqual([
      'Bill No',
      'Name',
      'Bike Model',
      'Branch',
      'City',
      'Registered',
      'Registered (BS)',
      'Payment',
      'Register Prize',
      'Buy Prize',
      'Total Prize',
    ]);
    expect(rows[0]).toMatchObject({
      'Bill No': `B${A}-T-a2`,
      Name: 'Table a2',
      'Bike Model': 'Table Model Two',
      // A date cell (no zone in Excel) reading Nepal's wall clock: 18:16 UTC is 00:01 the next day.
      Registered: new Date('2026-11-11T00:01:00Z'),
      // Beside it the same Nepal day in BS: 11 November 2026 is 25 Kartik 2083.
      'Registered (BS)': '2083-07-25',
      Payment: 'FINANCE',
      'Register Prize': 5000,
      'Buy Prize': 2000,
      'Total Prize': 7000,
      'Key Handover Shared': 'Yes',
    });
  });

  it('pages and orders with the paging protocol', async () => {
    const res = await t
      .http()
      .get('/api/v1/registration')
      .query({ draw: 4, start: 1, length: 2, 'columns[0][data]': 'coupon_amount', 'order[0][column]': 0, 'order[0][dir]': 'desc' })
      .set('Authorization', admin);
    expect(res.body.input).toEqual({ draw: 4, start: 1, length: 2 });
    expect(res.body.recordsTotal).toBe(5);
    expect(labels(res.body.data.map((r: { bill_no: string }) => r.bill_no))).toEqual(['a2', 'b2']);
    for (const column of [
      'bill_no',
      'name',
      'bike_model.title',
      'branch.title',
      'branch.city',
      'created_at',
      'payment_mode',
      'preregistration.prize',
    ]) {
      const ok = await table(admin, { 'columns[0][data]': column, 'order[0][column]': 0, 'order[0][dir]': 'asc' });
      expect(ok.status).toBe(200);
    }
    const sorted = await table(admin, { 'columns[0][data]': 'preregistration.prize', 'order[0][column]': 0, 'order[0][dir]': 'desc' });
    expect(sorted.body.data.map((r: { preregistration: { prize: number } }) => r.preregistration.prize)).toEqual([
      5000, 5000, 3500, 3000, 3000,
    ]);
  });

  it('keeps branch staff to their branch in the table and the workbook, whatever branch they ask for', async () => {
    const res = await table(staff2, { branch: A });
    expect(labels(res.body.data.map((r: { bill_no: string }) => r.bill_no))).toEqual(['b2', 'b1']);
    expect(res.body.recordsTotal).toBe(2);
    const { rows } = await workbookRows(staff2, { branch: A });
    expect(rows.map((r) => r['Bill No'])).toEqual([bill.b2, bill.b1]);
  });

  it('answers 422 under the filter for a bad value', async () => {
    const res = await table(admin, { payment_mode: 'CHEQUE', from: 'yesterday', shared: 'maybe', prize: '-5' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      payment_mode: ['The selected payment mode is invalid.'],
      prize: ['The prize must be a whole number of rupees.'],
      shared: ['The shared filter must be 1 or 0.'],
      from: ['The from must be a date (YYYY-MM-DD HH:mm).'],
    });
    expect((await t.http().get('/api/v1/registration/download').query({ to: 'x' }).set('Authorization', admin)).status).toBe(422);
  });

  it('answers every row with ?all (print and the SMS picker), for the filters and the branch', async () => {
    // More sales than a page holds, so ?all cannot be the first page.
    for (let i = 0; i < 11; i++) await makeCustomer(t.db, { branchId: B });
    const paged = await t.http().get('/api/v1/registration').set('Authorization', admin);
    expect(paged.body.data).toHaveLength(10);
    const all = await t.http().get('/api/v1/registration').query({ all: '' }).set('Authorization', admin);
    expect(all.status).toBe(200);
    expect(all.body.data.data).toHaveLength(paged.body.recordsTotal);
    expect(all.body.data.data.length).toBe(16);
    expect(Object.keys(all.body.data.data[0]).sort()).toEqual(['id', 'name', 'phone', 'slug']);
    const filtered = await t.http().get('/api/v1/registration').query({ all: '', branch: A }).set('Authorization', admin);
    expect(filtered.body.data.data.map((r: { name: string }) => r.name).sort()).toEqual(['Table a1', 'Table a2', 'Table a3']);
    const mine = await t.http().get('/api/v1/registration').query({ all: '' }).set('Authorization', staff2);
    expect(mine.body.data.data).toHaveLength(13);
  });
});
