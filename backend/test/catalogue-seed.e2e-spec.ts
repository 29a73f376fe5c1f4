import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { seedCatalogue } from '../src/database/seeds/catalogue.seed';
import { SettingService } from '../src/modules/setting/setting.service';
import { startTestApp, TestApp } from './harness/test-app';

describe('the demo catalogue seed with an upload folder', () => {
  let t: TestApp;
  let uploads: string;

  beforeAll(async () => {
    t = await startTestApp({ template: 'empty' });
    uploads = join(t.dataDir, 'uploads');
    await t.db.transaction((em) => seedCatalogue(em, { branchIds: [], uploadDir: uploads }));
    // Written behind the service's back (SeedService lets them go after the demo seed): the settings read at start go.
    t.app.get(SettingService).invalidate();
  });
  afterAll(() => t.close());

  it('draws an image for every bike model and video, served from /uploads', async () => {
    const models = (await t.http().get('/api/v1/bike-models')).body.data;
    expect(models).toHaveLength(6);
    for (const m of models) {
      expect(m.thumbnail).toEqual({ id: expect.any(Number), url: expect.stringMatching(/^\/uploads\/\w+\.webp$/), thumbnail: expect.stringMatching(/^\/uploads\/\w+-thumb\.webp$/) });
    }
    const image = await t.http().get(models[2].thumbnail.url).buffer(true);
    expect(image.status).toBe(200);
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 500 });

    const videos = (await t.http().get('/api/v1/videos')).body.data;
    expect(videos.map((v: { amount: number }) => v.amount)).toEqual([1000000, 50000, 50000]);
    expect(videos.every((v: { thumbnail: unknown; url: string }) => v.thumbnail && v.url.startsWith('https://'))).toBe(true);
    // Logo, the hero's two crops, 6 models and 3 videos: an image and a thumbnail each.
    expect(readdirSync(uploads)).toHaveLength(24);
  });

  it("draws the hero's two crops and the logo, and the public page shows them", async () => {
    // The empty database has no staff to sign in: the settings form's own read.
    const all = await t.app.get(SettingService).adminSettings();
    const size = async (url: string) => {
      const { format, width, height } = await sharp((await t.http().get(url).buffer(true)).body).metadata();
      return [format, width, height];
    };
    expect(await size(all.hero_phone!.url)).toEqual(['webp', 800, 400]);
    expect(await size(all.hero_desktop!.url)).toEqual(['webp', 1200, 800]);
    expect(await size(all.logo!.url)).toEqual(['webp', 600, 160]);
    const page = (await t.http().get('/')).text;
    expect(page).toContain(`src="${all.hero_phone!.url}"`);
    expect(page).toContain(`srcset="${all.hero_desktop!.url}"`);
    expect(page).toContain(`<img class="logo logo-uploaded" src="${all.logo!.url}" width="600" height="160" alt="Everest Moto" />`);
  });

  it('sets the brand, the campaign texts and a logo', async () => {
    const s = (await t.http().get('/api/v1/settings')).body.data;
    expect(s).toMatchObject({ brand_name: 'Everest Moto', campaign_name: 'Campaign 2082', logo: { url: expect.stringMatching(/^\/uploads\//) } });
    expect(s.support_phones).toHaveLength(2);
    expect(s.social_links.length).toBeGreaterThan(0);
    for (const k of ['scheme', 'terms', 'policy']) expect(s[k].length).toBeGreaterThan(200);
  });
});
