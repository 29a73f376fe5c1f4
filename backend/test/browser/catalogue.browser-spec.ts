import { bsToAd } from '@campaign/domain';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { pngBuffer } from '../factories/images';
import { newContext, signIn, step } from './journey';

/**
 * Journey: what head office enter in the admin (a dealer, a winner video, the scheme,
 * terms and policy texts) is what visitors find on the public site.
 */
describe('catalogue (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: BrowserContext;
  let phone: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
    desk = await newContext(browser);
    phone = await newContext(browser, PHONE);
    admin = await desk.newPage();
    await signIn(admin, t.url, 'admin@example.com');
  });
  afterAll(async () => {
    await desk?.close();
    await phone?.close();
    await browser?.close();
    await t?.close();
  });

  /** Picks `option` in the react-admin select labelled `label`. */
  async function choose(page: Page, label: RegExp, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** A fresh visit of the public site (its reads are cached per visit). */
  async function visit(path: string): Promise<Page> {
    const page = await phone.newPage();
    await page.goto(`${t.url}${path}`);
    return page;
  }

  it("creates a dealer on 'Dealer Registration' and finds it in the showroom panel under its zone", async () => {
    const title = 'Surkhet Riders Hub';
    await step(admin, 'dealer form', async () => {
      await admin.goto(`${t.url}/admin/branch/create`);
      await admin.getByText('Dealer Registration').first().waitFor();
      await admin.getByRole('textbox', { name: /^Title(?! \(Nepali)/ }).fill(title);
      await choose(admin, /^State/, 'Karnali');
      await choose(admin, /^District/, 'Surkhet');
      await choose(admin, /^City/, 'Birendranagar Municipality');
      await admin.getByRole('textbox', { name: /^Location(?! \(Nepali)/ }).fill('Mangalgadhi Chowk');
      await admin.getByRole('textbox', { name: /^Email/ }).fill('surkhet@example.com');
      await admin.getByRole('textbox', { name: /^Phone/ }).fill('083-521234');
      await admin.getByRole('textbox', { name: /^Mobile/ }).fill('9858034567');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.waitForURL((u) => u.pathname === '/admin/branch');
      // The list is in the dealers' order: the new one is found by searching.
      await admin.getByPlaceholder('Search').fill('Surkhet');
      const row = admin.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      expect((await row.locator('td').allInnerTexts()).slice(0, 5)).toEqual([title, 'Karnali', 'Surkhet', 'Birendranagar Municipality', 'Mangalgadhi Chowk']);
    });

    const page = await visit('/');
    await step(page, 'showroom panel', async () => {
      const panel = page.getByRole('region', { name: 'Nearby Showroom' });
      await panel.getByRole('status').filter({ hasText: /^\d+ showrooms?$/ }).waitFor();
      await panel.getByLabel('Zone').selectOption('Karnali');
      await panel.getByRole('status').filter({ hasText: '1 showroom' }).waitFor();
      const list = panel.getByRole('list', { name: 'Showrooms' });
      expect(await list.getByRole('listitem').allInnerTexts()).toEqual([`${title}\nMangalgadhi Chowk, Surkhet`]);
      // Its district is the zone's one location.
      expect(await panel.getByLabel('Location').locator('option').allInnerTexts()).toEqual(['All', 'Surkhet']);
    });
    await page.close();
  });

  it('shows a winner video created in the admin on /winner-list', async () => {
    const title = 'Winner Sunita Magar';
    const url = 'https://www.youtube.com/watch?v=campaign2082';
    await step(admin, 'video form', async () => {
      await admin.goto(`${t.url}/admin/video/create`);
      await admin.getByRole('textbox', { name: /^Name(?! \(Nepali)/ }).fill(title);
      await admin.getByRole('textbox', { name: /^Link URL/ }).fill(url);
      await admin.getByRole('spinbutton', { name: /^Amount/ }).fill('50000');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.waitForURL((u) => u.pathname === '/admin/video');
      await admin.getByRole('row').filter({ hasText: title }).first().waitFor();
    });

    const page = await phone.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${t.url}/winner-list`);
    await step(page, 'winner list', async () => {
      await page.getByRole('heading', { name: 'Winners' }).waitFor();
      const link = page.getByRole('link', { name: new RegExp(`^${title}`) });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.innerText()).toContain('Rs. 50,000');
      // The list was asked for with the page, and the page's own call took that answer: once.
      expect(await page.locator('head link[rel="preload"][as="fetch"]').evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href))).toEqual([`${t.url}/api/v1/videos`]);
      expect(asked.filter((p) => p === '/api/v1/videos')).toHaveLength(1);
    });
    await page.close();
  });

  it('shows the scheme, terms and privacy texts edited in the admin in the public panels', async () => {
    const texts = {
      Scheme: 'Win up to one lakh rupees on every bike bought before Chaitra end.',
      'Terms and Conditions': 'One prize per citizenship number; prizes are not exchangeable for cash.',
      'Privacy Policy': 'Phone numbers are used only to send the campaign code and prize messages.',
    };
    await step(admin, 'settings form', async () => {
      await admin.goto(`${t.url}/admin/settings`);
      for (const [label, text] of Object.entries(texts)) {
        // Each rich-text editor is a textbox named by its label, as a screen reader hears it.
        const editor = admin.getByRole('textbox', { name: label, exact: true });
        await editor.click();
        await editor.press('ControlOrMeta+a');
        await editor.press('Delete');
        await editor.pressSequentially(text);
      }
      await admin.getByRole('button', { name: 'Submit' }).click();
      await admin.getByRole('alert').filter({ hasText: 'Success!' }).waitFor();
    });

    const page = await visit('/');
    await step(page, 'public panels', async () => {
      for (const [panel, text] of [
        ['Scheme Details', texts.Scheme],
        ['Terms and Condition', texts['Terms and Conditions']],
        ['Privacy Policy', texts['Privacy Policy']],
      ]) {
        const details = page.locator('details', { has: page.locator('summary', { hasText: panel }) });
        await details.locator('summary').click();
        const body = details.locator('.rich');
        await body.waitFor();
        expect((await body.innerText()).trim()).toBe(text);
      }
    });
    await page.close();
  });

  it('sets the notice popup image and the campaign texts in the settings, previews them, and the landing page opens with the notice', async () => {
    await step(admin, 'settings: notice, campaign name, support phone', async () => {
      await admin.goto(`${t.url}/admin/settings`);
      await admin.getByRole('textbox', { name: 'Campaign Name', exact: true }).fill('Dashain Dhamaka 2082');
      await admin.getByRole('textbox', { name: 'Support Phones' }).fill('9801234567, 01-4412345');
      const notice = admin.getByRole('group').filter({ hasText: 'Notice Popup Image' }).or(admin.locator('div', { has: admin.getByText('Notice Popup Image', { exact: true }) }).last());
      await notice.getByRole('button', { name: 'Select Image' }).first().click();
      await admin.getByTestId('file-picker-upload').setInputFiles({ name: 'dashain-notice.png', mimeType: 'image/png', buffer: await pngBuffer(600, 800, '#1565c0') });
      await admin.getByRole('option', { name: 'dashain-notice.png' }).click();
      await admin.getByRole('dialog', { name: 'Select Or Upload File' }).waitFor({ state: 'detached' });
      await admin.getByRole('img', { name: 'Notice Popup Image preview' }).waitFor();
    });
    await step(admin, 'settings: preview', async () => {
      await admin.getByRole('button', { name: 'Preview' }).click();
      const preview = admin.getByRole('dialog', { name: 'Preview of the landing page' });
      await preview.getByRole('img', { name: 'Notice popup image' }).waitFor();
      expect(await preview.getByRole('region', { name: 'Scheme Details' }).innerText()).toContain('Win up to one lakh rupees');
      await preview.getByRole('button', { name: 'Close' }).click();
      await admin.getByRole('button', { name: 'Submit' }).click();
      await admin.getByRole('alert').filter({ hasText: 'Success!' }).waitFor();
    });
    const saved = await t.http().get('/api/v1/settings');
    expect(saved.body.data).toMatchObject({ campaign_name: 'Dashain Dhamaka 2082', support_phones: ['9801234567', '01-4412345'], notice: { url: expect.stringMatching(/^\/uploads\//) } });

    const name = (saved.body.data.notice.url as string).slice('/uploads/'.length).replace(/\.\w+$/, '');
    const page = await phone.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    // The notice is the page's own: it opens, and closes, before (here: without) the site's script.
    await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
    await page.goto(`${t.url}/`);
    const shown = page.getByRole('dialog', { name: 'Notice' }).getByRole('img', { name: 'Campaign notice' });
    await step(page, 'landing page notice, before the app', async () => {
      await shown.waitFor();
      // Not the upload: its WebP copy at the width the screen takes (600 px is the upload's own; 400 would be too narrow at 2x).
      expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toBe(`${t.url}/brand/${name}-600w.webp`);
      expect([...new Set(asked.filter((p) => p.includes(name)))]).toEqual([`/brand/${name}-600w.webp`]);
      await page.getByRole('button', { name: 'Close' }).click();
      await shown.waitFor({ state: 'detached' });
    });
    await step(page, 'landing page again in the same visit: the notice stays closed', async () => {
      await page.unroute('**/*');
      await page.reload();
      await page.getByRole('link', { name: 'Winners', exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.locator('#notice').count()).toBe(0);
    });
    await page.close();

    // With the site's script: the page asks for it once the notice's picture has arrived, not
    // beside it on the link, and the page works once the notice is closed.
    const withApp = await phone.newPage();
    const order: string[] = [];
    withApp.on('request', (r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()) && order.push('script asked'));
    withApp.on('requestfinished', (r) => r.url().includes(`/brand/${name}-`) && order.push('picture arrived'));
    await withApp.goto(`${t.url}/`);
    await step(withApp, 'landing page notice, then the site', async () => {
      const notice = withApp.getByRole('dialog', { name: 'Notice' });
      await notice.getByRole('img', { name: 'Campaign notice' }).waitFor();
      await notice.getByRole('button', { name: 'Close' }).click();
      await notice.waitFor({ state: 'detached' });
      await withApp.getByRole('link', { name: 'Winners', exact: true }).waitFor();
      await withApp.getByRole('button', { name: 'Book a Test Ride', exact: true }).click();
      await withApp.getByRole('dialog', { name: 'Book a Rides' }).waitFor();
      expect(order).toEqual(['picture arrived', 'script asked']);
    });
    await withApp.close();

    // A visit that starts elsewhere gets the notice on coming to the home page within the site, not before.
    const other = await phone.newPage();
    const otherAsked: string[] = [];
    other.on('request', (r) => otherAsked.push(new URL(r.url()).pathname));
    await other.goto(`${t.url}/winner-list`);
    await step(other, 'winner list: no notice, its picture not asked for', async () => {
      await other.getByRole('link', { name: '← Back to Home' }).waitFor();
      expect(await other.getByRole('dialog').count()).toBe(0);
      expect(otherAsked.filter((p) => p.includes(name))).toEqual([]);
    });
    await step(other, 'home within the site: the notice', async () => {
      await other.getByRole('link', { name: '← Back to Home' }).click();
      const notice = other.getByRole('dialog', { name: 'Notice' });
      await notice.getByRole('img', { name: 'Campaign notice' }).waitFor();
      expect(await notice.getByRole('button', { name: 'Close' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await other.keyboard.press('Escape');
      await notice.waitFor({ state: 'detached' });
      expect(other.url()).toBe(`${t.url}/`);
    });
    await other.close();

    await step(admin, 'settings: notice removed', async () => {
      await admin.reload();
      await admin.getByRole('button', { name: 'Remove' }).click();
      await admin.getByRole('button', { name: 'Submit' }).click();
      await admin.getByRole('alert').filter({ hasText: 'Success!' }).last().waitFor();
    });
    expect((await t.http().get('/api/v1/settings')).body.data.notice).toBeNull();
  });

  it('returns from a create to a list that shows the new record, though a search set before would hide it', async () => {
    await step(admin, 'bike models searched for something else', async () => {
      await admin.goto(`${t.url}/admin/bike-model`);
      await admin.getByRole('textbox', { name: 'Search' }).fill('Zzz no such model');
      await admin.getByText('No results found').or(admin.getByText(/no bike model/i)).first().waitFor();
    });
    await step(admin, 'create and back', async () => {
      await admin.getByRole('link', { name: 'Create' }).click();
      await admin.getByRole('textbox', { name: /^Title(?! \(Nepali)/ }).fill('Everest Trail 150');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.waitForURL((u) => u.pathname === '/admin/bike-model');
      await admin.getByRole('cell', { name: 'Everest Trail 150' }).waitFor();
      expect(await admin.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('');
    });
  });

  it('keeps the campaign end date in BS: typed in BS, the AD picker and the saved day follow', async () => {
    const bs = '2088-01-15';
    const ad = bsToAd(bs)!;
    await step(admin, 'settings: the end date typed in BS', async () => {
      await admin.goto(`${t.url}/admin/settings`);
      await admin.getByRole('textbox', { name: 'Campaign End Date (BS)' }).fill(bs);
      expect(await admin.getByLabel('Campaign End Date', { exact: true }).inputValue()).toBe(ad);
      await admin.getByRole('button', { name: 'Submit' }).click();
      await admin.getByRole('alert').filter({ hasText: 'Success!' }).waitFor();
    });
    await step(admin, 'settings read again', async () => {
      await admin.reload();
      await expect(admin.getByLabel('Campaign End Date', { exact: true }).inputValue()).resolves.toBe(ad);
      expect(await admin.getByRole('textbox', { name: 'Campaign End Date (BS)' }).inputValue()).toBe(bs);
    });
    const token = `Bearer ${await t.token('admin@example.com')}`;
    expect((await t.http().get('/api/v1/setting').set('Authorization', token)).body.data.campaign_ends_on).toBe(ad);
  });

  it('reads the audit trail in words, with the record each action touched', async () => {
    const token = `Bearer ${await t.token('admin@example.com')}`;
    const [model] = (await t.http().get('/api/v1/bike-model').query({ 'search[value]': 'Everest Trail 150' }).set('Authorization', token)).body.data;
    expect((await t.http().post(`/api/v1/bike-model/${model.slug}`).set('Authorization', token).send({ title: 'Everest Trail 160' })).status).toBe(200);
    await step(admin, 'audit trail', async () => {
      await admin.goto(`${t.url}/admin/audit`);
      const edited = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Edited a bike model' }) }).first();
      expect(await edited.getByRole('link', { name: model.slug }).getAttribute('href')).toBe(`/admin/bike-model/${model.slug}`);
      await admin.getByRole('cell', { name: 'Changed the settings' }).first().waitFor();
      await admin.getByRole('cell', { name: 'Created a bike model' }).first().waitFor();
      await admin.getByRole('cell', { name: 'Created a dealer' }).first().waitFor();
      expect(await admin.getByRole('cell', { name: /^(POST|PATCH|DELETE) \/api/ }).count()).toBe(0);
    });
  });
});
