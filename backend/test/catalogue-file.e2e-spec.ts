import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { bigJpegLike, jpegRotated, pngBomb, pngBuffer, pngWithExif } from './factories/images';
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
    await expectRefused([['bomb.png', pngBomb()]], 422, { 'files.0': ['The image is too large: at most 40 megapixels.'] });
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
