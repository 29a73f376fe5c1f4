import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { today } from '../factories/campaign';
import { eventually, newContext, signIn, step, textOf } from '../browser/journey';

/**
 * Journey on the embedded database, as a newcomer meets it after `npm install && npm start`:
 * the Super Admin opens Prize Scheme, saves the form as it opens (its date is the first day
 * that can still change), sees why a committed day cannot change before Save, and deletes
 * the allocation from the list; the site answers throughout.
 */
describe('prize scheme on the embedded database (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    t = await startTestApp({ listen: true, database: 'embedded' });
    browser = await launchBrowser();
    desk = await newContext(browser);
    page = await desk.newPage();
    await signIn(page, t.url, 'admin@example.com');
  });
  afterAll(async () => {
    await desk?.close();
    await browser?.close();
    await t?.close();
  });

  const healthy = async () => (await fetch(`${t.url}/api/v1/health`)).status;

  it('creates an allocation from the form as it opens, then deletes it from the list', async () => {
    const day = await t.http().get('/api/v1/allocation/day').set('Authorization', `Bearer ${await t.token('admin@example.com')}`);
    const firstOpen: string = day.body.data.first_open;
    expect(firstOpen > today()).toBe(true);
    const date = await step(page, 'form opens on the first open day', async () => {
      await page.goto(`${t.url}/admin/scheme/create`);
      const input = page.locator('input[name="date"]');
      await input.waitFor();
      await page.waitForFunction((want) => (document.querySelector('input[name="date"]') as HTMLInputElement | null)?.value === want, firstOpen);
      return input.inputValue();
    });

    await step(page, 'save as it opens', async () => {
      await page.getByRole('combobox', { name: /^Amount/ }).click();
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/scheme');
    });
    const [made] = await t.db.query(`SELECT id, date::text AS date, type, amount FROM allocation WHERE date = $1 ORDER BY id DESC LIMIT 1`, [date]);
    expect(made?.date).toBe(date);
    // Rows the list shows for the same date, type and amount (the demo may hold twins of ours).
    const twins = async () =>
      (await t.db.query(`SELECT count(*)::int AS n FROM allocation WHERE date = $1 AND type = $2 AND amount = $3`, [date, made.type, made.amount]))[0].n as number;
    const before = await twins();
    expect(await healthy()).toBe(200);

    await step(page, 'a committed day says why beside its date', async () => {
      await page.goto(`${t.url}/admin/scheme/create`);
      const input = page.locator('input[name="date"]');
      await input.waitFor();
      await input.fill(today());
      const why = await textOf(page.getByText(/can no longer change: change a later day\./));
      expect(why).toContain(today());
    });

    await step(page, 'delete from the list', async () => {
      await page.goto(`${t.url}/admin/scheme?filter=${encodeURIComponent(JSON.stringify({ date, type: made.type, amount: made.amount }))}`);
      await page.getByRole('button', { name: 'Delete' }).first().click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await eventually(twins, (n) => n === before - 1)).toBe(before - 1);
    });
    expect(await healthy()).toBe(200);
  });
});
