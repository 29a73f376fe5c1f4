import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { SitePage } from '../src/modules/site-page/site-page';
import { ConfigService } from '../src/config/config.module';
import { pngBuffer } from './factories/images';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * The public site's page as the brand's settings make it (#19): share previews with absolute
 * links and a real picture, the brand's colours, logo and hero, changed from the admin's
 * settings and seen on the next visit.
 */
describe('the branded public page (/, /og-image.jpg)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t.close());

  const page = (host = 'campaign.example:8080') => t.http().get('/').set('Host', host);
  const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
  const patch = () => t.http().patch('/api/v1/setting').set('Authorization', admin);

  it('gives a shared link its preview: title, text and a 1200 x 630 picture at absolute addresses of the site', async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The site's one address (PUBLIC_URL, here unset: http://localhost:PORT), not the Host the request named.
    const site = t.app.get(ConfigService).get('app').publicUrl;
    expect(meta(res.text, 'og:url')).toBe(`${site}/`);
    expect(meta(res.text, 'og:title')).toBe('Campaign 2082: win a cash discount on your new bike');
    expect(meta(res.text, 'twitter:card')).toBe('summary_large_image');
    const image = meta(res.text, 'og:image')!;
    expect(image.startsWith(`${site}/og-image.jpg?v=`)).toBe(true);
    expect(image).toMatch(/\/og-image\.jpg\?v=[\w-]{10}$/);
    expect(meta(res.text, 'twitter:image')).toBe(image);

    const picture = await t.http().get(new URL(image).pathname + new URL(image).search);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(picture.body).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    // Revalidated by its ETag: a second visit costs no body.
    const again = await page().set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('answers an address glued with extra slashes with the page it names', async () => {
    for (const path of ['//winners', '///fairness', `${'/'.repeat(7500)}a${'/'.repeat(7500)}`]) {
      const res = await t.http().get(path);
      expect([path.slice(0, 12), res.status, res.headers['content-type']]).toEqual([path.slice(0, 12), 200, 'text/html; charset=utf-8']);
    }
  });

  it('uses the configured address, never a Host header that is not a host name', async () => {
    const res = await page('evil.example/"><script>');
    expect(res.status).toBe(200);
    expect(meta(res.text, 'og:url')).toBe(`${t.app.get(ConfigService).get('app').publicUrl}/`);
    expect(res.text).not.toContain('evil.example');
  });

  it("shows the brand's colours, name and pictures as soon as the settings change", async () => {
    const before = await page();
    expect(before.text).toContain('<span class="brand-name">Everest Moto</span>');
    expect(before.text).toContain('<svg class="hero-img"');
    const oldImage = meta(before.text, 'og:image');

    const changed = await patch()
      .field('brand_name', 'Himal Moto')
      .field('color_primary', '#0F766E')
      .field('color_secondary', '#7c2d12')
      .attach('hero_phone', await pngBuffer(800, 400, '#0f766e'), 'hero-phone.png')
      .attach('hero_desktop', await pngBuffer(1200, 800, '#123456'), 'hero-desktop.png');
    expect(changed.status).toBe(200);
    const { hero_phone: phone, hero_desktop: desktop } = changed.body.data;
    expect(phone.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    const after = (await page()).text;
    expect(after).toContain('<style>html:root{--red:#0f766e;--red-dark:#0c615a;--blue:#7c2d12}</style>');
    expect(after).toContain('<span class="brand-name">Himal Moto</span>');
    expect(after).toContain(`<source media="(min-width: 64em)" srcset="${desktop.url}" width="1200" height="800" />`);
    expect(after).toContain(`<img class="hero-img hero-photo" src="${phone.url}" width="800" height="400" alt="" fetchpriority="high" />`);
    const name = (url: string) => url.slice('/uploads/'.length, url.lastIndexOf('.'));
    expect(after).toContain(
      `srcset="/brand/${name(phone.url)}-400w.webp 400w, /brand/${name(phone.url)}-640w.webp 640w, /brand/${name(phone.url)}-800w.webp 800w"`,
    );
    // The preview picture is now the wide hero, at a new address (so no cache keeps the old one).
    const image = meta(after, 'og:image')!;
    expect(image).not.toBe(oldImage);
    const jpeg = (await t.http().get(new URL(image).pathname)).body as Buffer;
    const { dominant } = await sharp(jpeg).stats();
    const near = (value: number, wanted: number) => Math.abs(value - wanted) < 24;
    expect([near(dominant.r, 0x12), near(dominant.g, 0x34), near(dominant.b, 0x56)]).toEqual([true, true, true]);

    // Removing the pictures brings the drawing back, in the new colours.
    await patch().send({ hero_phone_id: null, hero_desktop_id: null });
    const drawn = (await page()).text;
    expect(drawn).toContain('<svg class="hero-img"');
    expect(drawn).toContain('--red:#0f766e');
  });

  it("serves the brand's pictures scaled, at the widths its page offers and no other, and nothing else it was not asked to", async () => {
    const changed = await patch()
      .attach('hero_phone', await pngBuffer(1500, 750, '#0f766e'), 'hero-phone.png')
      .attach('logo', await pngBuffer(300, 120, '#123456'), 'logo.png')
      .attach('notice', await pngBuffer(700, 900, '#7c2d12'), 'notice.png');
    expect(changed.status).toBe(200);
    const { hero_phone: phone, logo, notice } = changed.body.data;
    const html = (await page()).text;
    const offered = [...html.matchAll(/\/brand\/[\w-]+\.webp/g)].map((m) => m[0]);
    const name = (url: string) => url.slice('/uploads/'.length, url.lastIndexOf('.'));
    // Both crops are the one upload; the logo 40 px high is 100 px wide, up to its own 300; the notice's dialog.
    expect([...new Set(offered)].sort()).toEqual(
      [
        ...[400, 640, 800, 1080, 1440, 1500].map((w) => `/brand/${name(phone.url)}-${w}w.webp`),
        ...[100, 200, 300].map((w) => `/brand/${name(logo.url)}-${w}w.webp`),
        ...[400, 640, 700].map((w) => `/brand/${name(notice.url)}-${w}w.webp`),
      ].sort(),
    );
    // The notice's copies, the upload's own width the largest.
    const noticeSrcset = [400, 640, 700].map((w) => `/brand/${name(notice.url)}-${w}w.webp ${w}w`).join(', ');
    // The home page opens its dialog with the page; the other pages keep the same dialog closed, its picture not asked for.
    const dialog = (html: string) => /<dialog id="notice"[^>]*>[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
    const homePage = (await page()).text;
    const home = dialog(homePage);
    // The app's scripts wait for the poster there: named on the dialog, not asked for by the page itself.
    const [, held] = / data-home data-app="([^"]+)">/.exec(home) ?? [];
    expect(held.split(' ')[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(homePage).not.toMatch(/<script type="module"[^>]*src=/);
    expect(home).toContain(`srcset="${noticeSrcset}"`);
    expect(home).toContain('fetchpriority="high"');
    const away = dialog((await t.http().get('/winner-list').set('Host', 'campaign.example:8080')).text);
    expect(away).toContain(`srcset="${noticeSrcset}"`);
    expect(away).not.toContain('data-home');
    expect(away).toContain('loading="lazy"');
    for (const [url, width, height] of [
      [`/brand/${name(phone.url)}-640w.webp`, 640, 320],
      [`/brand/${name(logo.url)}-200w.webp`, 200, 80],
      [`/brand/${name(notice.url)}-400w.webp`, 400, 514],
    ] as const) {
      const res = await t.http().get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const info = await sharp(res.body).metadata();
      expect([info.format, info.width, info.height]).toEqual(['webp', width, height]);
    }
    // A width the page does not offer, an upload that is not the brand's picture, a name that is no upload's: 404.
    expect((await t.http().get(`/brand/${name(phone.url)}-641w.webp`)).status).toBe(404);
    expect((await t.http().get(`/brand/${name(phone.url)}-3000w.webp`)).status).toBe(404);
    const other = await t
      .http()
      .post('/api/v1/upload')
      .set('Authorization', admin)
      .attach('files[]', await pngBuffer(800, 400, '#ff0000'), 'other.png');
    expect(other.status).toBe(200);
    expect((await t.http().get(`/brand/${name(other.body.data[0].url)}-400w.webp`)).status).toBe(404);
    expect((await t.http().get('/brand/..%2F..%2Fetc%2Fpasswd-400w.webp')).status).toBe(404);
    // Made ahead once the settings changed: served from memory, though the upload has left the disk since.
    await t.app.get(SitePage).warmed();
    await rm(join(t.app.get(ConfigService).get('files').uploadDir, phone.url.slice('/uploads/'.length)));
    expect((await t.http().get(`/brand/${name(phone.url)}-1440w.webp`)).status).toBe(200);
    // The old hero is no longer the brand's once replaced.
    await patch().send({ hero_phone_id: null, logo_id: null, notice_id: null });
    expect((await t.http().get(`/brand/${name(phone.url)}-640w.webp`)).status).toBe(404);
  });

  it("asks for a page's own code with the page where it draws the page, and those files are the built ones", async () => {
    const preloads = async (path: string) => {
      const html = (await t.http().get(path)).text;
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    };
    // The first script's own (the landing page is in it) on every page; on a page of its own, then its chunk and what only it imports.
    const first = await preloads('/');
    const pages: Record<string, string> = {
      '/winner-list/': 'WinnerListPage',
      '/fairness': 'FairnessPage',
      '/reset-password': 'ResetPasswordPage',
    };
    for (const [path, page] of Object.entries(pages)) {
      const own = (await preloads(path)).filter((m) => !first.includes(m));
      expect([path, own[0]]).toEqual([path, expect.stringMatching(new RegExp(`^/assets/${page}-[\\w-]+\\.js$`))]);
      for (const file of own) {
        const res = await t.http().get(file);
        expect([file, res.status, res.headers['content-type']]).toEqual([file, 200, expect.stringMatching(/javascript/)]);
      }
    }
    // The dialogs over the landing page load theirs once it has painted; an unknown address has none.
    for (const path of [
      '/enquiry',
      '/enquiry/return',
      '/enquiry/Ab3_x-YZ12qw/verify',
      '/enquiry/Ab3_x-YZ12qw/draw',
      '/thankyou-for-test-ride-booking',
      '/no-such-page',
    ]) {
      expect([path, await preloads(path)]).toEqual([path, first]);
    }
  });

  it('answers 422 under a colour that is not one, and keeps the old', async () => {
    const res = await patch().send({ color_primary: 'red', color_secondary: '#12345' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      color_primary: ['The primary colour must be a colour like #b91c1c.'],
      color_secondary: ['The secondary colour must be a colour like #1e3a8a.'],
    });
    expect((await page()).text).toContain('--red:#0f766e');
  });
});
