/**
 * Front-end figures: the public site's JavaScript and CSS per route (gzipped, read from
 * public-site/dist: the entry chunk, the route's lazy chunk and every chunk they import
 * statically), the admin's JavaScript per route (login, shell, each screen), and Lighthouse 12 mobile runs of the landing
 * page and the enquiry dialog in Debian's Chromium, offline on loopback.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { createSecureServer } from 'node:http2';
import { gzipSync } from 'node:zlib';
import { matchRoute, ROUTE_PAGES } from '@campaign/domain';
import { CHROMIUM_PATH, launchBrowser } from '../test/harness/browser';
import sharp from 'sharp';
import { onCleanup, removeOnCleanup, signIn } from './lib';

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

/**
 * A photo-like picture for the bench: grey detail at every scale (as leaves, tarmac and a bike's
 * edges have) under broad colour fields, as a camera's JPEG at quality 90. Seeded: the same bytes each run.
 */
export async function photoLike(width: number, height: number, seed = 1): Promise<Buffer> {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const layer = async (div: number, channels: 1 | 3) => {
    const w = Math.max(2, Math.round(width / div));
    const h = Math.max(2, Math.round(height / div));
    const small = Buffer.alloc(w * h * channels);
    for (let i = 0; i < small.length; i++) small[i] = Math.floor(rand() * 256);
    return sharp(small, { raw: { width: w, height: h, channels } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  };
  const colour = await layer(160, 3);
  const detail = await Promise.all(
    (
      [
        [48, 1],
        [12, 0.6],
        [3, 0.35],
        [1, 0.15],
      ] as const
    ).map(async ([div, amp]) => ({ px: await layer(div, 1), amp })),
  );
  const total = detail.reduce((n, d) => n + d.amp, 0);
  const out = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    let l = 0;
    for (const d of detail) l += d.px[p] * d.amp;
    l = (l / total - 128) * 2.2;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[p * 3 + c] * 0.8 + 26 + l)));
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The campaign's own hero photos in place of the demo's drawings (a phone crop of 2400 x 1200
 * and a wide one of 3000 x 2000, as a camera's JPEG), and with `notice` a notice poster
 * (1080 x 1350), uploaded in the admin's settings as head office would. Answers what puts the
 * demo's settings back.
 */
export async function withCampaignPictures(app: string, opts: { notice?: boolean } = {}): Promise<() => Promise<void>> {
  const { access_token } = await signIn(app, 'admin@example.com');
  const auth = { authorization: `Bearer ${access_token}` };
  const before = (await (await fetch(`${app}/api/v1/setting`, { headers: auth })).json()) as { data: Record<string, unknown> };
  const form = new FormData();
  form.append('hero_phone', new Blob([new Uint8Array(await photoLike(2400, 1200, 1))]), 'hero-phone.jpg');
  form.append('hero_desktop', new Blob([new Uint8Array(await photoLike(3000, 2000, 2))]), 'hero-desktop.jpg');
  if (opts.notice) form.append('notice', new Blob([new Uint8Array(await photoLike(1080, 1350, 3))]), 'notice.jpg');
  const put = await fetch(`${app}/api/v1/setting`, { method: 'PATCH', headers: auth, body: form });
  if (put.status !== 200) throw new Error(`campaign pictures: ${put.status} ${await put.text()}`);
  // Visitors come after the upload has settled: every copy the page offers is made (SitePage.warm
  // makes them ahead; its sharp work during a run would slow the run's page, not a visitor's).
  const page = await (await fetch(`${app}/`)).text();
  for (const url of new Set(page.match(/\/brand\/[\w-]+\.webp/g) ?? [])) await (await fetch(`${app}${url}`)).arrayBuffer();
  return async () => {
    const back = await fetch(`${app}/api/v1/setting`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        hero_phone_id: before.data.hero_phone_id ?? null,
        hero_desktop_id: before.data.hero_desktop_id ?? null,
        notice_id: before.data.notice_id ?? null,
      }),
    });
    if (back.status !== 200) throw new Error(`campaign pictures back: ${back.status}`);
  };
}

/** The site's routes, measured at these paths; the page module each loads is the route table's (ROUTE_PAGES). */
export const ROUTES: Array<{ route: string; path: string }> = [
  { route: 'landing', path: '/' },
  { route: 'enquiry dialog', path: '/enquiry' },
  { route: 'verify dialog', path: '/enquiry/x/verify' },
  { route: 'draw dialog', path: '/enquiry/x/draw' },
  { route: 'thank-you', path: '/thankyou-for-test-ride-booking' },
  { route: 'winner list', path: '/winner-list' },
  { route: 'fairness', path: '/fairness' },
  { route: 'reset password', path: '/reset-password' },
];

export interface RouteSize {
  route: string;
  jsGz: number;
  cssGz: number;
  htmlGz: number;
  chunks: string[];
}

/** Static imports of a built chunk (`from"./x.js"`, `import"./x.js"`), transitively. */
function closure(dir: string, start: string[], seen = new Set<string>()): Set<string> {
  for (const file of start) {
    if (seen.has(file) || !existsSync(join(dir, file))) continue;
    seen.add(file);
    const text = readFileSync(join(dir, file), 'utf8');
    const next = [...text.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);
    closure(dir, next, seen);
  }
  return seen;
}

export function publicSiteSizes(root: string): RouteSize[] {
  const dist = join(root, 'public-site', 'dist');
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const cssLinks = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const files = readdirSync(assets);
  const landing = closure(assets, [...entry, ...preloads]);
  const cssOf = (chunks: Iterable<string>) => {
    let size = inlineCss ? gz(inlineCss) : 0;
    for (const c of cssLinks) size += gz(readFileSync(join(assets, c)));
    // A lazy chunk's own stylesheet is named after it.
    for (const c of chunks) {
      const css = c.replace(/\.js$/, '.css');
      if (files.includes(css) && !cssLinks.includes(css)) size += gz(readFileSync(join(assets, css)));
    }
    return size;
  };
  // Each page's chunks beyond the first script's, as the build lists them for the server (public-site/vite.config.ts).
  const pages = JSON.parse(readFileSync(join(dist, 'pages.json'), 'utf8')) as Record<string, string[]>;
  return ROUTES.map(({ route, path }) => {
    const page = ROUTE_PAGES[matchRoute(path).name];
    const chunks = new Set(landing);
    for (const file of (page && pages[page]) || []) chunks.add(file.slice('/assets/'.length));
    let js = 0;
    for (const c of chunks) js += gz(readFileSync(join(assets, c)));
    return { route, jsGz: js, cssGz: cssOf(chunks), htmlGz: gz(html), chunks: [...chunks] };
  });
}

/**
 * The admin's routes (its screens' table, admin/src/screens/registry.ts) and the lazy chunk
 * each one loads besides the shell, named after the screen's module.
 */
export const ADMIN_ROUTES: Array<{ route: string; chunk: string | string[]; later?: boolean }> = [
  { route: 'dashboard', chunk: 'RegistrationDashboard' },
  { route: 'dealers (branch)', chunk: 'BranchList' },
  { route: 'dealer users', chunk: 'UserList' },
  { route: 'pre-registrations', chunk: 'PreregistrationList' },
  { route: 'pre-registration record', chunk: 'PreregistrationShow' },
  { route: 'pre-registration create', chunk: 'PreregistrationCreate' },
  { route: 'pre-registration verify', chunk: 'PreregistrationVerify' },
  { route: 'pre-registration draw (wheel)', chunk: 'PreregistrationDraw' },
  { route: 'customers (registration)', chunk: 'RegistrationList' },
  { route: 'customer create (purchase)', chunk: 'RegistrationCreate' },
  { route: 'registration draw (wheel)', chunk: 'RegistrationDraw' },
  { route: 'trash', chunk: 'RegistrationDeletedList' },
  { route: 'print', chunk: 'PrintPage' },
  { route: 'test rides', chunk: 'TestRideList' },
  { route: 'referrer report', chunk: 'ReferrerList' },
  { route: 'bike models', chunk: 'BikeModelList' },
  { route: 'winners (video)', chunk: 'VideoList' },
  { route: 'sms', chunk: 'SmsPage' },
  { route: 'analytics (charts)', chunk: 'AnalyticsPage' },
  { route: 'scheme', chunk: 'AllocationList' },
  { route: 'settings', chunk: 'SettingsPage' },
  // What the settings page has loaded once its rich-text fields show (the editor is its own chunk).
  { route: 'settings with the rich-text editor', chunk: ['SettingsPage', 'RichTextEditor'], later: true },
  { route: 'audit trail', chunk: 'AuditList' },
];

export interface AdminSizes {
  /** What /login loads before the form is usable: index.html's scripts and module preloads, with their static imports. */
  login: { jsGz: number; chunks: number };
  /** The admin's shell (router, react-admin, layout) on top of the login's chunks. */
  shell: { jsGz: number; chunks: number };
  /** Each route: the shell and the route's own chunk with its static imports. */
  routes: Array<{ route: string; jsGz: number; chunks: number; found: boolean; later: boolean }>;
}

/** The admin's JavaScript per route, gzipped, read from admin/dist. */
export function adminSizes(root: string): AdminSizes {
  const dist = join(root, 'admin', 'dist');
  const assets = join(dist, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(?:\/admin)?\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const sizeOf = (chunks: Set<string>) => [...chunks].reduce((n, c) => n + gz(readFileSync(join(assets, c))), 0);
  const chunkOf = (name: string) => files.find((f) => new RegExp(`^${name.replace(/[-]/g, '\\-')}-[\\w-]{8}\\.js$`).test(f));
  const login = closure(assets, refs);
  const shellChunk = chunkOf('AdminRouter');
  const shell = closure(assets, shellChunk ? [shellChunk] : [], new Set(login));
  const shellGz = sizeOf(shell);
  return {
    login: { jsGz: sizeOf(login), chunks: login.size },
    shell: { jsGz: shellGz, chunks: shell.size },
    routes: ADMIN_ROUTES.map(({ route, chunk, later }) => {
      const files = [chunk].flat().map(chunkOf);
      const found = files.every((f): f is string => !!f);
      const all = closure(assets, found ? files : [], new Set(shell));
      return { route, jsGz: sizeOf(all), chunks: all.size, found, later: !!later };
    }),
  };
}

export interface LighthouseFigures {
  score: number;
  /** Lighthouse's accessibility category, 0-100. */
  a11y: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

/**
 * One Lighthouse 12 mobile run (its default: simulated slow 4G and a mid-range phone's CPU).
 * A run that Chromium's trace spoils (NO_NAVSTART, NO_FCP: Lighthouse's own "please run
 * Lighthouse again") is run again, up to three times in all.
 */
export async function lighthouse(
  root: string,
  url: string,
  opts: { storage?: Record<string, string>; timeoutMs?: number } = {},
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(root, url, opts.storage, opts.timeoutMs ?? 120_000);
    } catch (e) {
      if (attempt >= 3 || !/run Lighthouse again|NO_NAVSTART|NO_FCP/i.test(String(e))) throw e;
    }
  }
}

/**
 * A Chromium profile whose localStorage holds `storage` for the page's origin, and nothing in its
 * cache: the page is opened for the first time, signed in. Written by visiting the API's health
 * answer (no script of the app is loaded, so none is cached) and closing the browser.
 */
async function profileWithStorage(profile: string, url: string, chrome: string, storage: Record<string, string>): Promise<void> {
  const { chromium } = await import('playwright-core');
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    ignoreHTTPSErrors: url.startsWith('https:'),
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(new URL('/api/v1/health', url).href);
    await page.evaluate((s) => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
  } finally {
    await ctx.close();
  }
}

async function lighthouseOnce(
  root: string,
  url: string,
  storage: Record<string, string> | undefined,
  timeoutMs: number,
): Promise<LighthouseFigures> {
  if (!/^https?:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('Lighthouse only runs against 127.0.0.1 here');
  // The HTTP/2 front's certificate is made for this run (http2Front): Chromium is told to take it.
  const tls = url.startsWith('https:') ? ' --ignore-certificate-errors' : '';
  const cli = join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (!existsSync(cli)) throw new Error('lighthouse is not installed (npm install -D lighthouse@12 -w backend)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  removeOnCleanup(dir);
  const out = join(dir, 'report.json');
  const chrome = process.env.CHROME_PATH ?? CHROMIUM_PATH;
  const profile = join(dir, 'profile');
  // A signed-in page: the profile carries the session, and Lighthouse must not wipe it (it then
  // leaves the cache alone too, which the profile's first visit left without the app's files).
  if (storage) await profileWithStorage(profile, url, chrome, storage);
  const args = [
    cli,
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--max-wait-for-load=30000',
    ...(storage ? ['--disable-storage-reset'] : []),
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync${tls} --user-data-dir=${profile}`,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: chrome }, timeout: timeoutMs, cwd: dir },
      (err, _stdout, stderr) => {
        if (err && !existsSync(out)) return reject(new Error(`lighthouse failed: ${stderr.slice(-500) || err.message}`));
        try {
          const lhr = JSON.parse(readFileSync(out, 'utf8'));
          const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
          if (lhr.runtimeError) return reject(new Error(`lighthouse: ${lhr.runtimeError.message}`));
          resolve({
            score: Math.round(Number(lhr.categories.performance.score) * 100),
            a11y: Math.round(Number(lhr.categories.accessibility?.score ?? NaN) * 100),
            lcpMs: audit('largest-contentful-paint'),
            cls: audit('cumulative-layout-shift'),
            tbtMs: audit('total-blocking-time'),
            fcpMs: audit('first-contentful-paint'),
          });
        } catch (e) {
          reject(e);
        }
      },
    );
  });
}

/**
 * A TLS + HTTP/2 front for the app at `target` (http://127.0.0.1:port), as a load balancer or CDN
 * serving HTTP/2 is in production (docs/deployment.md): a self-signed certificate made for this run
 * with openssl, every request passed on over HTTP/1.1. Returns its https://127.0.0.1:port address.
 */
export async function http2Front(target: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-h2-'));
  removeOnCleanup(dir);
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
    { stdio: 'ignore' },
  );
  const upstream = new URL(target);
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, (req, res) => {
    const headers: Record<string, string | string[] | undefined> = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':')) headers[k] = v;
    headers.host = upstream.host;
    const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      const out = { ...answer.headers };
      for (const h of ['connection', 'keep-alive', 'transfer-encoding']) delete out[h];
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('http2 front: no port');
  return `https://127.0.0.1:${address.port}`;
}

/** Lighthouse's mobile profile: its slow 4G link (and CPU slowdown) and its phone's screen. */
async function phoneProfile() {
  const { throttling, screenEmulationMetrics } = await import('lighthouse/core/config/constants.js');
  return { link: throttling.mobileSlow4G, screen: screenEmulationMetrics.mobile };
}

/** Lighthouse's mobile phone's screen as a browser context's options. */
const phoneScreen = (screen: { width: number; height: number; deviceScaleFactor: number }) => ({
  viewport: { width: screen.width, height: screen.height },
  deviceScaleFactor: screen.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
});

/** A new page of `ctx` on Lighthouse's slow 4G link and its 4x slower CPU, applied by Chromium as its devtools throttling does. */
async function throttledPage(
  ctx: import('playwright-core').BrowserContext,
  link: { requestLatencyMs: number; downloadThroughputKbps: number; uploadThroughputKbps: number; cpuSlowdownMultiplier: number },
) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.requestLatencyMs,
    downloadThroughput: (link.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (link.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: link.cpuSlowdownMultiplier });
  return page;
}

/**
 * A user signing in to the admin on a phone over slow 4G, as the issue puts it ("after login,
 * the dashboard's first rows"): Lighthouse's own mobile figures (its slow-4G link and 4x CPU,
 * applied by Chromium as its devtools throttling does, and its phone's screen), a fresh browser
 * each run. The login page is opened, the email and password typed at a phone's pace (a key
 * every 200 ms), or with `filled` put in at once as a browser's saved password is and Login
 * pressed a second after the page has loaded; the figure is the time from the press to the
 * frame that first shows a row of the dashboard's list. Answers each run's milliseconds.
 */
/**
 * A row of a list on the screen, with its text (a list that is loading shows empty placeholder
 * rows): react-admin's table row, its phone row (a list item in the list's content: the built
 * admin's SimpleList items carry no RaSimpleList class, so the former `.RaSimpleList-tertiary`
 * never matched after the phone rows' date moved into their heading, and the sign-in row waited
 * forever), or the dashboard's first rows shown while react-admin arrives (FirstRows.tsx).
 */
const FIRST_ROW = '.RaDataTable-row, .RaList-content li, .first-rows-row';

export async function firstRowsAfterSignIn(app: string, email: string, password: string, runs = 3, filled = false): Promise<number[]> {
  const { link, screen } = await phoneProfile();
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const ctx = await browser.newContext(phoneScreen(screen));
      const page = await throttledPage(ctx, link);
      await page.goto(`${app}/login`);
      if (filled) {
        await page.locator('#login-email').fill(email);
        await page.locator('#login-password').fill(password);
        await page.waitForTimeout(1000);
      } else {
        await page.locator('#login-email').pressSequentially(email, { delay: 200 });
        await page.locator('#login-password').pressSequentially(password, { delay: 200 });
      }
      // Timed in the page: from the form's submit to the frame after a row of the list is in the DOM.
      const shown = page.evaluate(
        (rows) =>
          new Promise<number>((resolve) => {
            let pressed = 0;
            document.addEventListener('submit', () => (pressed = performance.now()), { capture: true });
            new MutationObserver((_changes, watch) => {
              if (!pressed || ![...document.querySelectorAll(rows)].some((row) => row.textContent?.trim())) return;
              watch.disconnect();
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressed)));
            }).observe(document.body, { childList: true, subtree: true });
          }),
        FIRST_ROW,
      );
      await page.getByRole('button', { name: 'Login' }).click();
      times.push(await shown);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

/**
 * The branch user's daily repeat visit (#35): the admin was opened yesterday on this phone (signed
 * in, its code in the browser's caches and, with `worker`, its service worker installed); today
 * they open `path` again. Lighthouse's slow 4G and 4x CPU as above. The figure is the time from
 * the navigation's start to the frame after the first row of the list is in the page. Answers
 * each run's milliseconds; `worker: false` blocks the service worker (the HTTP cache alone: the
 * baseline of the same run).
 */
export async function repeatVisitFirstRows(app: string, email: string, password: string, path: string, worker: boolean, runs = 3): Promise<number[]> {
  const { link, screen } = await phoneProfile();
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    const ctx = await browser.newContext({ ...phoneScreen(screen), serviceWorkers: worker ? 'allow' : 'block' });
    // Every page notes when it first shows a row, from its navigation's start: react-admin's, or
    // the dashboard's first rows shown while react-admin arrives (admin/src/layout/FirstRows.tsx).
    await ctx.addInitScript((rows) => {
      const w = window as unknown as { __firstRows?: number };
      new MutationObserver((_c, watch) => {
        if (![...document.querySelectorAll(rows)].some((row) => row.textContent?.trim())) return;
        watch.disconnect();
        requestAnimationFrame(() => setTimeout(() => (w.__firstRows = performance.now())));
      }).observe(document, { childList: true, subtree: true });
    }, FIRST_ROW);
    // Yesterday: signed in, the list opened, the worker (when allowed) installed and in control.
    const first = await ctx.newPage();
    await first.goto(`${app}/login`);
    await first.locator('#login-email').fill(email);
    await first.locator('#login-password').fill(password);
    await first.getByRole('button', { name: 'Login' }).click();
    await first.waitForURL((u) => u.pathname.startsWith('/admin'));
    await first.goto(`${app}${path}`);
    await first.waitForFunction(() => (window as unknown as { __firstRows?: number }).__firstRows !== undefined, undefined, { timeout: 60_000 });
    if (worker) await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.close();
    for (let run = 0; run < runs; run++) {
      const page = await throttledPage(ctx, link);
      await page.goto(`${app}${path}`);
      await page.waitForFunction(() => (window as unknown as { __firstRows?: number }).__firstRows !== undefined, undefined, { timeout: 60_000 });
      times.push(await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows));
      await page.close();
    }
    await ctx.close();
  } finally {
    await browser.close();
  }
  return times;
}
