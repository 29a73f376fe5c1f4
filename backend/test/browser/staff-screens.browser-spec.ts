import { adToBs } from '@campaign/domain';
import { Browser, BrowserContext } from 'playwright-core';
import { uniqueDigits } from '../factories/campaign';
import { makePreregistration } from '../factories/purchase';
import { makeCustomer } from '../factories/sms';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { newContext, signIn, step } from './journey';

/**
 * The staff screens of issue "What a new user hits": a repeat customer refused with a View
 * link to the earlier record, the dealer mobile's own error under the field (no browser
 * bubble), Total Sales sorting, and head office told why it cannot convert.
 */
describe('staff screens (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    context = await newContext(browser);
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('refuses a customer who already bought, under the phone and the citizenship number, each with a View link to the earlier record', async () => {
    const [staff] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
    const bought = await makePreregistration(t.db, { branchId: staff.branch_id, purchased: true, name: 'Earlier Buyer' });
    const [row] = await t.db.query(`SELECT citizenship_no FROM preregistration WHERE id = $1`, [bought.id]);
    const page = await context.newPage();
    await signIn(page, t.url, 'staff@example.com');
    await step(page, 'fill with the buyer’s phone and number', async () => {
      await page.goto(`${t.url}/admin/preregistration/create`);
      await page.getByRole('textbox', { name: /^Full Name/ }).fill('Earlier Buyer');
      await page.getByRole('textbox', { name: /^Address/ }).fill('Teku Kathmandu');
      await page.getByRole('textbox', { name: /^Phone Number/ }).fill(bought.phone);
      await page.getByRole('textbox', { name: /^Citizenship No\/PAN/ }).fill(row.citizenship_no);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('dialog', { name: 'Please Confirm Your Phone Number.' }).getByRole('button', { name: 'Save and Notify' }).click();
    });
    await step(page, 'both errors at once, each with View', async () => {
      const form = page.locator('form');
      await form.getByText('This phone number has already made its purchase in this campaign: one pre-registration per customer.').waitFor();
      expect(await form.getByText('This citizenship/pan has already made its purchase in this campaign: one pre-registration per customer.').isVisible()).toBe(true);
      const views = page.getByRole('link', { name: 'View', exact: true });
      await views.nth(1).waitFor();
      expect(await views.count()).toBe(2);
      await views.first().click();
      await page.waitForURL((u) => u.pathname === `/admin/preregistration/${bought.slug}`);
      await page.getByText('Earlier Buyer').first().waitFor();
    });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE phone = $1`, [bought.phone]))[0].n).toBe(1);
  });

  it('shows the dealer mobile’s own error under the field, never a browser bubble, and sorts by Total Sales', async () => {
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    await step(page, 'a landline as mobile', async () => {
      await page.goto(`${t.url}/admin/branch/create`);
      // Every form leaves checking to the app.
      expect(await page.locator('form').first().getAttribute('novalidate')).not.toBeNull();
      await page.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
      await page.getByRole('textbox', { name: /^Mobile/ }).fill('01-4251234');
      await page.getByRole('button', { name: 'Save' }).click();
      // The app's errors, all at once, under their fields (the browser would have stopped at the email).
      await page.getByText('The mobile must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).').waitFor();
      expect(await page.getByText('Must be a valid email').isVisible()).toBe(true);
      expect(await page.getByText('Required').first().isVisible()).toBe(true);
    });

    const [pokhara] = await t.db.query(`SELECT id FROM branch WHERE title = 'Pokhara Wheels'`);
    for (let i = 0; i < 2; i++) await makeCustomer(t.db, { branchId: pokhara.id });
    await step(page, 'Total Sales sorts', async () => {
      await page.goto(`${t.url}/admin/branch`);
      await page.getByRole('columnheader', { name: 'Total Sales' }).getByRole('button').click();
      await page.getByRole('columnheader', { name: 'Total Sales' }).getByRole('button').click();
      await page.waitForURL((u) => u.search.includes('registrations_count'));
      await page.locator('tbody tr').first().getByText('Pokhara Wheels').waitFor();
    });
  });

  it('tells head office that only branch users convert, instead of leaving the page', async () => {
    const [staff] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
    const pre = await makePreregistration(t.db, { branchId: staff.branch_id, name: `Waiting ${uniqueDigits(4)}` });
    const page = await context.newPage();
    await signIn(page, t.url, 'office@example.com');
    const notice = 'Only branch users can register a purchase: head office can view, edit and verify pre-registrations. The branch staff convert this one from their account.';
    await step(page, 'the detail says so', async () => {
      await page.goto(`${t.url}/admin/preregistration/${pre.slug}`);
      await page.getByText(notice).waitFor();
      expect(await page.getByRole('link', { name: 'Proceed with Registration' }).count()).toBe(0);
    });
    await step(page, 'the conversion URL says so', async () => {
      await page.goto(`${t.url}/admin/registration/create/${pre.slug}`);
      await page.getByText(notice).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/registration/create/${pre.slug}`);
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL((u) => u.pathname === `/admin/preregistration/${pre.slug}`);
    });
  });

  it('titles records in the singular and says when the trash is empty', async () => {
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    const [branch] = await t.db.query(`SELECT slug FROM branch WHERE title = 'Kathmandu Motors'`);
    await step(page, 'titles', async () => {
      await page.goto(`${t.url}/admin/branch/${branch.slug}`);
      await page.getByText('Dealer Kathmandu Motors', { exact: true }).first().waitFor();
      await page.goto(`${t.url}/admin/user/create`);
      await page.getByText('Create Dealer User', { exact: true }).first().waitFor();
      await page.goto(`${t.url}/admin/video/create`);
      await page.getByText('Create Winner', { exact: true }).first().waitFor();
    });
    await step(page, 'empty trash', async () => {
      await page.goto(`${t.url}/admin/registration/deleted`);
      await page.getByText('No deleted registrations', { exact: true }).waitFor();
    });
  });

  it('shows the pre-registration list’s dates BS first with AD beside them, and filters it by a BS date range', async () => {
    const [staff] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
    // Three customers on AD days around Mangsir 2082: 2025-11-10, 2025-11-20 and 2025-11-28, at noon in Nepal.
    const made: Record<string, string> = { '2025-11-10': 'Kartik Customer', '2025-11-20': 'Mangsir Customer', '2025-11-28': 'Late Mangsir Customer' };
    for (const [day, name] of Object.entries(made)) {
      const pre = await makePreregistration(t.db, { branchId: staff.branch_id, name });
      await t.db.query(`UPDATE preregistration SET created_at = $2::timestamptz WHERE id = $1`, [pre.id, `${day}T12:00:00+05:45`]);
    }
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    await page.goto(`${t.url}/admin/preregistration`);
    await page.locator('table tbody tr').first().waitFor();
    // 1 Mangsir 2082 (17 November 2025) up to 8 Mangsir 2082 (24 November 2025).
    await page.getByRole('textbox', { name: 'From (BS)' }).fill('2082-08-01');
    await page.getByRole('textbox', { name: 'To (BS)' }).fill('2082-08-08');
    await page.waitForURL((u) => decodeURIComponent(u.search).includes('2025-11-24 00:00'));
    await page.locator('table tbody tr').filter({ hasText: 'Kartik Customer' }).waitFor({ state: 'detached' });
    await page.locator('table tbody tr').filter({ hasText: 'Late Mangsir Customer' }).waitFor({ state: 'detached' });
    const rows = await page.locator('table tbody tr').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Mangsir Customer');
    expect(rows[0]).toContain('2082-08-04 BS (2025-11-20)');
    // The AD pickers show the same filter.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2025-11-17T00:00');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2025-11-24T00:00');
  });

  it('fades a list’s rows while its new answer is on its way, so a row the search leaves out cannot be opened', async () => {
    const [staff] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
    await makePreregistration(t.db, { branchId: staff.branch_id, name: 'Other Customer' });
    const wanted = await makePreregistration(t.db, { branchId: staff.branch_id, name: 'Searched Customer' });
    const page = await context.newPage();
    await signIn(page, t.url, 'staff@example.com');
    await page.goto(`${t.url}/admin/preregistration`);
    const rows = page.locator('table tbody tr');
    const busy = page.locator('[aria-busy="true"]').filter({ has: page.locator('table') });
    await rows.filter({ hasText: 'Other Customer' }).waitFor();
    await busy.waitFor({ state: 'detached' });
    // The search's answer is held back until the page has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v1\/preregistration\?/, async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/preregistration?') && r.url().includes(wanted.phone));
    await page.getByRole('searchbox', { name: 'Search for Phone Number and Press Enter' }).fill(wanted.phone);
    await page.keyboard.press('Enter');
    await asked;
    // The previous rows stay in view, faded and busy; tapping one opens nothing.
    await busy.waitFor();
    expect(await rows.filter({ hasText: 'Other Customer' }).count()).toBe(1);
    expect(await rows.first().click({ timeout: 1000 }).then(() => 'opened', () => 'not opened')).toBe('not opened');
    expect(new URL(page.url()).pathname).toBe('/admin/preregistration');
    release();
    await rows.filter({ hasText: 'Other Customer' }).waitFor({ state: 'detached' });
    await busy.waitFor({ state: 'detached' });
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Searched Customer')]);
    await rows.first().click();
    await page.waitForURL((u) => u.pathname === `/admin/preregistration/${wanted.slug}`);
  });

  it('only logs a list that could not be loaded: no Oops! toast, and no count under the empty table', async () => {
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    await page.route(/\/api\/v1\/registration\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
    );
    const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes('A list could not be loaded') });
    await page.goto(`${t.url}/admin/registration`);
    await logged;
    await page.getByText('No Customers found').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Oops!' }).count()).toBe(0);
    expect(await page.getByText(/\d+\s*[-–]\s*\d+ of/).count()).toBe(0);
    // Still signed in: a failed list is not a 401.
    expect(new URL(page.url()).pathname).toBe('/admin/registration');
  });

  it('filters the prize scheme by branch (head office) and by a BS date range', async () => {
    const [a] = await t.db.query(`SELECT id, title FROM branch ORDER BY "order", id LIMIT 1`);
    // Two allocations of a day whose scheme may still change: the public stock (branch None) and branch A's.
    const open = new Date(Date.now() + 345 * 60000 + 2 * 86_400_000).toISOString().slice(0, 10);
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    for (const body of [
      { type: 'preregistration_public', date: open, amount: 3500 },
      { type: 'registration_branch', branch_id: a.id, date: open, amount: 1500 },
    ])
      expect((await t.http().post('/api/v1/allocation').set('Authorization', admin).send(body)).status).toBe(200);
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');
    await page.goto(`${t.url}/admin/scheme`);
    await page.locator('table tbody tr').filter({ hasText: 'None' }).first().waitFor();
    await page.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('listbox').getByRole('option', { name: a.title, exact: true }).click();
    await page.waitForURL((u) => new RegExp(`"branch":"?${a.id}"?[,}]`).test(decodeURIComponent(u.search)));
    await page.locator('table tbody tr').filter({ hasText: 'None' }).first().waitFor({ state: 'detached' });
    for (const row of await page.locator('table tbody tr').allInnerTexts()) expect(row).toContain(a.title);
    // Each row's day reads in BS first, the AD day beside it, as on every staff screen.
    expect(await page.locator('table tbody tr').filter({ hasText: `${adToBs(open)} BS (${open})` }).count()).toBe(1);
    // 1 Mangsir 2082 is 17 November 2025: the AD picker shows what the BS twin set.
    await page.getByRole('textbox', { name: 'From (BS)' }).fill('2082-08-01');
    await page.waitForURL((u) => decodeURIComponent(u.search).includes('"from":"2025-11-17"'));
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2025-11-17');
  });
});
