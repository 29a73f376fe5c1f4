import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import sharp from 'sharp';
import { API_BASE, campaignNameIn, inLang, isFullPage, langSwitch, Lang, matchRoute, ROUTE_DATA, ROUTE_PAGES, RouteName, STATIC_TEXTS, StaticText } from '@campaign/domain';
import { JsonAnswer, textAnswer } from '../../common/http/cached-json';
import { escapeXml } from '../../common/xml';
import { ConfigService } from '../../config/config.module';
import { UPLOADS_URL } from '../file/file-view';
import { FileService } from '../file/file.service';
import { BrandPictures, heroCrops, heroWidths, logoWidths, noticeWidths, picture, scaledWidths, srcset, uploadName } from './scaled-pictures';
import { SETTING_DEFAULTS } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';

/** What the brand's settings put on the public site's page (the notice is the site's, GET /settings, offered scaled here). */
export interface SiteBrand extends BrandPictures {
  brand_name: string;
  campaign_name: string;
  campaign_name_ne: string;
  color_primary: string;
  color_secondary: string;
}

/** How wide each crop is shown (styles.css): the phone crop the page's width up to 960 px; the desktop crop 3/5 of up to 1200 px. */
const PHONE_SIZES = '(min-width: 60em) 960px, 100vw';
const DESKTOP_SIZES = '(min-width: 75em) 706px, 60vw';
/** How wide the notice is shown: its dialog is at most 40rem, less its padding (styles.css). */
const NOTICE_SIZES = '(min-width: 41em) 608px, calc(100vw - 3rem)';

/** The app's first script and the modules the build preloads with it, as index.html has them. */
const APP_SCRIPTS = /<script type="module"[^>]*><\/script>(\s*<link rel="modulepreload"[^>]*>)*/;

/** The share preview's picture: the size Facebook, WhatsApp and X draw large. */
export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;

/** From this width (1024 CSS px, the wide layout of styles.css) the desktop crop of the hero is shown; the phone crop below. */
const DESKTOP_FROM = '64em';

const between = (html: string, name: string, fn: (inner: string) => string) =>
  html.replace(new RegExp(`<!--brand:${name}-->([\\s\\S]*?)<!--/brand:${name}-->`), (_m, inner: string) => fn(inner));

/** A colour mixed with black: `share` of 1 is black. For the pressed shade of a button. */
export function darker(hex: string, share: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - share));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The public site's index.html as the brand's settings make it, for `origin` (the site's
 * address, for the share previews' absolute links). Fills the places index.html marks:
 * the title, the head (brand colours over the built styles; Open Graph and Twitter card
 * tags), the header's logo and campaign name, and the hero picture (the uploaded crops in a
 * <picture>, else the built-in drawing in the brand's colours). Every value is escaped.
 */
export function brandPage(
  template: string,
  brand: SiteBrand,
  origin: string,
  version: string,
  page: {
    lang?: Lang;
    /**
     * The page's route: on the landing page a notice holds the app's scripts back; a page of its
     * own (isFullPage) hides the landing page's hero; the answers a route's page shows first
     * (ROUTE_DATA) are asked for with the page.
     */
    route?: RouteName;
    /** The route's own code, asked for with the first script. */
    modules?: readonly string[];
    /** The campaign's last day has passed: no "Register now", no "Enter your code" (the enquiry and the draws are closed; test rides stay). */
    ended?: boolean;
  } = {},
): string {
  const { lang = 'en', route, modules = [], ended = false } = page;
  const home = route === 'home';
  const full = !!route && isFullPage(route);
  const data = (route && ROUTE_DATA[route]) || [];
  const e = escapeXml;
  const text = (key: StaticText) => STATIC_TEXTS[key][lang];
  const campaign = campaignNameIn(lang, brand);
  const title = text('og.title').replace('{campaign}', campaign);
  const description = text('og.description');
  const image = `${origin}${OG_IMAGE.path}?v=${version}`;
  const notice = inLang(lang, brand.notice, brand.notice_ne);
  const head = [
    // html:root outweighs the built styles' :root, which the build places after this.
    `<style>html:root{--red:${brand.color_primary};--red-dark:${darker(brand.color_primary, 0.18)};--blue:${brand.color_secondary}}</style>`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="${lang === 'ne' ? 'ne_NP' : 'en_US'}" />`,
    `<meta property="og:site_name" content="${e(brand.brand_name)}" />`,
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:url" content="${e(origin)}/" />`,
    `<meta property="og:image" content="${e(image)}" />`,
    `<meta property="og:image:type" content="image/jpeg" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${e(`${brand.brand_name} motorcycle, ${campaign}`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
    // Matched by the page's own fetch of the same address (same mode and credentials).
    ...data.map((path) => `<link rel="preload" as="fetch" crossorigin href="${e(API_BASE + path)}" />`),
  ].join('\n    ');
  const toggle = langSwitch(lang);
  // On the home page with a notice, the app's scripts wait for the notice's picture (the dialog
  // names them, index.html's inline script asks for them): the picture shown over the page does
  // not share a slow link with code for the page behind it.
  const appScripts = APP_SCRIPTS.exec(template)?.[0] ?? '';
  const held = home && notice ? [...appScripts.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]) : null;
  let html = template
    .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${e(campaign)}</title>`)
    // The switch names the other language in that language, and links to it.
    .replace(
      /<a class="lang-switch"[^>]*>[^<]*<\/a>/,
      `<a class="lang-switch" href="${toggle.href}" hreflang="${toggle.other}" lang="${toggle.other}" data-t="lang.switch" aria-label="${e(toggle.label)}">${e(toggle.text)}</a>`,
    )
    .replace(/(<[a-z0-9]+\s[^>]*data-t="([\w.]+)"[^>]*>)[^<]*/g, (m, open: string, key: string) =>
      key in STATIC_TEXTS && key !== 'lang.switch' ? open + e(text(key as StaticText)) : m,
    )
    .replace(/<meta name="theme-color" content="[^"]*" \/>/, `<meta name="theme-color" content="${brand.color_primary}" />`)
    .replace('<!--brand:head-->', head)
    // Else the route's own code, asked for with the first script's instead of after it has run.
    .replace(APP_SCRIPTS, (first) =>
      held ? '' : [first, ...modules.map((m) => `<link rel="modulepreload" crossorigin href="${e(m)}" />`)].join('\n    '),
    );
  // Each uploaded picture as WebP at the widths the screen takes (a browser without WebP takes the upload).
  const logo = brand.logo && { ...brand.logo, ...logoWidths(brand.logo) };
  html = between(html, 'logo', () =>
    logo
      ? `<picture><source type="image/webp" srcset="${e(srcset(logo, logo.widths))}" sizes="${logo.shown}px" />` +
        `<img class="logo logo-uploaded" src="${e(logo.url)}" width="${logo.width}" height="${logo.height}" alt="${e(brand.brand_name)}" /></picture>`
      : `<img class="logo" src="/logo.svg" width="40" height="40" alt="" /><span class="brand-name">${e(brand.brand_name)}</span>`,
  );
  html = between(html, 'campaign', () => e(campaign));
  html = between(html, 'register', (link) => (ended ? '' : link));
  html = between(html, 'returning', (line) => (ended ? '' : line));
  const { phone, desktop } = heroCrops(brand);
  html = between(html, 'hero', (drawing) =>
    phone && desktop
      ? `<picture>` +
        `<source media="(min-width: ${DESKTOP_FROM})" type="image/webp" srcset="${e(srcset(desktop, heroWidths(desktop)))}" sizes="${DESKTOP_SIZES}" width="${desktop.width}" height="${desktop.height}" />` +
        `<source media="(min-width: ${DESKTOP_FROM})" srcset="${e(desktop.url)}" width="${desktop.width}" height="${desktop.height}" />` +
        `<source type="image/webp" srcset="${e(srcset(phone, heroWidths(phone)))}" sizes="${PHONE_SIZES}" width="${phone.width}" height="${phone.height}" />` +
        `<img class="hero-img hero-photo" src="${e(phone.url)}" width="${phone.width}" height="${phone.height}" alt="" ${full ? 'loading="lazy"' : 'fetchpriority="high"'} /></picture>`
      : drawing,
  );
  // The notice popup: on the home page it opens as soon as its picture has arrived, before any
  // script (index.html's inline script), which then asks for the app's; elsewhere it waits, its
  // picture not asked for, until the site comes back to the home page.
  html = between(html, 'notice', () =>
    notice
      ? `<dialog id="notice" class="modal notice" aria-labelledby="notice-title" data-url="${e(notice.url)}"${held ? ` data-home data-app="${e(held.join(' '))}"` : ''}>` +
        `<div class="modal-head"><h2 id="notice-title" class="modal-title" data-t="notice.title">${e(text('notice.title'))}</h2></div>` +
        `<picture><source type="image/webp" srcset="${e(srcset(notice, noticeWidths(notice)))}" sizes="${NOTICE_SIZES}" />` +
        `<img class="notice-img" src="${e(notice.url)}" width="${notice.width}" height="${notice.height}" alt="${e(text('notice.image'))}" ${home ? 'fetchpriority="high"' : 'loading="lazy"'} /></picture>` +
        `<form method="dialog" class="actions"><button class="btn btn-primary" autofocus data-t="notice.close">${e(text('notice.close'))}</button></form></dialog>`
      : '',
  );
  return html;
}

/**
 * The built-in hero drawing of index.html as a standalone SVG in the brand's colours (the
 * page colours it by CSS; an SVG renderer needs them written in).
 */
export function heroDrawing(template: string, brand: Pick<SiteBrand, 'color_primary' | 'color_secondary'>): string | null {
  const m = /<!--brand:hero-->(<svg[\s\S]*?<\/svg>)<!--\/brand:hero-->/.exec(template);
  if (!m) return null;
  return m[1]
    .replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ')
    .replace(/class="c1" fill="[^"]*"/g, `fill="${brand.color_primary}"`)
    .replace(/class="c2" stop-color="[^"]*"/g, `stop-color="${brand.color_secondary}"`);
}

/** A colour as the page writes it into its styles: #rrggbb only (the form checks it; this holds whatever the table says). */
const colour = (value: unknown, fallback: string) => (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : fallback);

/** The built index.html, and each lazy page's chunks by page name (ROUTE_PAGES). */
interface Template {
  html: string;
  chunks: Record<string, string[]>;
}

/**
 * The public site's page and share picture as the settings make them (`brandPage`), kept
 * in memory: the pages while the settings' cached values stay the same object (a write
 * replaces it at once, the TTL otherwise), the picture while what it shows is unchanged.
 * The page is made for the site's one address (PUBLIC_URL, else http://localhost:PORT),
 * never for a request's Host header: one page per language and route, whatever Host a
 * request names, so an unseen Host costs no render (issue #32: 17-45 ms each on the main thread).
 */
@Injectable()
export class SitePage implements OnApplicationBootstrap {
  private template?: { file: string; page: Promise<Template> };
  private pages?: { values: object; byRoute: Map<string, Promise<JsonAnswer>> };
  private image?: { version: string; jpeg: Promise<Buffer> };
  /** The scaled pictures made so far, for the brand's current pictures only (`scaled`). */
  private scaledCache = new Map<string, Promise<Buffer>>();
  private warming?: Promise<void>;

  constructor(
    private readonly settings: SettingService,
    private readonly files: FileService,
    private readonly config: ConfigService,
  ) {
    settings.onChange(() => void this.warm());
  }

  onApplicationBootstrap() {
    void this.warm();
  }

  /**
   * Makes the scaled pictures ahead (one at a time, the phone's hero first), at start and when
   * the settings change, so the first visitor does not wait for sharp: made on that visitor's
   * request, the hero's copy took its LCP from 1.7-1.8 to 2.5 s. Nothing is made twice.
   */
  warm(): Promise<void> {
    return (this.warming = (this.warming ?? Promise.resolve())
      .then(async () => {
        for (const [name, widths] of scaledWidths(await this.brand())) for (const w of widths) await this.scaled(`${name}-${w}w.webp`);
      })
      .catch(() => undefined));
  }

  /** Settles when the pictures asked to be made ahead so far are made. */
  warmed(): Promise<void> {
    return this.warming ?? Promise.resolve();
  }

  /** The site's address for absolute links (share previews): PUBLIC_URL, else http://localhost:PORT. */
  origin(): string {
    return this.config.get('app').publicUrl;
  }

  /** index.html at `path` in `lang`, with its ETag (sent by `sendText`, compressed once). */
  async page(indexFile: string, lang: Lang, path: string): Promise<JsonAnswer> {
    const values = await this.settings.getAll();
    if (this.pages?.values !== values) this.pages = { values, byRoute: new Map() };
    const pages = this.pages.byRoute;
    const route = matchRoute(path).name;
    // The page changes when the campaign's last day has passed (its "Register now" goes).
    const ended = !!(await this.settings.campaignEndedOn());
    const key = `${lang} ${route}${ended ? ' ended' : ''}`;
    const known = pages.get(key);
    if (known) return known;
    const origin = this.origin();
    const answer = (async () => {
      const brand = await this.brand();
      const { html, chunks } = await this.templateOf(indexFile);
      // A page of its own draws from its chunk: asked for with the first script (/fairness: LCP
      // 1.93-2.03 s -> 1.76-1.86 s). A dialog's is not: the landing page paints first, and its
      // chunk asked for with the page shared the link with that paint (/enquiry: 1.45-1.73 s -> 1.78-2.06 s).
      const page = isFullPage(route) ? ROUTE_PAGES[route] : null;
      return textAnswer(
        brandPage(html, brand, origin, pictureVersion(brand), { lang, route, modules: (page && chunks[page]) || [], ended }),
      );
    })();
    // Two languages and the routes: a few entries, whatever the requests.
    pages.set(key, answer);
    answer.catch(() => pages.delete(key));
    return answer;
  }

  /** The share preview picture (JPEG, 1200 x 630): the desktop hero cropped to fit, else the built-in drawing. */
  async ogImage(indexFile: string): Promise<Buffer> {
    const brand = await this.brand();
    const version = pictureVersion(brand);
    if (this.image?.version !== version) {
      const entry = { version, jpeg: this.drawOgImage(indexFile, brand) };
      entry.jpeg.catch(() => {
        if (this.image === entry) this.image = undefined;
      });
      this.image = entry;
    }
    return this.image.jpeg;
  }

  /**
   * One of the brand's pictures scaled (`/brand/<upload>-<width>w.webp`), or null for any other
   * name: only the current logo and hero crops, at the widths the page offers, so the address
   * cannot make the server scale any upload at any size. Made once, kept while the picture is the brand's.
   */
  async scaled(file: string): Promise<Buffer | null> {
    const m = /^([\w-]{1,64})-(\d{1,4})w\.webp$/.exec(file);
    if (!m) return null;
    const [, name, width] = m;
    const brand = await this.brand();
    const offered = scaledWidths(brand);
    if (!offered.get(name)?.includes(Number(width))) return null;
    for (const key of this.scaledCache.keys()) if (!offered.has(key.slice(0, key.lastIndexOf('-')))) this.scaledCache.delete(key);
    const key = `${name}-${width}`;
    let made = this.scaledCache.get(key);
    if (!made) {
      const source = [brand.logo, brand.hero_phone, brand.hero_desktop, brand.notice, brand.notice_ne].find((p) => p && uploadName(p) === name)!;
      const path = join(this.config.get('files').uploadDir, source.url.slice(UPLOADS_URL.length));
      made = readFile(path).then((data) => sharp(data).resize({ width: Number(width), withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
      made.catch(() => this.scaledCache.delete(key));
      this.scaledCache.set(key, made);
    }
    // A picture whose upload is gone from the disk is not found, as the upload itself would be.
    return made.catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
  }

  private async drawOgImage(indexFile: string, brand: SiteBrand): Promise<Buffer> {
    const hero = heroCrops(brand).desktop;
    const source = hero
      ? await readFile(join(this.config.get('files').uploadDir, hero.url.slice(UPLOADS_URL.length)))
      : Buffer.from(heroDrawing((await this.templateOf(indexFile)).html, brand) ?? '');
    return sharp(source).resize(OG_IMAGE.width, OG_IMAGE.height, { fit: 'cover' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }

  private async brand(): Promise<SiteBrand> {
    const v = await this.settings.getAll();
    const files = await this.files.findByIds([v.logo_id, v.hero_phone_id, v.hero_desktop_id, v.notice_id, v.notice_ne_id]);
    return {
      brand_name: v.brand_name,
      campaign_name: v.campaign_name,
      campaign_name_ne: v.campaign_name_ne,
      logo: picture(files.get(v.logo_id!)),
      hero_phone: picture(files.get(v.hero_phone_id!)),
      hero_desktop: picture(files.get(v.hero_desktop_id!)),
      notice: picture(files.get(v.notice_id!)),
      notice_ne: picture(files.get(v.notice_ne_id!)),
      color_primary: colour(v.color_primary, SETTING_DEFAULTS.color_primary),
      color_secondary: colour(v.color_secondary, SETTING_DEFAULTS.color_secondary),
    };
  }

  /** index.html and the page chunks its build wrote beside it (pages.json, public-site/vite.config.ts; none in a build without it). */
  private templateOf(file: string): Promise<Template> {
    if (this.template?.file !== file) {
      const chunks = readFile(join(dirname(file), 'pages.json'), 'utf8').then(
        (text) => JSON.parse(text) as Record<string, string[]>,
        () => ({}),
      );
      const entry = { file, page: Promise.all([readFile(file, 'utf8'), chunks]).then(([html, c]) => ({ html, chunks: c })) };
      entry.page.catch(() => {
        if (this.template === entry) this.template = undefined;
      });
      this.template = entry;
    }
    return this.template.page;
  }
}

/** What the share picture shows, as a short tag: its address carries it, so a changed picture is fetched anew. */
export function pictureVersion(brand: SiteBrand): string {
  const key = [brand.hero_desktop?.url, brand.hero_phone?.url, brand.color_primary, brand.color_secondary].join('|');
  return createHash('sha256').update(key).digest('base64url').slice(0, 10);
}
