import { allocate } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/** The paging protocol end to end, on the first table (GET /api/v1/user). */
describe('paging protocol on GET /api/v1/user', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await startTestApp();
    auth = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t.close());

  const table = (query: Record<string, unknown>) => t.http().get('/api/v1/user').query(query).set('Authorization', auth);
  const cols = { 'columns[0][data]': 'name', 'columns[1][data]': 'email' };

  it('answers data, input, recordsTotal and recordsFiltered with draw echoed', async () => {
    const res = await table({ draw: 3, start: 0, length: 2, ...cols, 'order[0][column]': 1, 'order[0][dir]': 'asc' });
    expect(res.status).toBe(200);
    expect(res.body.input).toEqual({ draw: 3, start: 0, length: 2 });
    // At the top level too, where a DataTables client reads it to drop a stale answer.
    expect(res.body.draw).toBe(3);
    expect(res.body.recordsTotal).toBe(5);
    expect(res.body.recordsFiltered).toBe(5);
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual(['admin@example.com', 'manager@example.com']);
    expect(res.body.data[0].role.title).toBe('Super Admin');
    expect(res.body.data[0]).not.toHaveProperty('password');
  });

  it('refuses an order or columns index beyond the table’s columns with 422 under its name', async () => {
    // The user table has 5 columns (0-4). (The query parser compacts indices up to 20 into a list, so these are beyond it.)
    for (const [query, field] of [
      [{ 'order[25][column]': 0 }, 'order'],
      [{ 'order[1000][column]': 0 }, 'order'],
      [{ ...cols, 'columns[25][data]': 'name', 'order[0][column]': 0 }, 'columns'],
    ] as const) {
      const res = await table(query);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(res.body.errors[field][0]).toBe(`The ${field} index must be below 5, the number of columns of this table.`);
    }
    // A huge index is refused too, by the request's cost budget before paging reads it (413) or by paging (422).
    for (const query of [{ 'order[100000000][column]': 0 }, { ...cols, 'columns[100000000][data]': 'name' }]) {
      expect([413, 422]).toContain((await table(query)).status);
    }
  });

  it('pages with start and length, ordered descending', async () => {
    const res = await table({ start: 2, length: 2, ...cols, 'order[0][column]': 1, 'order[0][dir]': 'desc' });
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual(['office@example.com', 'manager@example.com']);
  });

  it('searches and counts what it filtered', async () => {
    const res = await table({ 'search[value]': 'staff', ...cols, 'order[0][column]': 1, 'order[0][dir]': 'asc' });
    expect(res.body.recordsTotal).toBe(5);
    expect(res.body.recordsFiltered).toBe(2);
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual(['staff2@example.com', 'staff@example.com']);
  });

  it('returns every row with length -1', async () => {
    const res = await table({ length: -1 });
    expect(res.body.data).toHaveLength(5);
    expect(res.body.input.length).toBe(-1);
  });

  it('refuses an unknown order column with 422', async () => {
    const res = await table({ 'columns[0][data]': 'password', 'order[0][column]': 0, 'order[0][dir]': 'asc' });
    expect(res.status).toBe(422);
    expect(res.body.errors.order).toEqual(['The column password cannot be ordered.']);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('refuses %s (a name every object inherits) as an order column with 422', async (name) => {
    const byName = await table({ 'order[0][column]': name });
    expect(byName.status).toBe(422);
    expect(byName.body.errors.order).toEqual([`The column ${name} cannot be ordered.`]);
    const byIndex = await table({ 'columns[0][data]': name, 'order[0][column]': 0 });
    expect(byIndex.status).toBe(422);
  });

  it('treats an injection string in search as text', async () => {
    const res = await table({ 'search[value]': "' OR 1=1 --" });
    expect(res.status).toBe(200);
    expect(res.body.recordsFiltered).toBe(0);
  });
});

/**
 * Every table's filters are declared once, in its query class (TableQuery and its
 * subclasses), and checked by the validation pipe: a bad value answers 422 under the
 * filter's own name, whichever table it is sent to; a good one filters; a key no table
 * declares (a cache buster) changes nothing.
 */
describe('typed table filters', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await startTestApp();
    auth = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, string>) => t.http().get(`/api/v1/${path}`).query(query).set('Authorization', auth);

  it('answers 422 under the filter’s name for each table’s bad values, all at once', async () => {
    const cases: Array<[string, Record<string, string>, Record<string, string[]>]> = [
      ['registration', { payment_mode: 'BARTER', shared: 'maybe', pre_prize: '1e3' }, { payment_mode: ['The selected payment mode is invalid.'], shared: ['The shared filter must be 1 or 0.'], pre_prize: ['The pre prize must be a whole number of rupees.'] }],
      ['registration/download', { bike_model: 'x', from: 'yesterday' }, { bike_model: ['The selected bike model is invalid.'], from: ['The from must be a date (YYYY-MM-DD HH:mm).'] }],
      ['preregistration', { phone: 'abc', prize: 'lots', branch: 'north' }, { phone: ['The phone must be digits (at least 3).'], prize: ['The selected prize is invalid.'], branch: ['The selected branch is invalid.'] }],
      ['test-ride', { branch: '-1', to: '2025-13-01' }, { branch: ['The selected branch is invalid.'], to: ['The to must be a date (YYYY-MM-DD HH:mm).'] }],
      ['allocation', { amount: '5.5', date: '2025-02-30' }, { amount: ['The amount must be a whole number of rupees.'], date: ['The date must be a date (YYYY-MM-DD).'] }],
      ['audit', { resource: 'r'.repeat(61) }, { resource: ['The resource must be a name of at most 60 characters.'] }],
      ['video', { amount: 'ten' }, { amount: ['The amount must be a whole number.'] }],
      ['referrer', { from: '2025-11-02', to: '2025-11-01' }, { to: ['The to must be a date after from.'] }],
    ];
    const answers = [];
    for (const [path, query] of cases) {
      const res = await get(path, query);
      answers.push([path, res.status, res.body.errors]);
    }
    expect(answers).toEqual(cases.map(([path, , errors]) => [path, 422, errors]));
  });

  it('filters with good values, treats empty and "all" as no filter, and ignores keys no table declares', async () => {
    await allocate(t.db, { type: 'preregistration_public', count: 3, amount: 3000, probability: 10 });
    await allocate(t.db, { type: 'preregistration_public', count: 2, amount: 7000, probability: 5 });
    const all = await get('allocation', {});
    expect(all.status).toBe(200);
    const first = { type: 'preregistration_public', amount: 7000 };
    const byType = await get('allocation', { type: first.type.toUpperCase(), amount: String(first.amount), _: '1732400000000' });
    expect(byType.status).toBe(200);
    expect(byType.body.recordsFiltered).toBeGreaterThan(0);
    expect((byType.body.data as Array<typeof first>).every((a) => a.type === first.type && a.amount === first.amount)).toBe(true);
    expect(byType.body.recordsFiltered).toBeLessThan(all.body.recordsFiltered);
    const blank = await get('allocation', { type: 'all', branch: '', _: 'x' });
    expect(blank.body.recordsFiltered).toBe(all.body.recordsFiltered);
  });
});
