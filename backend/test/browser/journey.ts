import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { FakeProvider, SPARROW_OK, startFakeProvider } from '../harness/fake-provider';
import { DEMO_PASSWORDS, startTestApp, TestApp } from '../harness/test-app';

/**
 * What every browser journey shares: generous waits for a loaded 2-core machine, a
 * screenshot of what the user saw when a step fails, and the admin sign-in.
 */

/** Where failing steps leave their screenshots. */
export const SHOT_DIR = process.env.JOURNEY_SHOTS ?? '/tmp/journeys';

/** Waits long enough for a cold page on a busy machine; jest's own timeout still bounds a test. */
export const WAIT_MS = 45_000;

/**
 * A browser context for a journey. The admin's service worker is blocked unless a test asks for
 * it (`serviceWorkers: 'allow'`, the installed admin's own test): a page's routes in a test see
 * every request only without one.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Kathmandu', serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  return context;
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOT_DIR, { recursive: true });
  const file = join(SHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}

/**
 * Runs one step of a journey; when it fails, the page is photographed and the error names
 * the step, the URL and the screenshot.
 */
export async function step<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const file = await shot(page, `${expect.getState().currentTestName ?? 'journey'}-${name}`);
    const err = e as Error;
    err.message = `step '${name}' failed at ${page.url()} (screenshot ${file}):\n${err.message}`;
    throw err;
  }
}

/** Visible text of a locator, waiting for it first. */
export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.innerText()).trim();
}

/** Polls `read` until `ok` holds (for values that settle after a request). */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() > deadline) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Counts every layout shift each page of `context` makes, as Lighthouse does (not those right
 * after the user's input); `layoutShift(page)` reads the page's sum.
 */
export async function countLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/** Signs a demo user in on /login and waits for the admin. */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORDS[email]) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
}

/** The text of the 6-digit code in an SMS text. */
export function codeIn(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

/** A journey's world: the app listening for Chromium, its SMS going to a fake Sparrow gateway (real HTTP), and the browser. */
export interface SmsJourney {
  t: TestApp;
  fake: FakeProvider;
  browser: Browser;
  close(): Promise<void>;
}

export async function startSmsJourney(): Promise<SmsJourney> {
  const fake = await startFakeProvider({ 'POST /v2/sms/': { body: SPARROW_OK } });
  const t = await startTestApp({ listen: true, env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 'test-token' } });
  const browser = await launchBrowser();
  return {
    t,
    fake,
    browser,
    close: async () => {
      await browser.close();
      await t.close();
      await fake.close();
    },
  };
}

/** What a Nepali page may write in Latin letters: the demo brand's name (written only in English), OTP and SMS as Nepali writes them, the social networks' names. */
export const NEPALI_PAGE_ALLOWS = ['Everest', 'Moto', 'OTP', 'SMS', 'Facebook', 'Instagram', 'YouTube', 'TikTok', 'WhatsApp', 'Viber', 'Messenger', 'X'];

/**
 * The Latin words a Nepali reader meets on the page: visible text (select options, texts for
 * screen readers included) and the labels, placeholders and titles read aloud, with what a
 * Nepali page may keep in Latin taken out: identifiers in code (draw ids, fingerprints, the
 * verifier's command), text the page marks as English (the language switch), links and
 * e-mail addresses written out, hashtags, hexadecimal and the `allowed` proper names (the
 * brand's, which the admin writes only in English, and OTP / SMS, as Nepali writes them).
 * Each word comes with the text around it.
 */
export async function latinWords(page: Page, allowed: string[]): Promise<string[]> {
  return page.evaluate((allow) => {
    const skip = 'code, kbd, samp, script, style, noscript, template, [lang="en"], [translate="no"]';
    const visible = (el: Element) => {
      const shown = el.closest('option') ? el.closest('select') : el;
      return !!shown && (shown as HTMLElement).checkVisibility?.({ visibilityProperty: true });
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && !el.closest(skip) && visible(el) && n.textContent?.trim()) texts.push(n.textContent.trim());
    }
    for (const el of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))) {
      if (el.closest(skip) || !visible(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) texts.push(v);
      }
    }
    const ok = new Set(allow.map((w) => w.toLowerCase()));
    const found: string[] = [];
    for (const text of texts) {
      const cleaned = text
        .replace(/\bhttps?:\/\/\S+|\b[\w.+-]+@[\w-]+\.[\w.]+|#\w+|\b[0-9a-f]{8,}\b|\b[\w-]+\.(?:com|np|org)\b/gi, ' ')
        .replace(/\b[A-Z0-9]{2,}-[A-Z0-9-]+\b/g, ' ');
      for (const m of cleaned.matchAll(/[A-Za-z][A-Za-z'’]*/g)) {
        if (!ok.has(m[0].toLowerCase())) found.push(`${m[0]} (in "${text.slice(0, 80)}")`);
      }
    }
    return [...new Set(found)];
  }, allowed);
}
