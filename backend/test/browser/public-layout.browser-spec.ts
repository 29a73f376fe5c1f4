import { Browser, BrowserContext, Page } from 'playwright-core';
import { allocate, pendingPreregistration } from '../factories/campaign';
import { pngBuffer } from '../factories/images';
import { launchBrowser, PHONE } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { countLayoutShifts, layoutShift, newContext, step } from './journey';

/**
 * Nothing on a public route moves while it loads (cumulative layout shift < 0.05, the
 * browser's own layout-shift entries): the landing page, the winner list (its video cards
 * used to move when their thumbnails arrived) and the dialogs, up to the wheel's result.
 */
describe('public routes keep still while they load (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 4000, probability: 100 });
    browser = await launchBrowser();
    context = await newContext(browser, PHONE);
    await countLayoutShifts(context);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  async function settle(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  }

  it('the landing page and the winner list', async () => {
    // Winner cards with thumbnails (their name in the middle, as the demo's).
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    for (const [i, title] of ['Sita Gurung', 'Hari Thapa', 'Maya Rai', 'Ram Karki', 'Gita Shah'].entries()) {
      const made = await t
        .http()
        .post('/api/v1/video')
        .set('Authorization', admin)
        .field('title', `${title}: winner`)
        .field('url', `https://www.example.com/videos/${i}`)
        .field('amount', '50000')
        .attach('thumbnail', await pngBuffer(640, 360), `${i}.png`);
      expect(made.body.data).toMatchObject({ thumbnail: { id: expect.any(Number) } });
    }
    for (const path of ['/', '/winner-list']) {
      const page = await context.newPage();
      await step(page, `load ${path}`, async () => {
        await page.goto(`${t.url}${path}`);
        if (path === '/winner-list') await page.locator('.video-grid img').first().waitFor();
        else await page.getByText('Nearby Showroom').waitFor();
        await settle(page);
        expect([path, await layoutShift(page)]).toEqual([path, expect.any(Number)]);
        expect(await layoutShift(page)).toBeLessThan(0.05);
        // Every image has its box before it arrives.
        const unsized = await page.$$eval('img', (imgs) =>
          imgs.filter((i) => !(Number(i.getAttribute('width')) > 0 && Number(i.getAttribute('height')) > 0)).map((i) => i.src),
        );
        expect(unsized).toEqual([]);
        if (path === '/') {
          // The latest four winners, newest first, below the fold (their images load when scrolled to).
          const strip = page.getByRole('region', { name: 'Winners list' }).getByRole('link');
          expect(await strip.allInnerTexts()).toEqual([
            expect.stringContaining('Gita Shah: winner'),
            expect.stringContaining('Ram Karki: winner'),
            expect.stringContaining('Maya Rai: winner'),
            expect.stringContaining('Hari Thapa: winner'),
            'Winners',
          ]);
          expect(await page.locator('.winners-link img').first().getAttribute('loading')).toBe('lazy');
        }
      });
      await page.close();
    }
  });

  it('panels do not repeat their heading, the play icon leaves the winner’s name clear, and an amount never breaks after "Rs."', async () => {
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    // A scheme text that starts with the panel's own title, as editors tend to write it.
    const saved = await t
      .http()
      .patch('/api/v1/setting')
      .set('Authorization', admin)
      .send({ scheme: '<h2>Scheme Details</h2><p>Every verified pre-registration wins.</p>' });
    expect(saved.status).toBe(200);
    const landing = await context.newPage();
    await step(landing, 'panel heading once', async () => {
      await landing.goto(`${t.url}/`);
      const details = landing.locator('details', { has: landing.locator('summary', { hasText: 'Scheme Details' }) });
      await details.locator('summary').click();
      await details.locator('.rich').waitFor();
      expect((await details.locator('.rich').innerText()).trim()).toBe('Every verified pre-registration wins.');
      expect(await details.getByText('Scheme Details').count()).toBe(1);
    });
    await landing.close();

    // A narrow phone: a long winner name next to an amount.
    const phone = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await phone.newPage();
    await step(page, 'winner cards', async () => {
      await page.goto(`${t.url}/winner-list`);
      await page.locator('.video-grid li').first().waitFor();
      const cards = await page.$$eval('.video-grid li', (items) =>
        items.map((li) => {
          const box = (el: Element | null) => el?.getBoundingClientRect();
          const icon = box(li.querySelector('svg'));
          const name = box(li.querySelector('.caption strong'));
          const amount = li.querySelector('.caption .nowrap');
          const overlaps =
            !!icon && !!name && icon.left < name.right && name.left < icon.right && icon.top < name.bottom && name.top < icon.bottom;
          const lineHeight = amount ? parseFloat(getComputedStyle(amount).lineHeight) || 20 : 0;
          return {
            overlaps,
            amountLines: amount ? Math.round(amount.getBoundingClientRect().height / lineHeight) : 0,
            amount: amount?.textContent ?? '',
          };
        }),
      );
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.filter((c) => c.overlaps)).toEqual([]);
      expect(cards.filter((c) => c.amount && c.amountLines !== 1)).toEqual([]);
      expect(cards.every((c) => /^Rs\. [\d,]+$/.test(c.amount))).toBe(true);
    });
    await phone.close();
  });

  it("the landing page whose uploaded pictures arrive late: the hero's box has its size before its picture, which is the width the phone needs", async () => {
    // The hero's two crops uploaded in the settings, the phone's as large as a camera's.
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    const setting = () => t.http().patch('/api/v1/setting').set('Authorization', admin);
    const uploaded = await setting()
      .attach('hero_phone', await pngBuffer(2400, 1200, '#0f766e'), 'hero-phone.png')
      .attach('hero_desktop', await pngBuffer(1200, 800, '#123456'), 'hero-desktop.png');
    expect(uploaded.status).toBe(200);
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const pictures: string[] = [];
    await page.route(/\/(uploads|brand)\//, async (route) => {
      pictures.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await step(page, 'load / with the uploads held back', async () => {
      await page.goto(`${t.url}/`, { waitUntil: 'domcontentloaded' });
      await page.getByText('Nearby Showroom').waitFor();
      const hero = page.locator('.hero-photo');
      const before = await hero.boundingBox();
      release();
      await hero.evaluate((img: HTMLImageElement) => img.decode());
      await settle(page);
      expect(before!.height).toBeGreaterThan(0);
      expect(before).toEqual(await hero.boundingBox());
      expect(await layoutShift(page)).toBeLessThan(0.05);
    });
    // 360 CSS px at 2x: the 800 px WebP, not the 2400 px upload.
    const phoneCrop = uploaded.body.data.hero_phone.url as string;
    const scaled = `/brand/${phoneCrop.slice('/uploads/'.length, phoneCrop.lastIndexOf('.'))}-800w.webp`;
    expect(new URL(await page.locator('.hero-photo').evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe(scaled);
    expect(pictures.filter((p) => p.includes(phoneCrop.slice('/uploads/'.length, phoneCrop.lastIndexOf('.'))))).toEqual([scaled]);
    await page.close();
    await setting().send({ hero_phone_id: null, hero_desktop_id: null });
  });

  it('the dialogs: enquiry, enter your code, verify and the draw to its result', async () => {
    const p = await pendingPreregistration(t.db, { branchId: null });
    const cases: [string, (page: Page) => Promise<void>][] = [
      [
        '/enquiry',
        (page) => page.getByRole('dialog', { name: 'Registration for the campaign 2082' }).getByLabel('Your nearest showroom*').waitFor(),
      ],
      ['/enquiry/return', (page) => page.getByRole('dialog', { name: 'Enter your code' }).getByLabel('Phone Number*').waitFor()],
      [`/enquiry/${p.slug}/verify`, (page) => page.getByRole('dialog', { name: 'Verify Your Phone Number' }).getByLabel('OTP').waitFor()],
    ];
    for (const [path, ready] of cases) {
      const page = await context.newPage();
      await step(page, `load ${path}`, async () => {
        await page.goto(`${t.url}${path}`);
        await ready(page);
        await settle(page);
        expect(await layoutShift(page)).toBeLessThan(0.05);
      });
      await page.close();
    }

    const verified = await t.http().post(`/api/v1/enquiry/${p.slug}/verify`).send({ code: p.code });
    expect(verified.status).toBe(200);
    const page = await context.newPage();
    await step(page, 'the draw, until the result shows', async () => {
      await page.goto(`${t.url}/enquiry/${p.slug}/draw`);
      await page
        .getByRole('dialog', { name: 'Prize Draw' })
        .getByRole('heading', { name: /रु\. ४,०००/ })
        .waitFor();
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.05);
    });
    await page.close();
  });
});
