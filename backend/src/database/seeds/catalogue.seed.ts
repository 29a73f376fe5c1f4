import sharp from 'sharp';
import { EntityManager } from 'typeorm';
import { sanitizeRichText } from '../../common/rich-text';
import { newSlug } from '../../common/slug';
import { insertFileRows, prepareUpload, writeFiles } from '../../modules/file/file-store';
import type { SettingValues } from '../../modules/setting/setting.defaults';
import type { DemoStep } from './seed.service';
import { DEMO_CATALOGUE } from './catalogue.demo-data';
import { escapeXml } from '../../common/xml';

/**
 * Demo catalogue: settings texts, bike models and winner videos. Their images are drawn here
 * (a coloured card with the name, rendered by sharp) and stored like uploads when the seed
 * knows the upload folder; without one (the test templates) records have no image.
 */
export const seedCatalogue: DemoStep = async (em, ctx) => {
  const image = async (title: string, subtitle: string, colour: string, size: [number, number]) =>
    ctx.uploadDir ? storeCard(em, ctx.uploadDir, title, subtitle, colour, size) : null;

  const settings: Partial<SettingValues> = {
    ...DEMO_CATALOGUE.settings,
    scheme: sanitizeRichText(DEMO_CATALOGUE.settings.scheme),
    terms: sanitizeRichText(DEMO_CATALOGUE.settings.terms),
    policy: sanitizeRichText(DEMO_CATALOGUE.settings.policy),
    logo_id: await image(DEMO_CATALOGUE.settings.brand_name, DEMO_CATALOGUE.settings.campaign_name, '#b71c1c', [480, 160]),
  };
  for (const [key, value] of Object.entries(settings)) {
    await em.query(`INSERT INTO setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, JSON.stringify(value)]);
  }

  for (const [i, m] of DEMO_CATALOGUE.bikeModels.entries()) {
    const thumbnail = await image(m.title, DEMO_CATALOGUE.settings.brand_name, m.colour, [800, 500]);
    await em.query(`INSERT INTO bike_model (slug, title, thumbnail_id, "order", tagline, price, price_from) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      newSlug(),
      m.title,
      thumbnail,
      i + 1,
      m.tagline,
      m.price,
      m.from,
    ]);
  }

  for (const v of DEMO_CATALOGUE.videos) {
    const thumbnail = await image(v.title.split(',')[0], v.amount === 1000000 ? 'Ten Lakhs winner' : 'Fifty Thousand winner', v.colour, [640, 360]);
    await em.query(`INSERT INTO video (title, url, amount, phone, citizenship_no, thumbnail_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
      v.title,
      v.url,
      v.amount,
      v.phone,
      v.citizenship_no,
      thumbnail,
    ]);
  }
};


/** A card image (PNG drawn from SVG), stored through the same checks as an upload. */
async function storeCard(em: EntityManager, dir: string, title: string, subtitle: string, colour: string, [w, h]: [number, number]): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="${Math.round(h * 0.5)}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(h / 7)}" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>
    <text x="50%" y="${Math.round(h * 0.68)}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(h / 14)}" fill="#ffffffcc" text-anchor="middle">${escapeXml(subtitle)}</text>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const prepared = await prepareUpload(png, 'image', `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`);
  const names = await writeFiles(dir, [prepared]);
  const [row] = await insertFileRows(em, [prepared], names, null);
  return row.id;
}
