import { Browser } from 'playwright-core';
import { launchBrowser, PHONE } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { makePreregistration } from '../factories/purchase';
import { axeViolations } from './axe';
import { newContext, signIn } from './journey';

/**
 * axe-core's WCAG 2.1 A and AA rules on the public routes (in both languages, on a phone) and
 * on the admin's login, a list and a form (#16): no violation at all.
 */
describe('accessibility rules (axe-core) on the screens people use', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const publicPages: Array<[string, string, string]> = [
    ['the landing page', '/', 'Nearby Showroom'],
    ['the landing page in Nepali', '/?lang=ne', 'नजिकको शोरुम'],
    ['the enquiry dialog', '/enquiry', 'Registration for the campaign 2082'],
    ['the enquiry dialog in Nepali', '/enquiry?lang=ne', 'अभियान २०८२ का लागि दर्ता'],
    ['the winner list', '/winner-list', 'Winners'],
    ['the fairness page', '/fairness', 'How prizes are drawn'],
    ['the test-ride thank-you', '/thankyou-for-test-ride-booking', 'Thank You for Test Ride Booking.'],
  ];

  it.each(publicPages)('%s breaks no rule', async (_name, path, heading) => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${t.url}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("breaks no rule on the admin's login, the pre-registration list and its create form", async () => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect({ login: await axeViolations(page) }).toEqual({ login: [] });
    await signIn(page, t.url, 'staff@example.com');
    // A record of the staff member's branch, so the list has a row.
    await makePreregistration(t.db, { branchId: (await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`))[0].branch_id });
    await page.goto(`${t.url}/admin/preregistration`);
    await page.getByRole('searchbox', { name: 'Search for Phone Number and Press Enter' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    expect({ list: await axeViolations(page) }).toEqual({ list: [] });
    await page.goto(`${t.url}/admin/preregistration/create`);
    await page.getByRole('textbox').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect({ form: await axeViolations(page) }).toEqual({ form: [] });
    await context.close();
  });
});
