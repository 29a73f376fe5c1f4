import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Browser } from 'playwright-core';
import { staffDashboardPurchase } from '../factories/purchase';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { newContext, signIn, step } from './journey';

const SW = join(__dirname, '..', '..', '..', 'admin', 'dist', 'sw.js');

/** Puts a worker on disk as a build does: the file and its precompressed copies (the server answers with those). */
function writeWorker(text: string) {
  writeFileSync(SW, text);
  writeFileSync(`${SW}.br`, brotliCompressSync(text));
  writeFileSync(`${SW}.gz`, gzipSync(text));
}

/**
 * The admin as an installed web app (docs/decisions.md, "The admin, installed"): its manifest
 * and icon, a service worker that keeps the built code and nothing a customer typed, a repeat
 * visit that comes from it, and a new build that waits for the user's Reload instead of
 * reloading a form under them.
 */
describe('the admin, installed (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  const BUYER = 'Installed Buyer';

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    // A purchase at the branch staff's dealer: the first row of their dashboard's list.
    await staffDashboardPurchase(t, BUYER);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('serves a manifest with the brand icon, and a service worker no cache may hide', async () => {
    const manifest = await t.http().get('/admin/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    const body = JSON.parse(manifest.text);
    expect(body).toMatchObject({ name: 'Campaign Admin', start_url: '/admin/', scope: '/admin/', display: 'standalone' });
    for (const icon of body.icons as Array<{ src: string }>) {
      const res = await t.http().get(`/admin/${icon.src}`);
      expect({ icon: icon.src, status: res.status, type: res.type }).toEqual({ icon: icon.src, status: 200, type: 'image/png' });
    }
    const sw = await t.http().get('/admin/sw.js');
    expect({ status: sw.status, cache: sw.headers['cache-control'] }).toEqual({ status: 200, cache: 'no-cache' });
    // What it stores: the page and hashed code, never an answer of the API or an upload.
    expect(sw.text).toContain('assets/shell-');
    expect(sw.text).not.toMatch(/\/api\/|\/uploads\//);
  });

  it('answers a repeat visit from the worker, keeps no personal data, and waits for Reload when a new build is out', async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signIn(page, t.url, 'staff@example.com');
    await step(page, 'installed on the first visit', async () => {
      const active = await page.evaluate(async () => {
        for (let i = 0; i < 300; i++) {
          if ((await navigator.serviceWorker.getRegistration())?.active?.state === 'activated') return true;
          await new Promise((r) => setTimeout(r, 100));
        }
        return false;
      });
      expect(active).toBe(true);
    });
    await step(page, 'the repeat visit comes from it', async () => {
      await page.goto(`${t.url}/admin/preregistration`);
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      const stored = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      expect(stored.length).toBeGreaterThan(3);
      expect(stored.filter((u) => !u.startsWith('/admin/') || /^\/(api|uploads)\//.test(u))).toEqual([]);
    });
    await step(page, "the dashboard's reads asked by the page itself before any module has run, once each", async () => {
      const reads: string[] = [];
      const count = (r: import('playwright-core').Request) => void (r.url().includes('/api/v1/') && r.method() === 'GET' && reads.push(new URL(r.url()).pathname + new URL(r.url()).search));
      page.on('request', count);
      await page.goto(`${t.url}/admin/`);
      await page.locator('.RaList-content li').filter({ hasText: BUYER }).first().waitFor();
      page.off('request', count);
      // What the page asked before any module ran is what the dashboard reads, each once: no read
      // of the app's own beside it, none of them missing.
      const inline = await page.evaluate(() => Object.keys((window as unknown as { __earlyReads?: { reads: object } }).__earlyReads?.reads ?? {}));
      expect(inline).toContain('/registration?start=0&length=10');
      expect(reads.map((r) => r.replace(/[?&]draw=\d+/, '')).sort()).toEqual(inline.map((path) => `/api/v1${path}`).sort());
      // The early rows have left: react-admin's list shows its own.
      expect(await page.locator('.first-rows-row').count()).toBe(0);
    });
    await step(page, "the pre-registration list's rows asked by the page itself, with the filter the list was left on", async () => {
      // Yesterday: the list left on the buyer's prize (react-admin keeps a list's filters for its next visit).
      await page.goto(`${t.url}/admin/preregistration?filter=${encodeURIComponent(JSON.stringify({ prize: '3000' }))}`);
      await page.locator('.RaList-content li').filter({ hasText: BUYER }).first().waitFor();
      const reads: string[] = [];
      const count = (r: import('playwright-core').Request) => void (r.url().includes('/api/v1/preregistration') && r.method() === 'GET' && reads.push(new URL(r.url()).pathname + new URL(r.url()).search));
      page.on('request', count);
      await page.goto(`${t.url}/admin/preregistration`);
      await page.locator('.RaList-content li').filter({ hasText: BUYER }).first().waitFor();
      page.off('request', count);
      const inline = await page.evaluate(() => Object.keys((window as unknown as { __earlyReads?: { reads: object } }).__earlyReads?.reads ?? {}));
      // The page of rows, asked once, by the page's inline script, as the list asks it.
      expect(inline).toEqual([expect.stringMatching(/^\/preregistration\?start=0&length=10&prize=3000$/)]);
      expect(reads).toEqual([`/api/v1${inline[0]}`]);
      expect(await page.locator('.first-rows-row').count()).toBe(0);
    });
    const search = page.getByRole('searchbox', { name: 'Search for Phone Number and Press Enter' });
    const original = readFileSync(SW, 'utf8');
    try {
      await step(page, 'a new build waits for Reload', async () => {
        await search.fill('98412');
        writeWorker(`${original}\n// a new build\n`);
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
        await page.getByText('A new version of the admin is ready. Reload once your work is saved.').waitFor();
        // Nothing was reloaded under the user: what they typed is still there.
        expect(await search.inputValue()).toBe('98412');
        // Waited for before the press: the reload can be over before a wait begun after it.
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
        await page.getByRole('searchbox', { name: 'Search for Phone Number and Press Enter' }).waitFor();
        expect(await page.getByText('A new version of the admin is ready.').count()).toBe(0);
      });
    } finally {
      writeWorker(original);
    }
    await context.close();
  });
});
