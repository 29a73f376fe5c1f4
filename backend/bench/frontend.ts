/**
 * Front-end figures: the public site's JavaScript and CSS per route (gzipped, read from
 * public-site/dist: the entry chunk, the route's lazy chunk and every chunk they import
 * statically), the admin's initial JavaScript, and Lighthouse 12 mobile runs of the landing
 * page and the enquiry dialog in Debian's Chromium, offline on loopback.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { removeOnCleanup } from './lib';

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

/** The site's routes (public-site/src/router.ts) and the lazy page module each one loads. */
export const ROUTES: Array<{ route: string; path: string; page?: string }> = [
  { route: 'landing', path: '/' },
  { route: 'enquiry dialog', path: '/enquiry', page: 'EnquiryPage' },
  { route: 'verify dialog', path: '/enquiry/x/verify', page: 'VerifyPage' },
  { route: 'draw dialog', path: '/enquiry/x/draw', page: 'DrawPage' },
  { route: 'thank-you', path: '/thankyou-for-test-ride-booking', page: 'ThankYouPage' },
  { route: 'winner list', path: '/winner-list', page: 'WinnerListPage' },
  { route: 'reset password', path: '/reset-password', page: 'ResetPasswordPage' },
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
  return ROUTES.map(({ route, page }) => {
    const chunks = new Set(landing);
    if (page) {
      const lazy = files.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
      if (lazy) closure(assets, [lazy], chunks);
    }
    let js = 0;
    for (const c of chunks) js += gz(readFileSync(join(assets, c)));
    return { route, jsGz: js, cssGz: cssOf(chunks), htmlGz: gz(html), chunks: [...chunks] };
  });
}

/** The admin's initial JavaScript: index.html's scripts and module preloads, with their static imports. */
export function adminInitialJs(root: string): { jsGz: number; chunks: number } {
  const dist = join(root, 'admin', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(?:\/admin)?\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const chunks = closure(join(dist, 'assets'), refs);
  let js = 0;
  for (const c of chunks) js += gz(readFileSync(join(dist, 'assets', c)));
  return { jsGz: js, chunks: chunks.size };
}

export interface LighthouseFigures {
  score: number;
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
export async function lighthouse(root: string, url: string, timeoutMs = 120_000): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(root, url, timeoutMs);
    } catch (e) {
      if (attempt >= 3 || !/run Lighthouse again|NO_NAVSTART|NO_FCP/i.test(String(e))) throw e;
    }
  }
}

function lighthouseOnce(root: string, url: string, timeoutMs: number): Promise<LighthouseFigures> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('Lighthouse only runs against 127.0.0.1 here');
  const cli = join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (!existsSync(cli)) throw new Error('lighthouse is not installed (npm install -D lighthouse@12 -w backend)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  removeOnCleanup(dir);
  const out = join(dir, 'report.json');
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--max-wait-for-load=30000',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${join(dir, 'profile')}`,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env: { ...process.env, CHROME_PATH: chrome }, timeout: timeoutMs, cwd: dir }, (err, _stdout, stderr) => {
      if (err && !existsSync(out)) return reject(new Error(`lighthouse failed: ${stderr.slice(-500) || err.message}`));
      try {
        const lhr = JSON.parse(readFileSync(out, 'utf8'));
        const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
        if (lhr.runtimeError) return reject(new Error(`lighthouse: ${lhr.runtimeError.message}`));
        resolve({
          score: Math.round(Number(lhr.categories.performance.score) * 100),
          lcpMs: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
          tbtMs: audit('total-blocking-time'),
          fcpMs: audit('first-contentful-paint'),
        });
      } catch (e) {
        reject(e);
      }
    });
  });
}
