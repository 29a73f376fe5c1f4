import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createHash } from 'node:crypto';
import { bigJpegLike, jpegHtmlPolyglot, jpegRotated, jpegWithAllMetadata, pngBomb, pngBombHeader, pngBuffer, pngWithExif } from './factories/images';
import { enquiryBody, nextIp, postStaffScreenshot, uniqueDigits, uniquePhone } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

const REFUSED = 'Something went wrong! Please check the file and try again.';
const NOT_IMAGE = 'The file must be an image (JPEG, PNG or WebP).';

describe('files (/api/v1/upload, /api/v1/file)', () => {
  let t: TestApp;
  let auth: string;
  let uploads: string;

  beforeAll(async () => {
    t = await startTestApp();
    auth = `Bearer ${await t.token('staff@example.com')}`;
    uploads = join(t.dataDir, 'uploads');
  });
  afterAll(() => t.close());

  const stored = () => readdirSync(uploads).sort();
  const fileRows = async () => (await t.db.query(`SELECT count(*)::int AS n FROM file`))[0].n as number;

  /** Uploads `files` (name, bytes, declared type) and asserts nothing was stored when refused. */
  async function upload(files: Array<[string, Buffer, string?]>, type = 'image') {
    const req = t.http().post('/api/v1/upload').set('Authorization', auth).field('type', type);
    for (const [name, bytes, contentType] of files) req.attach('files[]', bytes, { filename: name, contentType: contentType ?? 'image/png' });
    return req;
  }

  async function expectRefused(files: Array<[string, Buffer, string?]>, status: number, errors?: Record<string, string[]>, type = 'image') {
    const before = { disk: stored(), rows: await fileRows() };
    const res = await upload(files, type);
    expect(res.status).toBe(status);
    if (status === 422) expect(res.body).toEqual({ message: REFUSED, errors });
    else expect(res.body).toEqual({ message: 'The file is too large.' });
    expect(stored()).toEqual(before.disk);
    expect(await fileRows()).toBe(before.rows);
  }

  it('stores a PNG sent as .jpg: re-encoded by its bytes, no EXIF, a 400px WebP thumbnail, a random name', async () => {
    const res = await upload([['holiday.jpg', await pngWithExif(), 'image/jpeg']]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('File uploaded successfully.');
    const [f] = res.body.data;
    expect(Object.keys(f).sort()).toEqual(['created_at', 'filename', 'id', 'thumbnail', 'type', 'url']);
    expect(f).toMatchObject({ filename: 'holiday.jpg', type: 'image' });
    expect(f.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(f.thumbnail).toMatch(/^\/uploads\/[0-9a-f]{32}-thumb\.webp$/);
    const bytes = readFileSync(join(uploads, f.url.replace('/uploads/', '')));
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 80, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await sharp(readFileSync(join(uploads, f.thumbnail.replace('/uploads/', '')))).metadata()).format).toBe('webp');
    // Served back at /uploads/.
    const served = await t.http().get(f.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('turns a JPEG upright by its EXIF orientation and drops the tag; big images get a 400px thumbnail', async () => {
    const res = await upload([['photo.jpeg', await jpegRotated(), 'image/jpeg'], ['big.png', await pngBuffer(1200, 900)]]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Files uploaded successfully.');
    const [jpeg, big] = res.body.data;
    const meta = await sharp(readFileSync(join(uploads, jpeg.url.slice(9)))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 120 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp(readFileSync(join(uploads, big.thumbnail.slice(9)))).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
  });

  it('refuses a text file named .png, an SVG and an HTML page with 422 under the file, storing nothing', async () => {
    await expectRefused([['notes.png', Buffer.from('just some text, not an image\n')]], 422, { 'files.0': [NOT_IMAGE] });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    await expectRefused([['logo.svg', svg, 'image/svg+xml']], 422, { 'files.0': [NOT_IMAGE] });
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    await expectRefused([['page.png', html, 'image/png']], 422, { 'files.0': [NOT_IMAGE] });
  });

  it('refuses the whole upload when one file of several is bad', async () => {
    await expectRefused([['ok.png', await pngBuffer()], ['bad.png', Buffer.from('GIF89a not really')]], 422, { 'files.1': [NOT_IMAGE] });
  });

  it('refuses a decompression bomb (a valid 30000x30000 PNG) from its header', async () => {
    await expectRefused([['bomb.png', pngBomb()]], 422, { 'files.0': ['The image is too large: at most 50 megapixels.'] });
  });

  it('refuses a file over 5 MB with 413', async () => {
    await expectRefused([['huge.jpg', bigJpegLike(6 * 1024 * 1024), 'image/jpeg']], 413);
  });

  it('takes a PDF only in the file picker, checked by its bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await expectRefused([['brochure.pdf', pdf, 'application/pdf']], 422, { 'files.0': [NOT_IMAGE] }, 'image');
    const res = await upload([['brochure.pdf', pdf, 'application/pdf']], 'file');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ filename: 'brochure.pdf', type: 'file', thumbnail: null });
    expect(res.body.data[0].url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/);
    await expectRefused([['fake.pdf', Buffer.from('%PDX not a pdf')]], 422, { 'files.0': ['The file must be an image (JPEG, PNG or WebP) or a PDF.'] }, 'file');
  });

  it('answers 422 for no file, an unknown field or type', async () => {
    const none = await t.http().post('/api/v1/upload').set('Authorization', auth).field('type', 'image');
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ files: ['Please choose a file to upload.'] });
    const stray = await t.http().post('/api/v1/upload').set('Authorization', auth).attach('avatar', await pngBuffer(), 'a.png');
    expect(stray.body.errors).toEqual({ avatar: ['The avatar field is not allowed.'] });
    const badType = await upload([['a.png', await pngBuffer()]], 'video');
    expect(badType.body.errors).toEqual({ type: ['The type must be image or file.'] });
  });

  it('lists files newest first: images for the image picker, everything for the file picker', async () => {
    const images = await t.http().get('/api/v1/file').query({ type: 'image' }).set('Authorization', auth);
    expect(images.status).toBe(200);
    const ids = images.body.data.map((f: { id: number }) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(images.body.data.every((f: { type: string }) => f.type === 'image')).toBe(true);
    expect(images.body.data[0]).toMatchObject({ filename: 'big.png', type: 'image' });
    const all = await t.http().get('/api/v1/file').query({ type: 'file' }).set('Authorization', auth);
    expect(all.body.data[0]).toMatchObject({ filename: 'brochure.pdf', type: 'file' });
    expect(all.body.data.length).toBe(images.body.data.length + 1);
  });
});

/**
 * A corpus of hostile files, made here, through every route that takes a file: the picker's
 * upload, the public enquiry's screenshot, the staff pre-registration's screenshot, bike
 * model and video thumbnails, the settings' logo and notice. Nothing is stored as sent: a
 * file is refused (nothing written) or re-encoded from its pixels, without EXIF, XMP, ICC
 * or IPTC, and served with its own type and nosniff.
 */
describe('hostile uploads through every upload route', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let uploads: string;
  const sent = new Set<string>();
  const counts = { refused: 0, stored: 0, routes: 0 };
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback', SMS_WORKER: 'false' } });
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staff = `Bearer ${await t.token('staff@example.com')}`;
    uploads = join(t.dataDir, 'uploads');
  });
  afterAll(async () => {
    console.log(`uploads: ${counts.routes} routes x corpus: ${counts.refused} refused with nothing written, ${counts.stored} stored re-encoded; files on disk equal to a file sent: 0`);
    await t.close();
  });

  /** name, bytes, declared type, and whether it is a picture that may be stored (re-encoded). */
  async function corpus(): Promise<Array<{ name: string; bytes: Buffer; type: string; image: boolean }>> {
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#00897b' } }).jpeg().toBuffer();
    // Stored uncompressed with a text chunk: a re-encode cannot come out byte for byte the same.
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c62828' } }).png({ compressionLevel: 0 }).withExif({ IFD0: { Make: 'SecretCam' } }).toBuffer();
    const items = [
      { name: 'page.html', bytes: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), type: 'text/html', image: false },
      { name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>'), type: 'image/svg+xml', image: false },
      { name: 'photo.jpg', bytes: await jpegHtmlPolyglot(), type: 'image/jpeg', image: true },
      { name: 'bomb.png', bytes: pngBombHeader(), type: 'image/png', image: false },
      { name: 'bomb-full.png', bytes: pngBomb(), type: 'image/png', image: false },
      { name: 'cut.jpg', bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), type: 'image/jpeg', image: false },
      { name: 'cut.png', bytes: png.subarray(0, Math.floor(png.length * 0.5)), type: 'image/png', image: false },
      { name: 'invoice.html', bytes: jpeg, type: 'text/html', image: true },
      { name: 'setup.exe', bytes: png, type: 'application/octet-stream', image: true },
      { name: 'selfie.jpg', bytes: await jpegWithAllMetadata(), type: 'image/jpeg', image: true },
      { name: 'anim.gif', bytes: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'), type: 'image/gif', image: false },
      { name: 'huge.jpg', bytes: bigJpegLike(6 * 1024 * 1024), type: 'image/jpeg', image: false },
    ];
    for (const i of items) sent.add(sha(i.bytes));
    return items;
  }

  type Send = (file: { name: string; bytes: Buffer; type: string }) => import('supertest').Test;
  const routes: Array<[string, Send]> = [
    ['POST /upload files[]', (f) => t.http().post('/api/v1/upload').set('Authorization', staff).field('type', 'image').attach('files[]', f.bytes, { filename: f.name, contentType: f.type })],
    [
      'POST /enquiry screenshot (public)',
      (f) => {
        const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
        for (const [k, v] of Object.entries(enquiryDefaults)) req.field(k, k === 'phone' ? uniquePhone() : k === 'citizenship_no' ? uniqueDigits(11) : String(v));
        return req.attach('screenshot', f.bytes, { filename: f.name, contentType: f.type });
      },
    ],
    [
      'POST /preregistration screenshot (staff)',
      (f) => postStaffScreenshot(t, staff, 'Upload Test', f.bytes, { filename: f.name, contentType: f.type }),
    ],
    ['POST /bike-model thumbnail', (f) => t.http().post('/api/v1/bike-model').set('Authorization', admin).field('title', `Upload ${uniqueDigits(8)}`).attach('thumbnail', f.bytes, { filename: f.name, contentType: f.type })],
    [
      'POST /video thumbnail',
      (f) => t.http().post('/api/v1/video').set('Authorization', admin).field('title', 'Upload test').field('url', 'https://example.com/v').field('amount', '50000').attach('thumbnail', f.bytes, { filename: f.name, contentType: f.type }),
    ],
    ['PATCH /setting logo', (f) => t.http().patch('/api/v1/setting').set('Authorization', admin).attach('logo', f.bytes, { filename: f.name, contentType: f.type })],
  ];
  let enquiryDefaults: Record<string, unknown> = {};

  it.each(routes.map(([name]) => [name]))('%s', async (name) => {
    if (!Object.keys(enquiryDefaults).length) enquiryDefaults = await enquiryBody(t.db);
    const send = routes.find(([n]) => n === name)![1];
    counts.routes += 1;
    for (const file of await corpus()) {
      const before = { disk: readdirSync(uploads).sort(), rows: (await t.db.query(`SELECT count(*)::int AS n FROM file`))[0].n };
      const res = await send(file);
      const added = readdirSync(uploads).filter((f) => !before.disk.includes(f));
      if (!file.image) {
        expect([name, file.name, res.status]).toEqual([name, file.name, file.bytes.length > 5 * 1024 * 1024 ? 413 : 422]);
        expect([file.name, added]).toEqual([file.name, []]);
        expect((await t.db.query(`SELECT count(*)::int AS n FROM file`))[0].n).toBe(before.rows);
        counts.refused += 1;
        continue;
      }
      expect([name, file.name, res.status]).toEqual([name, file.name, 200]);
      expect(added.length).toBe(2); // the picture and its thumbnail
      for (const f of added) {
        const bytes = readFileSync(join(uploads, f));
        expect([file.name, sent.has(sha(bytes))]).toEqual([file.name, false]);
        expect(bytes.includes(Buffer.from('<script'))).toBe(false);
        expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
        expect(bytes.includes(Buffer.from('Secret Person'))).toBe(false);
        const meta = await sharp(bytes).metadata();
        expect([f, ['jpeg', 'png', 'webp'].includes(meta.format ?? '')]).toEqual([f, true]);
        expect([f, meta.exif, meta.xmp, meta.icc, meta.iptc]).toEqual([f, undefined, undefined, undefined, undefined]);
        expect(f).toMatch(/^[0-9a-f]{32}(-thumb)?\.(jpg|png|webp)$/);
        const served = await t.http().get(`/uploads/${f}`);
        expect(served.headers['content-type']).toBe(`image/${meta.format}`);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
      counts.stored += 1;
    }
  });
});
