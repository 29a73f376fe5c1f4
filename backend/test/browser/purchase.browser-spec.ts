import ExcelJS from 'exceljs';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { allocate, makePreregistration, registrationBody, uniqueDigits } from '../factories/purchase';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { eventually, newContext, signIn, step } from './journey';
import { awayFromMidnight, passResendWait } from '../harness/nepal-day';

/**
 * Journey: branch staff turn a verified pre-registration into a purchase and watch the
 * purchase wheel; head office filter the customers, download what they see, move one
 * to the trash and back, and print the cards.
 */
describe('purchase (browser)', () => {
  // Counts a Nepal day's codes: not across Nepal's midnight (waits when run just before or after it).
  beforeAll(() => awayFromMidnight(), 240_000);
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let A: { id: number; title: string };
  let B: { id: number; title: string };
  let modelId: number;
  const COUPON = 7000;

  /** A verified pre-registration of `branch` bought through the API by that branch's staff. */
  async function purchase(branchId: number, token: string, paymentMode: string, name: string) {
    const pre = await makePreregistration(t.db, { branchId, prize: 3000, name, bikeModelId: modelId });
    const res = await t
      .http()
      .post('/api/v1/registration')
      .set('Authorization', `Bearer ${token}`)
      .send(registrationBody(pre, modelId, { payment_mode: paymentMode }));
    if (res.status !== 200) throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { slug: string; name: string; bill_no: string };
  }

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    const branchOf = async (email: string) =>
      (await t.db.query(`SELECT b.id, b.title FROM "user" u JOIN branch b ON b.id = u.branch_id WHERE u.email = $1`, [email]))[0];
    A = await branchOf('staff@example.com');
    B = await branchOf('staff2@example.com');
    [{ id: modelId }] = await t.db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
    const staffA = await t.token('staff@example.com');
    const staffB = await t.token('staff2@example.com');
    // Branch A: 3 on finance, 2 in cash. Branch B: 2 on finance, 12 in cash (14 print cards: 12 + 2).
    for (let i = 1; i <= 3; i++) await purchase(A.id, staffA, 'FINANCE', `Finance A${i}`);
    for (let i = 1; i <= 2; i++) await purchase(A.id, staffA, 'CASH', `Cash A${i}`);
    for (let i = 1; i <= 2; i++) await purchase(B.id, staffB, 'FINANCE', `Finance B${i}`);
    for (let i = 1; i <= 12; i++) await purchase(B.id, staffB, 'CASH', `Cash B${i}`);
    // The purchase draw of branch A from now on: won for sure.
    await allocate(t.db, { type: 'registration_branch', branchId: A.id, count: 5, amount: COUPON, probability: 100 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, { reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
    // The print page prints and closes itself; here it only records that it asked to.
    await context.addInitScript(() => {
      const w = window as unknown as { __printed: number; __closed: number };
      w.__printed = 0;
      w.__closed = 0;
      window.print = () => void (w.__printed += 1);
      window.close = () => void (w.__closed += 1);
    });
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Picks `option` in the react-admin select labelled `label`. */
  async function choose(page: Page, label: string | RegExp, option: string) {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** The cells of the data table's body rows. */
  async function tableRows(page: Page): Promise<string[][]> {
    return page.locator('table tbody tr').evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
  }

  it('converts a verified pre-registration and shows the registration prize, the purchase discount and the total', async () => {
    const name = 'Krishna Bahadur KC';
    const pre = await makePreregistration(t.db, { branchId: A.id, prize: 3000, name, bikeModelId: modelId });
    const page = await context.newPage();
    await signIn(page, t.url, 'staff@example.com');

    await step(page, 'proceed with registration', async () => {
      await page.goto(`${t.url}/admin/preregistration/${pre.slug}`);
      await page.getByText('Customer Details').waitFor();
      await page.getByRole('link', { name: 'Proceed with Registration' }).click();
      await page.waitForURL((u) => u.pathname === `/admin/registration/create/${pre.slug}`);
    });

    const bill = uniqueDigits(6);
    await step(page, 'registration form', async () => {
      const fullName = page.getByRole('textbox', { name: /^Full Name/ });
      await fullName.waitFor();
      // Prefilled from the pre-registration.
      await expect(fullName.inputValue()).resolves.toBe(name);
      await expect(page.getByRole('textbox', { name: /^Phone Number/ }).inputValue()).resolves.toBe(pre.phone);
      await page.getByRole('textbox', { name: /^Bill \/ Chalan No\./ }).fill(bill);
      await choose(page, /^Mode of Payment/, 'FINANCE');
      await page.getByRole('textbox', { name: /^Engine No\./ }).fill('eng-4521a');
      await page.getByRole('textbox', { name: /^Chassis No\./ }).fill('chs.88-k');
      // Filtered and upper-cased as typed.
      await expect(page.getByRole('textbox', { name: /^Engine No\./ }).inputValue()).resolves.toBe('ENG-4521A');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    });

    await step(page, 'confirm details', async () => {
      const confirm = page.getByRole('dialog', { name: 'Please Confirm Registration Details' });
      await confirm.waitFor();
      const shown = await confirm.locator('dl').innerText();
      expect(shown.split('\n').map((s) => s.trim()).filter(Boolean)).toEqual(['Name', name, 'Engine Number', 'ENG-4521A', 'Chassis Number', 'CHS.88-K']);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/admin\/registration\/[^/]+\/draw$/);
    });
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[3]);

    await step(page, 'purchase wheel and total', async () => {
      await page.getByRole('heading', { name: `Purchase prize for ${name}` }).waitFor();
      expect(await page.getByRole('img', { name: /^Prize wheel with \d+ amounts$/ }).isVisible()).toBe(true);
      await page.getByRole('heading', { name: `Congratulations ${name}!` }).waitFor();
      const amounts = await page.locator('dl').last().innerText();
      expect(amounts.split('\n').map((s) => s.trim()).filter(Boolean)).toEqual([
        'Registration Prize',
        'Rs. 3,000',
        'Purchase Discount',
        'Rs. 7,000',
        'Total',
        'Rs. 10,000',
      ]);
      expect(await page.getByRole('link', { name: 'View Details' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Back to Home' }).isVisible()).toBe(true);
    });

    const [row] = await t.db.query(`SELECT bill_no, payment_mode, engine_no, chasis_no, coupon_amount FROM registration WHERE slug = $1`, [slug]);
    expect(row).toEqual({ bill_no: `B${A.id}-${bill}`, payment_mode: 'FINANCE', engine_no: 'ENG-4521A', chasis_no: 'CHS.88-K', coupon_amount: COUPON });
    await page.close();
  });

  it('filters the customers by branch and payment mode and downloads exactly those rows', async () => {
    const expected: { name: string }[] = await t.db.query(
      `SELECT name FROM registration WHERE branch_id = $1 AND payment_mode = 'FINANCE' AND deleted_at IS NULL ORDER BY name`,
      [B.id],
    );
    expect(expected.length).toBe(2);
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');

    let rows: string[][] = [];
    await step(page, 'filter', async () => {
      await page.goto(`${t.url}/admin/registration`);
      await page.locator('table tbody tr').first().waitFor();
      await choose(page, 'Branch', B.title);
      await choose(page, 'Payment Mode', 'FINANCE');
      rows = await eventually(
        () => tableRows(page),
        (r) => r.length === expected.length && r.every((c) => c[3] === B.title && c[6] === 'FINANCE'),
      );
      // Bill No, Name, Bike Model, Branch, City, Registered, Payment, Register Prize, Buy Prize.
      expect(rows.map((r) => r[1]).sort()).toEqual(expected.map((e) => e.name));
      expect(rows.every((r) => r.length === 9 && r[3] === B.title && r[6] === 'FINANCE' && r[7] === 'Rs. 3,000')).toBe(true);
    });

    await step(page, 'download', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('Registrations.xlsx');
      const file = await download.path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1, 11);
      expect(header).toEqual(['Bill No', 'Name', 'Bike Model', 'Branch', 'City', 'Registered', 'Registered (BS)', 'Payment', 'Register Prize', 'Buy Prize']);
      const money = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : `Rs. ${Number(v).toLocaleString('en-IN')}`);
      const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
      // Registered is a date cell holding Nepal's wall-clock time (an Excel date has no zone), its BS day beside it: read as the table writes them.
      const when = (v: unknown, bs: unknown) =>
        v instanceof Date ? `${String(bs)} BS (${v.toISOString().slice(0, 10)}) ${v.toISOString().slice(11, 16)}` : `not a date cell: ${String(v)}`;
      const inBook: string[][] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const v = row.values as unknown[];
        inBook.push([text(v[1]), text(v[2]), text(v[3]), text(v[4]), text(v[5]), when(v[6], v[7]), text(v[8]).replace(/_/g, ' '), money(v[9]), money(v[10])]);
      });
      expect(inBook).toEqual(rows);
    });
    await page.close();
  });

  it('moves a customer to the trash and restores it', async () => {
    const name = 'Trash Then Back';
    const sale = await purchase(B.id, await t.token('staff2@example.com'), 'CASH', name);
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    const search = page.getByRole('textbox', { name: 'Search' }).or(page.getByPlaceholder('Search')).first();

    await step(page, 'delete', async () => {
      await page.goto(`${t.url}/admin/registration/${sale.slug}`);
      await page.getByText(sale.bill_no).first().waitFor();
      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/registration');
      await search.fill(name);
      await page.getByText('No results found').or(page.getByText(/no .*found/i)).first().waitFor();
      expect((await tableRows(page)).filter((r) => r[1] === name)).toEqual([]);
    });

    await step(page, 'restore from the trash', async () => {
      await page.getByRole('link', { name: 'Trash' }).or(page.getByRole('menuitem', { name: 'Trash' })).first().click();
      await page.waitForURL((u) => u.pathname === '/admin/registration/deleted');
      const row = page.locator('table tbody tr', { hasText: name });
      await row.waitFor();
      expect((await row.locator('td').allInnerTexts()).slice(0, 2).map((s) => s.trim())).toEqual([sale.bill_no, name]);
      await row.getByRole('button', { name: `Restore ${name}` }).click();
      await page.waitForURL((u) => u.pathname === '/admin/registration');
      await search.fill(name);
      const rows = await eventually(
        () => tableRows(page),
        (r) => r.length === 1 && r[0][1] === name,
      );
      expect(rows.map((r) => r.slice(0, 2))).toEqual([[sale.bill_no, name]]);
    });

    const [row] = await t.db.query(`SELECT deleted_at FROM registration WHERE slug = $1`, [sale.slug]);
    expect(row.deleted_at).toBeNull();
    await page.close();
  });

  it('prints the filtered customers as name and phone cards, 12 a page', async () => {
    const expected: { name: string; phone: string }[] = await t.db.query(
      `SELECT name, phone FROM registration WHERE branch_id = $1 AND deleted_at IS NULL ORDER BY name`,
      [B.id],
    );
    expect(expected.length).toBeGreaterThan(12);
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');

    let print: Page;
    await step(page, 'print button opens the print page with the filters', async () => {
      await page.goto(`${t.url}/admin/registration`);
      await page.locator('table tbody tr').first().waitFor();
      await choose(page, 'Branch', B.title);
      await eventually(
        () => tableRows(page),
        (r) => r.length > 0 && r.every((c) => c[3] === B.title),
      );
      [print] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Print' }).click()]);
      // The new tab carries the list's filters.
      await print.waitForURL((u) => u.pathname === '/admin/print' && u.searchParams.get('branch') === String(B.id));
    });

    await step(print!, 'cards per page', async () => {
      await print.getByRole('region', { name: 'Page 1' }).waitFor();
      const pages = await print.locator('section.print-page').evaluateAll((sections) =>
        sections.map((s) => Array.from(s.children).map((card) => Array.from(card.children).map((p) => (p.textContent ?? '').trim()))),
      );
      const sizes = pages.map((p) => p.length);
      const whole = Math.floor(expected.length / 12);
      expect(sizes).toEqual([...Array(whole).fill(12), ...(expected.length % 12 ? [expected.length % 12] : [])]);
      const cards = pages.flat().map(([name, phone]) => ({ name, phone }));
      expect(cards.sort((a, b) => a.name.localeCompare(b.name))).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
      // It asked the browser to print, then to close the tab.
      await print.waitForFunction(() => (window as unknown as { __printed: number }).__printed > 0);
      await print.waitForFunction(() => (window as unknown as { __closed: number }).__closed > 0);
    });

    await step(print!, 'heading', async () => {
      const heading = print.getByRole('banner');
      await heading.getByRole('heading', { name: /registered customers/ }).waitFor();
      const [{ campaign_name }] = [(await t.http().get('/api/v1/settings')).body.data];
      const text = await heading.innerText();
      expect(text).toContain(`${campaign_name}: registered customers`);
      expect(text).toContain(`Branch: ${B.title}`);
      expect(text).toContain('Filters: None (every registration)');
      expect(text).toMatch(new RegExp(`${expected.length} customers · printed \\d{4}-\\d{2}-\\d{2}`));
    });
    await page.close();
  });

  it('sends the coupon SMS again from the registration’s detail page', async () => {
    const sale = await purchase(A.id, await t.token('staff@example.com'), 'CASH', 'Coupon Again');
    const [{ phone }] = await t.db.query(`SELECT phone FROM registration WHERE slug = $1`, [sale.slug]);
    const sent = async () => (await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'coupon'`, [phone]))[0].n as number;
    expect(await sent()).toBe(1);
    // The 60 s between two sends has passed.
    await passResendWait(t.db, phone, 'coupon');
    const page = await context.newPage();
    await signIn(page, t.url, 'staff@example.com');
    await step(page, 'detail page button', async () => {
      await page.goto(`${t.url}/admin/registration/${sale.slug}`);
      await page.getByRole('button', { name: 'Send Coupon SMS Again' }).click();
      await page.getByRole('alert').filter({ hasText: 'The coupon SMS has been sent again.' }).waitFor();
    });
    expect(await sent()).toBe(2);
    await page.close();
  });

  it('downloads the pre-registrations with the filters the list shows', async () => {
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    await step(page, 'filter and download', async () => {
      await page.goto(`${t.url}/admin/preregistration`);
      await page.locator('table tbody tr').first().waitFor();
      await page.getByRole('textbox', { name: 'From (BS)' }).fill('2082-08-01');
      await page.waitForURL((u) => decodeURIComponent(u.search).includes('2025-11-17 00:00'));
      // The filtered rows are drawn (the list's deferred copy, which the actions read too, has caught up).
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().includes('/api/v1/preregistration/download')),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(new URL(request.url()).searchParams.get('from')).toBe('2025-11-17 00:00');
    });
    await page.close();
  });

  it('links a winner video to the winner’s registration, found by bill number, and shows its id and phone', async () => {
    const sale = await purchase(B.id, await t.token('staff2@example.com'), 'CASH', 'Video Winner');
    const [reg] = await t.db.query(`SELECT id, phone FROM registration WHERE slug = $1`, [sale.slug]);
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    await step(page, 'video form', async () => {
      await page.goto(`${t.url}/admin/video/create`);
      await page.getByRole('textbox', { name: /^Name(?! \(Nepali)/ }).fill('Video Winner: Rs. 50,000');
      await page.getByRole('textbox', { name: /^Link URL/ }).fill('https://www.example.com/videos/winner');
      await page.getByRole('spinbutton', { name: /^Amount/ }).fill('50000');
      const search = page.getByRole('combobox', { name: /Winner.s registration/ });
      await search.fill(sale.bill_no);
      await page.getByRole('option', { name: new RegExp(sale.bill_no) }).first().click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/video');
    });
    const [video] = await t.db.query(`SELECT id, registration_id, phone FROM video WHERE title = 'Video Winner: Rs. 50,000'`);
    expect(video).toMatchObject({ registration_id: reg.id, phone: reg.phone });
    await step(page, 'list and detail', async () => {
      const row = page.locator('table tbody tr').filter({ hasText: 'Video Winner' });
      expect(await row.innerText()).toContain(String(reg.id));
      await row.click();
      await page.getByText(reg.phone).first().waitFor();
    });
    await page.close();
  });
});
