import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandPage, darker, heroDrawing, SiteBrand } from './site-page';

/** The public site's own index.html (the source; the build keeps its marks). */
const TEMPLATE = readFileSync(join(__dirname, '..', '..', '..', '..', 'public-site', 'index.html'), 'utf8');

const BRAND: SiteBrand = {
  brand_name: 'Everest Moto',
  campaign_name: 'Campaign 2082',
  logo: null,
  hero_phone: null,
  hero_desktop: null,
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

  it("gives the page the brand's colours over the built ones, and the theme colour", () => {
    const html = brandPage(TEMPLATE, BRAND, 'http://x', 'v');
    expect(html).toContain('<style>html:root{--red:#0f766e;--red-dark:#0c615a;--blue:#7c2d12}</style>');
    expect(html).toContain('<meta name="theme-color" content="#0f766e" />');
    expect(darker('#ffffff', 0.5)).toBe('#808080');
  });

  it('shows our drawn mark with the brand name until a logo is uploaded, then the logo named by the brand', () => {
    const plain = brandPage(TEMPLATE, BRAND, 'http://x', 'v');
    expect(plain).toContain('<img class="logo" src="/logo.svg" width="40" height="40" alt="" /><span class="brand-name">Everest Moto</span>');
    const uploaded = brandPage(TEMPLATE, { ...BRAND, logo: { url: '/uploads/l.webp', width: 600, height: 160 } }, 'http://x', 'v');
    expect(uploaded).toContain('<img class="logo logo-uploaded" src="/uploads/l.webp" width="600" height="160" alt="Everest Moto" />');
    expect(uploaded).not.toContain('brand-name');
  });

  it('puts the uploaded hero crops in a picture (the wide one from 1024 px), else keeps the drawing', () => {
    expect(brandPage(TEMPLATE, BRAND, 'http://x', 'v')).toContain('<svg class="hero-img"');
    const html = brandPage(
      TEMPLATE,
      { ...BRAND, hero_phone: { url: '/uploads/p.webp', width: 800, height: 400 }, hero_desktop: { url: '/uploads/d.webp', width: 1200, height: 800 } },
      'http://x',
      'v',
    );
    expect(html).toContain(
      '<picture><source media="(min-width: 64em)" srcset="/uploads/d.webp" width="1200" height="800" /><img class="hero-img hero-photo" src="/uploads/p.webp" width="800" height="400" alt="" fetchpriority="high" /></picture>',
    );
    expect(html).not.toContain('<svg class="hero-img"');
    // One crop serves both when only one is set.
    const one = brandPage(TEMPLATE, { ...BRAND, hero_desktop: { url: '/uploads/d.webp', width: 1200, height: 800 } }, 'http://x', 'v');
    expect(one).toContain('srcset="/uploads/d.webp"');
    expect(one).toContain('src="/uploads/d.webp"');
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
