import { Browser, BrowserContext, Page } from 'playwright-core';
import { allocate, commitOnTime } from '../factories/campaign';
import { launchBrowser, PHONE } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { latinWords, NEPALI_PAGE_ALLOWS, newContext, step } from './journey';

/**
 * Issue #35: on the Nepali site no visible text is English but the names the admin wrote
 * only in English (the brand's) and identifiers. Every page and dialog a visitor can open
 * without a code is read word by word (the verify and prize dialogs are read in the Nepali
 * journey, public-nepali.browser-spec.ts): the demo's models, showrooms, places and winners
 * have their Nepali names.
 */
describe('the Nepali site reads Nepali (browser, ne-NP)', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 5000, probability: 100 });
    await commitOnTime(t.app);
    browser = await launchBrowser();
    context = await newContext(browser, { ...PHONE, locale: 'ne-NP' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  /** The names the admin wrote only in English (the demo's roadies, the brand): proper names a Nepali page may show. */
  let namesInEnglish: string[] = [];
  const expectNepali = async (page: Page, where: string) => {
    if (!namesInEnglish.length) {
      const { data } = (await t.http().get('/api/v1/settings')).body;
      namesInEnglish = [data.brand_name, ...(data.options?.roadies ?? [])].join(' ').split(/\s+/).filter(Boolean);
    }
    const words = await latinWords(page, [...NEPALI_PAGE_ALLOWS, ...namesInEnglish]);
    expect({ where, words }).toEqual({ where, words: [] });
  };

  it('the landing page with its panels, showrooms and models, and the registration, return and booking dialogs', async () => {
    const page = await context.newPage();
    await step(page, 'the landing page', async () => {
      await page.goto(`${t.url}/`);
      await page.getByRole('heading', { name: 'नजिकको शोरुम' }).waitFor();
      await page.locator('.showroom-list li').first().waitFor();
      await page.locator('.bike-grid li').first().waitFor();
      for (const summary of await page.locator('details.rich-panel > summary').all()) await summary.click();
      await page.waitForLoadState('networkidle');
      // The showroom finder's places in Nepali: its zones (provinces) as the geography names them.
      expect(await page.locator('.filters select').first().locator('option').allInnerTexts()).toContain('बागमती');
      await expectNepali(page, 'landing page');
    });
    await step(page, 'the registration dialog, a screenshot field open', async () => {
      await page.getByRole('link', { name: 'अहिले दर्ता गर्नुहोस्' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('सामाजिक सञ्जालमा सेयर गरेको').check();
      // Our own button and "nothing chosen", never the browser's English "Choose File / No file chosen".
      await dialog.getByText('कुनै तस्बिर छानिएको छैन').waitFor();
      await expectNepali(page, 'registration dialog');
    });
    await step(page, 'the return dialog', async () => {
      await page.goto(`${t.url}/enquiry/return`);
      await page.getByRole('dialog').waitFor();
      await page.waitForLoadState('networkidle');
      await expectNepali(page, 'return dialog');
    });
    await step(page, 'the booking dialog, a place chosen', async () => {
      await page.goto(`${t.url}/`);
      await page.locator('.bike-grid li').first().getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('प्रदेश*').selectOption({ label: 'बागमती' });
      await dialog.getByLabel('जिल्ला*').selectOption({ label: 'काठमाडौँ' });
      await page.waitForLoadState('networkidle');
      await expectNepali(page, 'booking dialog');
    });
    await page.close();
  });

  it('the winners, the fairness page, the booking thanks and a missing page', async () => {
    const page = await context.newPage();
    for (const [path, ready] of [
      ['/winner-list', '.video-grid li'],
      ['/fairness', 'h1:text("पुरस्कार कसरी निकालिन्छ")'],
      ['/thankyou-for-test-ride-booking', 'h2:text("टेस्ट राइड बुक गर्नुभएकोमा धन्यवाद।")'],
      ['/no-such-page', 'h1:text("पृष्ठ भेटिएन")'],
    ] as const) {
      await step(page, path, async () => {
        await page.goto(`${t.url}${path}`);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectNepali(page, path);
      });
    }
    await page.close();
  });
});
