import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { offeredWidths, scaledWidths } from './scaled-pictures';
import { brandPage, darker, heroDrawing, SiteBrand } from './site-page';

/** The public site's own index.html (the source; the build keeps its marks). */
const TEMPLATE = readFileSync(join(__dirname, '..', '..', '..', '..', 'public-site', 'index.html'), 'utf8');

const BRAND: SiteBrand = {
  brand_name: 'Everest Moto',
  campaign_name: 'Campaign 2082',
  campaign_name_ne: 'अभियान २०८२',
  logo: null,
  hero_phone: null,
  hero_desktop: null,
  notice: null,
  notice_ne: null,
  color_primary: '#0f766e',
  color_secondary: '#7c2d12',
};

describe('brandPage (the public page as the settings make it)', () => {
  it('writes the share preview tags with absolute links to the site and its picture', () => {
    const html = brandPage(TEMPLATE, BRAND, 'https://campaign.example.com', 'v1');
    expect(html).toContain('<meta property="og:url" content="https://campaign.example.com/" />');
    expect(html).toContain('<meta property="og:image" content="https://campaign.example.com/og-image.jpg?v=v1" />');
    expect(html).toContain('<meta property="og:title" content="Campaign 2082: win a cash discount on your new bike" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:image" content="https://campaign.example.com/og-image.jpg?v=v1" />');
    expect(html).toContain('<title>Campaign 2082</title>');
    expect(html).not.toContain('<!--brand:');
  });

  it("names the campaign in the reader's language: the Nepali name when the admin gave one, else the English", () => {
    const ne = brandPage(TEMPLATE, BRAND, 'http://x', 'v', { lang: 'ne', route: 'home' });
    expect(ne).toContain('<span class="badge">अभियान २०८२</span>');
    expect(ne).toContain('<title>अभियान २०८२</title>');
    expect(brandPage(TEMPLATE, BRAND, 'http://x', 'v', { lang: 'en', route: 'home' })).toContain('<span class="badge">Campaign 2082</span>');
    expect(brandPage(TEMPLATE, { ...BRAND, campaign_name_ne: '' }, 'http://x', 'v', { lang: 'ne', route: 'home' })).toContain('<span class="badge">Campaign 2082</span>');
  });

  it('takes "Register now" and "Enter your code" off the page once the campaign has ended, and keeps the test ride', () => {
    const open = brandPage(TEMPLATE, BRAND, 'http://x', 'v', { route: 'home' });
    expect(open).toContain('>Register now</a>');
    expect(open).toContain('>Enter your code</a>');
    const ended = brandPage(TEMPLATE, BRAND, 'http://x', 'v', { route: 'home', ended: true });
    expect(ended).not.toContain('>Register now</a>');
    expect(ended).not.toContain('>Enter your code</a>');
    expect(ended).toContain('>Book a Test Ride</button>');
  });

  it("gives the page the brand's colours over the built ones, and the theme colour", () => {
    const html = brandPage(TEMPLATE, BRAND, 'http://x', 'v');
    expect(html).toContain('<style>html:root{--red:#0f766e;--red-dark:#0c615a;--blue:#7c2d12}</style>');
    expect(html).toContain('<meta name="theme-color" content="#0f766e" />');
    expect(darker('#ffffff', 0.5)).toBe('#808080');
  });

  it('shows our drawn mark with the brand name until a logo is uploaded, then the logo named by the brand', () => {
    const plain = brandPage(TEMPLATE, BRAND, 'http://x', 'v');
    expect(plain).toContain('<img class="logo" src="/logo.svg" width="40" height="40" alt="" /><span class="brand-name">Everest Moto</span>');
    const uploaded = brandPage(TEMPLATE, { ...BRAND, logo: { url: '/uploads/l.png', width: 600, height: 160 } }, 'http://x', 'v');
    // 40 px high is 150 px wide: offered at 1x, 2x and 3x as WebP, the upload for a browser without WebP.
    expect(uploaded).toContain(
      '<picture><source type="image/webp" srcset="/brand/l-150w.webp 150w, /brand/l-300w.webp 300w, /brand/l-450w.webp 450w" sizes="150px" />' +
        '<img class="logo logo-uploaded" src="/uploads/l.png" width="600" height="160" alt="Everest Moto" /></picture>',
    );
    expect(uploaded).not.toContain('brand-name');
  });

  it('puts the uploaded hero crops in a picture (the wide one from 1024 px) at the widths screens take, else keeps the drawing', () => {
    expect(brandPage(TEMPLATE, BRAND, 'http://x', 'v')).toContain('<svg class="hero-img"');
    const html = brandPage(
      TEMPLATE,
      { ...BRAND, hero_phone: { url: '/uploads/p.jpg', width: 900, height: 450 }, hero_desktop: { url: '/uploads/d.png', width: 1200, height: 800 } },
      'http://x',
      'v',
    );
    expect(html).toContain(
      '<picture>' +
        '<source media="(min-width: 64em)" type="image/webp" srcset="/brand/d-400w.webp 400w, /brand/d-640w.webp 640w, /brand/d-800w.webp 800w, /brand/d-1080w.webp 1080w, /brand/d-1200w.webp 1200w" sizes="(min-width: 75em) 706px, 60vw" width="1200" height="800" />' +
        '<source media="(min-width: 64em)" srcset="/uploads/d.png" width="1200" height="800" />' +
        '<source type="image/webp" srcset="/brand/p-400w.webp 400w, /brand/p-640w.webp 640w, /brand/p-800w.webp 800w, /brand/p-900w.webp 900w" sizes="(min-width: 60em) 960px, 100vw" width="900" height="450" />' +
        '<img class="hero-img hero-photo" src="/uploads/p.jpg" width="900" height="450" alt="" fetchpriority="high" /></picture>',
    );
    expect(html).not.toContain('<svg class="hero-img"');
    // One crop serves both when only one is set.
    const one = brandPage(TEMPLATE, { ...BRAND, hero_desktop: { url: '/uploads/d.webp', width: 1200, height: 800 } }, 'http://x', 'v');
    expect(one).toContain('srcset="/uploads/d.webp"');
    expect(one).toContain('src="/uploads/d.webp"');
    expect(one).toContain('srcset="/brand/d-400w.webp 400w,');
  });

  it('writes the notice dialog in the reader\'s language, open on the home page with its picture asked for at once, waiting elsewhere', () => {
    const brand = { ...BRAND, notice: { url: '/uploads/n.jpg', width: 700, height: 900 }, notice_ne: { url: '/uploads/m.jpg', width: 500, height: 600 } };
    const dialog = (html: string) => /<dialog id="notice"[\s\S]*?<\/dialog>/.exec(html)?.[0];
    expect(dialog(brandPage(TEMPLATE, brand, 'http://x', 'v', { route: 'home' }))).toBe(
      '<dialog id="notice" class="modal notice" aria-labelledby="notice-title" data-url="/uploads/n.jpg" data-home data-app="/src/main.tsx">' +
        '<div class="modal-head"><h2 id="notice-title" class="modal-title" data-t="notice.title">Notice</h2></div>' +
        '<picture><source type="image/webp" srcset="/brand/n-400w.webp 400w, /brand/n-640w.webp 640w, /brand/n-700w.webp 700w" sizes="(min-width: 41em) 608px, calc(100vw - 3rem)" />' +
        '<img class="notice-img" src="/uploads/n.jpg" width="700" height="900" alt="Campaign notice" fetchpriority="high" /></picture>' +
        '<form method="dialog" class="actions"><button class="btn btn-primary" autofocus data-t="notice.close">Close</button></form></dialog>',
    );
    const ne = dialog(brandPage(TEMPLATE, brand, 'http://x', 'v', { lang: 'ne', route: 'home' }));
    expect(ne).toContain('srcset="/brand/m-400w.webp 400w, /brand/m-500w.webp 500w"');
    expect(ne).toContain('>सूचना</h2>');
    expect(ne).toContain('alt="अभियानको सूचना"');
    expect(dialog(brandPage(TEMPLATE, { ...brand, notice_ne: null }, 'http://x', 'v', { lang: 'ne', route: 'home' }))).toContain('data-url="/uploads/n.jpg"');
    // On the other pages it waits for the site to come back home: closed, its picture not asked for.
    const other = dialog(brandPage(TEMPLATE, brand, 'http://x', 'v'))!;
    expect(other).not.toContain('data-home');
    expect(other).toContain('loading="lazy"');
    expect(other).not.toContain('fetchpriority');
    // No notice, no dialog; the page's script that opens it stays (the server allows it by its hash).
    const none = brandPage(TEMPLATE, BRAND, 'http://x', 'v', { route: 'home' });
    expect(dialog(none)).toBeUndefined();
    expect(none).toContain("document.getElementById('notice')");
  });

  it('holds the app\'s scripts back on the home page while its notice comes, and names them on the dialog', () => {
    const brand = { ...BRAND, notice: { url: '/uploads/n.jpg', width: 700, height: 900 } };
    const built = TEMPLATE.replace(
      /<script type="module"[^>]*><\/script>/,
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/i18n-b2.js">',
    );
    const scripts = (html: string) => html.match(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g) ?? [];
    const home = brandPage(built, brand, 'http://x', 'v', { route: 'home' });
    expect(scripts(home)).toEqual([]);
    expect(home).toContain('data-home data-app="/assets/index-a1.js /assets/i18n-b2.js">');
    // Without a notice, or on another page, the page asks for them itself.
    const asked = ['<script type="module" crossorigin src="/assets/index-a1.js"></script>', '<link rel="modulepreload" crossorigin href="/assets/i18n-b2.js">'];
    expect(scripts(brandPage(built, BRAND, 'http://x', 'v', { route: 'home' }))).toEqual(asked);
    const other = brandPage(built, brand, 'http://x', 'v', { modules: ['/assets/Fairness-c3.js'] });
    expect(scripts(other)).toEqual([...asked, '<link rel="modulepreload" crossorigin href="/assets/Fairness-c3.js" />']);
    expect(other).not.toContain('data-app="');
  });

  it("names the route's own modules after the first script, so they are asked for with it", () => {
    const built = TEMPLATE.replace(
      '<script type="module" src="/src/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/i18n-b.js">',
    );
    const html = brandPage(built, BRAND, 'http://x', 'v', { modules: ['/assets/FairnessPage-c.js', '/assets/draw-id-d.js'] });
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/i18n-b.js">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets/FairnessPage-c.js" />\n    <link rel="modulepreload" crossorigin href="/assets/draw-id-d.js" />',
    );
    expect(brandPage(built, BRAND, 'http://x', 'v', { route: 'home' })).not.toContain('FairnessPage');
  });

  it("leaves the hidden hero's picture to be asked for when shown on a page of its own", () => {
    const brand = { ...BRAND, hero_phone: { url: '/uploads/p.jpg', width: 900, height: 450 }, hero_desktop: { url: '/uploads/d.png', width: 1200, height: 800 } };
    const hero = (html: string) => /<img class="hero-img[^>]*>/.exec(html)?.[0];
    expect(hero(brandPage(TEMPLATE, brand, 'http://x', 'v', { route: 'home' }))).toBe('<img class="hero-img hero-photo" src="/uploads/p.jpg" width="900" height="450" alt="" fetchpriority="high" />');
    expect(hero(brandPage(TEMPLATE, brand, 'http://x', 'v', { route: 'winners' }))).toBe('<img class="hero-img hero-photo" src="/uploads/p.jpg" width="900" height="450" alt="" loading="lazy" />');
  });

  it("asks for the answers the route's page shows first in its head, and only those", () => {
    const preloads = (html: string) => html.slice(0, html.indexOf('</head>')).match(/<link rel="preload" as="fetch"[^>]*>/g);
    expect(preloads(brandPage(TEMPLATE, BRAND, 'http://x', 'v', { route: 'winners' }))).toEqual(['<link rel="preload" as="fetch" crossorigin href="/api/v1/videos" />']);
    for (const route of ['home', 'fairness', 'enquiry'] as const) expect(preloads(brandPage(TEMPLATE, BRAND, 'http://x', 'v', { route }))).toBeNull();
  });

  it('offers a picture at the wanted widths below its own and at its own, never enlarged', () => {
    expect(offeredWidths(900, [400, 640, 800, 1080, 1920])).toEqual([400, 640, 800, 900]);
    expect(offeredWidths(5000, [400, 1920])).toEqual([400, 1920]);
    expect(offeredWidths(300, [400, 1920])).toEqual([300]);
    expect(offeredWidths(800, [400, 800, 1920])).toEqual([400, 800]);
    // What the page offers is what /brand/ answers: by the upload's name, both roles of one upload together.
    const same = { url: '/uploads/h.jpg', width: 1000, height: 500 };
    const notice = { url: '/uploads/n.jpg', width: 1080, height: 1350 };
    expect(
      scaledWidths({ logo: { url: '/uploads/l.png', width: 100, height: 40 }, hero_phone: same, hero_desktop: null, notice, notice_ne: null }),
    ).toEqual(
      new Map([
        ['h', [400, 640, 800, 1000]],
        ['l', [100]],
        ['n', [400, 640, 800, 1080]],
      ]),
    );
  });

  it('escapes every value it writes', () => {
    const hostile = { ...BRAND, brand_name: '<script>alert(1)</script>', campaign_name: '"><img src=x onerror=alert(1)>' };
    const html = brandPage(TEMPLATE, hostile, 'http://x', 'v');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</title>');
    expect(html).toContain('<span class="brand-name">&lt;script&gt;alert(1)&lt;/script&gt;</span>');
  });

  it("draws the built-in hero as a standalone SVG in the brand's colours (for the share picture)", () => {
    const drawing = heroDrawing(TEMPLATE, BRAND)!;
    expect(drawing.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="hero-img"')).toBe(true);
    expect(drawing).toContain('fill="#0f766e"');
    expect(drawing).toContain('stop-color="#7c2d12"');
    expect(drawing).not.toContain('#dc2626');
  });
});
