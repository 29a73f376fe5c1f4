import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { newContext, signIn, step } from './journey';

/**
 * Every admin page on a 360 x 740 phone, for branch staff and for head office: the page never
 * scrolls sideways (a wide table scrolls inside its own box), and the user menu and a list's
 * Download stay on the screen, where a thumb can reach them. A page the user may not open
 * (its "access denied") is held to the same rule.
 */
describe('every admin page fits a 360 px phone (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  /** One record of each resource with a record page, by its address. */
  const records: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
    const first = async (sql: string) => String((await t.db.query(sql))[0]?.key ?? '');
    records.branch = await first(`SELECT slug AS key FROM branch ORDER BY id LIMIT 1`);
    records.user = await first(`SELECT slug AS key FROM "user" WHERE email = 'staff@example.com'`);
    records['bike-model'] = await first(`SELECT slug AS key FROM bike_model ORDER BY id LIMIT 1`);
    records.video = await first(`SELECT id AS key FROM video ORDER BY id LIMIT 1`);
    // Records of the staff user's branch, so both users may open them.
    records.preregistration = await first(
      `SELECT p.slug AS key FROM preregistration p JOIN "user" u ON u.branch_id = p.branch_id WHERE u.email = 'staff@example.com' ORDER BY p.id LIMIT 1`,
    );
    records.registration = await first(
      `SELECT r.slug AS key FROM registration r JOIN "user" u ON u.branch_id = r.branch_id WHERE u.email = 'staff@example.com' ORDER BY r.id LIMIT 1`,
    );
    records['test-ride'] = await first(
      `SELECT tr.slug AS key FROM test_ride tr JOIN "user" u ON u.branch_id = tr.branch_id WHERE u.email = 'staff@example.com' ORDER BY tr.id LIMIT 1`,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Every page of the admin: the menu's screens, their create pages, and a record's page and form of each resource. */
  const pages = () => [
    '',
    'branch',
    'branch/create',
    'user',
    'user/create',
    'preregistration',
    'preregistration/create',
    'registration',
    'registration/trash',
    'test-ride',
    'referrer',
    'bike-model',
    'bike-model/create',
    'video',
    'video/create',
    'sms',
    'analytics',
    'scheme',
    'scheme/create',
    'settings',
    'audit',
    'profile',
    ...Object.entries(records).flatMap(([resource, key]) => (key ? [`${resource}/${key}`, ...(resource === 'test-ride' ? [] : [`${resource}/${key}/edit`])] : [])),
  ];

  /** What is wider than the screen: the page's scroll width and the elements that stick out, named for the failure message. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.right <= width + 1) return false;
          // Inside a box that scrolls sideways on its own: that is the rule, not a breach.
          for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if ((s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden') && p.getBoundingClientRect().right <= width + 1) return false;
          }
          return true;
        })
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} to ${Math.round(el.getBoundingClientRect().right)}px`);
      return { scroll: document.documentElement.scrollWidth, width, wide };
    });

  /** A control is on the screen: inside the viewport's width, so a thumb can tap it without scrolling sideways. */
  async function onScreen(page: Page, name: string, locator: ReturnType<Page['getByRole']>, required = false) {
    if (!required && (await locator.count()) === 0) return;
    const box = await locator.first().boundingBox();
    expect({ control: name, onScreen: !!box && box.x >= 0 && box.x + box.width <= 361 }).toEqual({ control: name, onScreen: true });
  }

  async function everyPage(context: BrowserContext, email: string) {
    const page = await context.newPage();
    await signIn(page, t.url, email);
    const seen: string[] = [];
    for (const path of pages()) {
      await step(page, `${email} /admin/${path}`, async () => {
        await page.goto(`${t.url}/admin/${path}`);
        // The page has drawn its content and finished its reads.
        await page.locator('#main-content').filter({ hasText: /\S/ }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const m = await overflow(page);
        expect({ path, scroll: m.scroll, wide: m.wide }).toEqual({ path, scroll: m.width, wide: [] });
        await onScreen(page, 'user menu', page.getByRole('button', { name: /(^Profile$)|(profile and sign out$)/ }), true);
        await onScreen(page, 'Download', page.getByRole('button', { name: 'Download' }));
        seen.push(path);
      });
    }
    await page.close();
    return seen;
  }

  it('for branch staff', async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    expect((await everyPage(context, 'staff@example.com')).length).toBe(pages().length);
    await context.close();
  });

  it('for head office', async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    expect((await everyPage(context, 'admin@example.com')).length).toBe(pages().length);
    await context.close();
  });
});
