import sharp from 'sharp';
import { EntityManager } from 'typeorm';
import { sanitizeRichText } from '../../common/rich-text';
import { newSlug } from '../../common/slug';
import { prepareUpload, writeFiles } from '../../modules/file/file-store';
import { insertFileRows } from '../../repositories/file.repository';
import type { SettingValues } from '../../modules/setting/setting.defaults';
import type { DemoStep } from './demo-step';
import { DEMO_CATALOGUE } from './catalogue.demo-data';
import { heroScene, logo, modelPicture, winnerCard } from './demo-art';

/**
 * Demo catalogue: settings texts, the brand's pictures, bike models and winner videos. The
 * pictures are drawn here (demo-art.ts, rendered by sharp) and stored like uploads when the
 * seed knows the upload folder; without one (the test templates) records have no image.
 */
export const seedCatalogue: DemoStep = async (em, ctx) => {
  const image = async (drawing: string, name: string) => (ctx.uploadDir ? storeDrawing(em, ctx.uploadDir, drawing, name) : null);
  const { brand_name, color_primary, color_secondary } = DEMO_CATALOGUE.settings;
  const colours = { primary: color_primary, secondary: color_secondary };

  const settings: Partial<SettingValues> = {
    ...DEMO_CATALOGUE.settings,
    scheme: sanitizeRichText(DEMO_CATALOGUE.settings.scheme),
    terms: sanitizeRichText(DEMO_CATALOGUE.settings.terms),
    policy: sanitizeRichText(DEMO_CATALOGUE.settings.policy),
    scheme_ne: sanitizeRichText(DEMO_CATALOGUE.settings.scheme_ne),
    terms_ne: sanitizeRichText(DEMO_CATALOGUE.settings.terms_ne),
    policy_ne: sanitizeRichText(DEMO_CATALOGUE.settings.policy_ne),
    logo_id: await image(logo(color_primary, brand_name), 'logo'),
    // The hero's two crops: wide and low for phones (the buttons stay in the first screen), taller beside the text on wide screens.
    hero_phone_id: await image(heroScene(800, 400, colours, 0.5, 0.6), 'hero-phone'),
    hero_desktop_id: await image(heroScene(1200, 800, colours, 0.55), 'hero-desktop'),
  };
  for (const [key, value] of Object.entries(settings)) {
    await em.query(`INSERT INTO setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, JSON.stringify(value)]);
  }

  for (const [i, m] of DEMO_CATALOGUE.bikeModels.entries()) {
    const thumbnail = await image(modelPicture(m.colour), m.title);
    await em.query(
      `INSERT INTO bike_model (slug, title, title_ne, thumbnail_id, "order", tagline, tagline_ne, price, price_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [newSlug(), m.title, m.title_ne, thumbnail, i + 1, m.tagline, m.tagline_ne, m.price, m.from],
    );
  }

  for (const v of DEMO_CATALOGUE.videos) {
    const thumbnail = await image(winnerCard(v.colour), v.title.split(',')[0]);
    await em.query(`INSERT INTO video (title, title_ne, url, amount, phone, citizenship_no, thumbnail_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      v.title,
      v.title_ne,
      v.url,
      v.amount,
      v.phone,
      v.citizenship_no,
      thumbnail,
    ]);
  }
};


/** A drawing (SVG) rendered to WebP and stored through the same checks as an upload. */
async function storeDrawing(em: EntityManager, dir: string, drawing: string, name: string): Promise<number> {
  const webp = await sharp(Buffer.from(drawing)).webp({ quality: 82 }).toBuffer();
  const prepared = await prepareUpload(webp, 'image', `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.webp`);
  const names = await writeFiles(dir, [prepared]);
  const [row] = await insertFileRows(em, [prepared], names, null);
  return row.id;
}
