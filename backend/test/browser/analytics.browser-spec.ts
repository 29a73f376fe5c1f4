import { Browser, BrowserContext, Request } from 'playwright-core';
import { makePreregistration } from '../factories/purchase';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { newContext, signIn, step } from './journey';

/**
 * Journey: head office open the analytics page. Its code and the chart library load only
 * then (not with the login page nor the dashboard); each chart is one labelled image drawn by
 * the library, and 'Show table' gives its numbers as a table.
 */
describe('analytics (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    const [{ id: branchId }] = await t.db.query(`SELECT branch_id AS id FROM "user" WHERE email = 'staff@example.com'`);
    // Three pre-registrations today: the activity chart has something to draw.
    for (let i = 1; i <= 3; i++) await makePreregistration(t.db, { branchId, name: `Chart Customer ${i}` });
    browser = await launchBrowser();
    context = await newContext(browser, { viewport: { width: 1366, height: 800 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  it('loads the charts with the page only, draws each as a labelled image and shows its numbers as a table', async () => {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r: Request) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const analyticsChunk = (paths: string[]) => paths.some((p) => /\/assets\/AnalyticsPage-[\w-]+\.js$/.test(p));

    await step(page, 'login and dashboard', async () => {
      await page.goto(`${t.url}/login`);
      // The login page alone: no react-admin shell, no screen's code.
      await page.getByLabel('Email').waitFor();
      expect(scripts.some((p) => /\/assets\/AdminRouter-/.test(p))).toBe(false);
      await signIn(page, t.url, 'admin@example.com');
      await page.waitForURL(/\/admin/);
      await page.getByText('Demo Admin').first().waitFor();
      expect(analyticsChunk(scripts)).toBe(false);
    });

    await step(page, 'analytics', async () => {
      await page.goto(`${t.url}/admin/analytics`);
      const activity = page.getByRole('img', { name: /^Line chart per day, .*Pre-registrations 3 in all/ });
      await activity.waitFor();
      expect(analyticsChunk(scripts)).toBe(true);
      // Drawn by the chart library: an svg with one line per series.
      expect(await activity.locator('svg .MuiLineChart-line').count()).toBe(4);
      expect(await page.getByRole('img', { name: /^Bar chart per branch/ }).count()).toBe(1);
      expect(await page.getByRole('img', { name: /^Bar chart of pre-registrations by source/ }).count()).toBe(1);
    });

    await step(page, 'show table', async () => {
      const section = page.getByRole('region', { name: 'Activity per day' });
      await section.getByRole('button', { name: 'Show table' }).click();
      const table = section.getByRole('table');
      await table.waitFor();
      expect(await section.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
      const total = table.getByRole('row').filter({ hasText: 'Total' });
      expect((await total.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['Total', '3']);
    });
    await page.close();
  });
});
