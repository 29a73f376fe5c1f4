import { Browser, BrowserContext, Page } from 'playwright-core';
import { allocate, pendingPreregistration, uniqueDigits } from '../factories/campaign';
import { makePreregistration } from '../factories/purchase';
import { makeCustomer } from '../factories/sms';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { countLayoutShifts, layoutShift, newContext, signIn, step } from './journey';

/**
 * A branch user's daily journey on the showroom's phone (360 x 780): find a customer by
 * phone, open the record, verify the code, convert into a purchase and see the wheel; on
 * every screen the page is no wider than the phone and the page title is whole. The same
 * journey at 1366 x 800 stays green for the desk.
 */
describe('the branch journey on a 360 px phone (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let staffBranch: number;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    [{ branch_id: staffBranch }] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
    await allocate(t.db, { type: 'preregistration_branch', branchId: staffBranch, count: 5, amount: 4500, probability: 100 });
    await allocate(t.db, { type: 'registration_branch', branchId: staffBranch, count: 5, amount: 7000, probability: 100 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The page is as wide as the screen (no sideways scrolling) and the app bar's title is not cut. */
  async function fits(page: Page, where: string) {
    const m = await page.evaluate(() => {
      const doc = document.documentElement;
      const title = document.getElementById('react-admin-title');
      return { scroll: doc.scrollWidth, width: doc.clientWidth, titleCut: title ? title.scrollWidth > title.clientWidth + 1 : false, title: title?.textContent ?? '' };
    });
    expect([where, m.scroll <= m.width, m.titleCut]).toEqual([where, true, false]);
    return m.title;
  }

  async function choose(page: Page, label: RegExp, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  async function journey(context: BrowserContext, phoneSized: boolean) {
    const code = String(100000 + Math.floor(Math.random() * 900000));
    const pre = await pendingPreregistration(t.db, { branchId: staffBranch, code });
    const page = await context.newPage();
    await signIn(page, t.url, 'staff@example.com');

    await step(page, 'find by phone', async () => {
      await page.goto(`${t.url}/admin/preregistration`);
      // Pasted with the country code: the search keeps the ten digits it looks for.
      await page.getByRole('searchbox', { name: 'Search for Phone Number and Press Enter' }).fill(`+977 ${pre.phone}`);
      await page.keyboard.press('Enter');
      // A phone shows one-line records (links), the desk a table's rows.
      const record = phoneSized ? page.getByRole('button', { name: new RegExp(pre.name) }).or(page.getByRole('link', { name: new RegExp(pre.name) })).first() : page.getByRole('cell', { name: pre.name, exact: true });
      await record.waitFor();
      if (phoneSized) {
        // One-line records, no table; the filters wait behind one button; the shortcut is an icon.
        expect(await page.locator('table').count()).toBe(0);
        // The phone search is its own box: no drawer filter is on yet.
        expect(await page.getByRole('button', { name: /^Filters/ }).innerText()).toBe('FILTERS');
        expect(await page.getByRole('link', { name: 'Pre-Registration' }).isVisible()).toBe(true);
      }
      expect(await fits(page, 'list')).toBe('Pre-Registration');
      await record.click();
      await page.waitForURL((u) => u.pathname === `/admin/preregistration/${pre.slug}`);
    });

    await step(page, 'open and verify', async () => {
      await page.getByRole('link', { name: 'Proceed with Verification' }).click();
      await page.getByRole('textbox', { name: /^Code/ }).fill(code);
      await fits(page, 'verify');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/admin/preregistration/${pre.slug}/draw`);
      await page.getByRole('heading', { name: `Congratulations ${pre.name}!` }).waitFor();
      await fits(page, 'pre-registration draw');
    });

    await step(page, 'convert into a purchase', async () => {
      await page.goto(`${t.url}/admin/preregistration/${pre.slug}`);
      await page.getByRole('link', { name: 'Proceed with Registration' }).click();
      await page.getByRole('textbox', { name: /^Bill \/ Chalan No\./ }).fill(uniqueDigits(6));
      await choose(page, /^Mode of Payment/, 'CASH');
      await page.getByRole('textbox', { name: /^Engine No\./ }).fill(`ENG${uniqueDigits(5)}`);
      await page.getByRole('textbox', { name: /^Chassis No\./ }).fill(`CHS${uniqueDigits(5)}`);
      await fits(page, 'registration form');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Please Confirm Registration Details' });
      await confirm.waitFor();
      await fits(page, 'confirm dialog');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/admin\/registration\/[^/]+\/draw$/);
    });

    await step(page, 'the purchase wheel', async () => {
      const wheel = page.getByRole('img', { name: /^Prize wheel with \d+ amounts$/ });
      await wheel.waitFor();
      await page.getByRole('heading', { name: `Congratulations ${pre.name}!` }).waitFor();
      // The wheel's frame (the wheel itself turns, and a turned square's box is wider than the wheel).
      const box = await wheel.locator('xpath=../..').boundingBox();
      const width = page.viewportSize()!.width;
      expect([Math.round(box!.x) >= 0, Math.round(box!.x + box!.width) <= width]).toEqual([true, true]);
      await fits(page, 'purchase draw');
    });
    await page.close();
  }

  it('at 360 x 780 as a branch user: find, open, verify, convert and see the wheel without sideways scrolling', async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    try {
      await journey(context, true);
    } finally {
      await context.close();
    }
  });

  it('at 1366 x 800 the same journey stays whole', async () => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' });
    try {
      await journey(context, false);
    } finally {
      await context.close();
    }
  });

  it('at 360 x 780 the dashboard and the lists keep still while they load', async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    await countLayoutShifts(context);
    try {
      const pre = await makePreregistration(t.db, { branchId: staffBranch, name: 'Steady Customer' });
      const bought = await makeCustomer(t.db, { branchId: staffBranch });
      const page = await context.newPage();
      await signIn(page, t.url, 'staff@example.com');
      // A phone's CPU (4x slower, as the bench's profile): the early rows then show before MUI's styles arrive.
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const [path, phone] of [
        ['/admin', bought.phone],
        ['/admin/preregistration', pre.phone],
        ['/admin/registration', bought.phone],
      ]) {
        // Opened afresh: the session is stored, the page and its rows come cold.
        await page.goto(`${t.url}${path}`);
        await page.locator('.RaList-content').getByText(phone).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        // Nothing moved at all: the first answer's wrapper once counted 0.045 at this size, and the
        // early rows (layout/FirstRows.tsx) 0.002 a row when MUI's body styles arrived under them.
        const shift = await layoutShift(page);
        expect([path, shift === 0 ? 'still' : `moved ${shift.toFixed(4)}`]).toEqual([path, 'still']);
      }
    } finally {
      await context.close();
    }
  });
});
