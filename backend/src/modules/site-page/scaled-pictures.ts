/*
 * The brand's uploaded pictures as the public site shows them: which widths of each are offered
 * (never enlarged) and at which address. The page (site-page.ts) writes them into its markup,
 * and SitePage.scaled answers exactly these and nothing else.
 */
import { UPLOADS_URL } from '../file/file-view';

/** A stored picture as a page needs it: where, and its size (so the browser keeps its room). */
export interface Picture {
  url: string;
  width: number;
  height: number;
}

/** The uploaded pictures the public site shows. */
export interface BrandPictures {
  logo: Picture | null;
  hero_phone: Picture | null;
  hero_desktop: Picture | null;
  notice: Picture | null;
  notice_ne: Picture | null;
}

/** A stored file as a picture, when it is an image whose size is known. */
export const picture = (f: { filename: string; width: number | null; height: number | null } | undefined): Picture | null =>
  f && f.width && f.height ? { url: UPLOADS_URL + f.filename, width: f.width, height: f.height } : null;

/**
 * The brand's uploaded pictures are offered scaled down, as WebP, at `/brand/<upload>-<width>w.webp`
 * (an upload's name never changes, so the address may be kept for good): a phone on a slow link
 * takes the width its screen needs instead of the upload itself (a 2400 px hero photo stored as
 * an 810 KB JPEG held the landing page's LCP at 5.7-6.3 s on Lighthouse's slow 4G; 1.6-1.8 s
 * with its 800 px WebP, docs/decisions.md).
 */
export const SCALED_PATH = '/brand/';
/** The hero crops' widths: phones of 360-412 CSS px at 1.75-3x, tablets, wide screens. */
const HERO_WIDTHS = [400, 640, 800, 1080, 1440, 1920];
/** The notice popup's widths: at most 40rem less its padding (608 CSS px) on 1.75-3x screens. */
const NOTICE_WIDTHS = [400, 640, 800, 1080, 1440];
export const noticeWidths = (p: Picture) => offeredWidths(p.width, NOTICE_WIDTHS);
/** The header shows the logo 40 px high, at most 150 px wide (styles.css). */
const LOGO_HEIGHT = 40;
const LOGO_MAX_WIDTH = 150;

/** The widths a picture `own` px wide is offered at: those of `wanted` below its own, and its own when not beyond the largest (never enlarged). */
export function offeredWidths(own: number, wanted: readonly number[]): number[] {
  const max = wanted[wanted.length - 1];
  return [...new Set([...wanted.filter((w) => w < own), Math.min(own, max)])].sort((a, b) => a - b);
}

/** The hero's crops: each serves both screens when only one is uploaded. */
export const heroCrops = (brand: Pick<BrandPictures, 'hero_phone' | 'hero_desktop'>) => ({
  phone: brand.hero_phone ?? brand.hero_desktop,
  desktop: brand.hero_desktop ?? brand.hero_phone,
});
export const heroWidths = (p: Picture) => offeredWidths(p.width, HERO_WIDTHS);

/** The header's logo: its width at 40 px high (at most 150), at 1x, 2x and 3x. */
export const logoWidths = (p: Picture) => {
  const shown = Math.min(LOGO_MAX_WIDTH, Math.round((LOGO_HEIGHT * p.width) / p.height));
  return { shown, widths: offeredWidths(p.width, [shown, shown * 2, shown * 3]) };
};

/** What the page offers of each uploaded picture, by the upload's name (without its extension). */
export function scaledWidths(brand: BrandPictures): Map<string, number[]> {
  const offered = new Map<string, number[]>();
  const add = (p: Picture | null, widths: number[]) => {
    if (!p) return;
    const name = uploadName(p);
    offered.set(
      name,
      [...new Set([...(offered.get(name) ?? []), ...widths])].sort((a, b) => a - b),
    );
  };
  const { phone, desktop } = heroCrops(brand);
  if (phone) add(phone, heroWidths(phone));
  if (desktop) add(desktop, heroWidths(desktop));
  if (brand.logo) add(brand.logo, logoWidths(brand.logo).widths);
  for (const notice of [brand.notice, brand.notice_ne]) if (notice) add(notice, noticeWidths(notice));
  return offered;
}

export const uploadName = (p: Picture) => p.url.slice(p.url.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
export const srcset = (p: Picture, widths: number[]) => widths.map((w) => `${SCALED_PATH}${uploadName(p)}-${w}w.webp ${w}w`).join(', ');
