import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';
import { BUDGET, BUDGET_MESSAGES, UNSUPPORTED_CHARSET } from '../src/common/http/request-budget';
import { FairQueue } from '../src/common/fair-queue';
import { DEFAULT_MAX_BYTES, MAX_INPUT_PIXELS, PUBLIC_INPUT_PIXELS, tooManyPixels, UPLOAD_REFUSED } from '../src/modules/file/file-store';
import { CAMPAIGN_ENV, enquiryBody, nextIp, postStaffScreenshot, uniqueDigits, uniquePhone } from './factories/campaign';
import { pngBomb } from './factories/images';
import { changeCount, changesSince, installChangeCounter } from './harness/db-changes';
import { appRoutes } from './harness/routes';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * Issue 32, findings 1, 3 and 4: every body the app accepts is held to the request budget.
 * - JSON and form bodies are UTF-8 (RFC 8259): any other charset is refused 415 before a
 *   byte is read, since the budget counts bytes (in UTF-16, 3,000-deep nesting answered 500).
 * - An anonymous multipart form (the enquiry, a test ride) gets a few short fields and one
 *   picture: refused 413 from its Content-Length before it is read, and by multer's limits
 *   as the bytes arrive when it sends none; staff keep their larger limits.
 * - Image work is bounded: the public's screenshot has its own pixel limit, staff media a
 *   larger one; a stored re-encoding is never larger than the upload cap; image jobs run one
 *   at a time, taking turns between owners.
 * Answers are asserted (status, message, rows, files); times are the bench's hostile row.
 */

/**
 * A POST written by hand: the body in parts, with or without a Content-Length; writing stops
 * once the answer has come. `read` is what the server read of the connection before it closed.
 */
async function rawPost(
  server: Server,
  path: string,
  headers: Record<string, string>,
  parts: Buffer[],
): Promise<{ status: number; body: { message?: string }; sent: number; connection?: string; read: Promise<number> }> {
  const listening = server.listen(0, '127.0.0.1');
  await once(listening, 'listening');
  const { port } = listening.address() as AddressInfo;
  const read = new Promise<number>((done) => listening.once('connection', (socket: Socket) => socket.once('close', () => done(socket.bytesRead))));
  try {
    return await new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      // The server answers a refused body before its end with `Connection: close`: the client stops sending at the answer.
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null'), sent, connection: res.headers.connection, read });
          req.destroy();
        });
      });
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      void (async () => {
        for (const part of parts) {
          if (answered || req.destroyed) return;
          sent += part.length;
          if (!req.write(part)) await Promise.race([once(req, 'drain'), once(req, 'close')]);
        }
        if (!answered && !req.destroyed) req.end();
      })().catch(() => undefined);
    });
  } finally {
    await new Promise((done) => listening.close(done));
  }
}

/** A multipart/form-data body as parts (the same value buffer is reused, so 51 MB costs the test little). */
function multipart(boundary: string, fields: Array<[string, Buffer]>): Buffer[] {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), value, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return parts;
}

const bytes = (parts: Buffer[]) => parts.reduce((n, p) => n + p.length, 0);

/** `buf` in pieces of `size` bytes, sent one after another as a slow client would. */
const chunksOf = (buf: Buffer, size: number) => Array.from({ length: Math.ceil(buf.length / size) }, (_, i) => buf.subarray(i * size, (i + 1) * size));

/** supertest's serializer for a body sent as the bytes given (it would write a Buffer under a JSON type as JSON text). */
const asBytes = (body: unknown) => body as string;

/** 100 text fields of 500 KB: 51 MB that the enquiry once read whole before refusing. */
const hundredBigFields = (): Array<[string, Buffer]> => {
  const value = Buffer.alloc(500 * 1024, 'x');
  return Array.from({ length: 100 }, (_, i) => [`f${i}`, value] as [string, Buffer]);
};

describe('bodies: charset, multipart and image limits (issue 32)', () => {
  const boundary = `----bodies${randomBytes(8).toString('hex')}`;
  const formType = `multipart/form-data; boundary=${boundary}`;
  let t: TestApp;
  let admin: string;
  let staff: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staff = `Bearer ${await t.token('staff@example.com')}`;
    manager = `Bearer ${await t.token('manager@example.com')}`;
    await installChangeCounter(t.db);
  });
  afterAll(() => t.close());

  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0].n);

  describe('JSON and form bodies are UTF-8 (finding 1)', () => {
    const CHARSETS = ['utf-16le', 'UTF-16', 'utf-16be', '"utf-16le"', 'utf-32', 'iso-8859-1', 'latin1', 'utf-7'];
    /** A few write routes, public and staff, and who sends to them. */
    const ROUTES: Array<[string, string, 'anonymous' | 'admin' | 'manager']> = [
      ['post', '/api/v1/auth/login', 'anonymous'],
      ['post', '/api/v1/enquiry', 'anonymous'],
      ['post', '/api/v1/test-ride', 'anonymous'],
      ['post', '/api/v1/enquiry/no-such-slug/verify', 'anonymous'],
      ['post', '/api/v1/branch', 'admin'],
      ['patch', '/api/v1/setting', 'admin'],
      ['post', '/api/v1/sms/preview', 'admin'],
      ['post', '/api/v1/preregistration', 'manager'],
    ];
    const auth = (who: string) => (who === 'admin' ? admin : who === 'manager' ? manager : undefined);

    it('refuses a body that names any other charset with 415 and one message, before reading it, on public and staff routes', async () => {
      const before = await changeCount(t.db);
      const errorsBefore = t.errors.length;
      const json = Buffer.from(JSON.stringify({ name: '\u4122', email: 'a@b.c', password: 'x', text: 'Hello' }), 'utf16le');
      for (const [method, path, who] of ROUTES) {
        for (const charset of CHARSETS) {
          for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
            const req = (t.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path)
              .set('X-Forwarded-For', nextIp())
              .set('Content-Type', `${type}; charset=${charset}`);
            const token = auth(who);
            if (token) req.set('Authorization', token);
            const res = await req.serialize(asBytes).send(json);
            expect({ path, who, charset, type, status: res.status, body: res.body }).toEqual({ path, who, charset, type, status: 415, body: { message: UNSUPPORTED_CHARSET } });
          }
        }
      }
      expect(await changesSince(t.db, before)).toEqual([]);
      expect(t.errors.slice(errorsBefore)).toEqual([]);
    });

    it('never answers 500 to nesting 3,000 deep in UTF-16, on every write route, signed in or not', async () => {
      const errorsBefore = t.errors.length;
      const before = await changeCount(t.db);
      const deep = Buffer.from(`{"name":${'['.repeat(3000)}${']'.repeat(3000)}}`, 'utf16le');
      const deepObjects = Buffer.from(`${'{"\u4122":'.repeat(3000)}1${'}'.repeat(3000)}`, 'utf16le');
      const writes = appRoutes(t).filter((r) => !r.startsWith('GET '));
      expect(writes.length).toBeGreaterThan(30);
      const statuses: Record<string, number> = {};
      for (const route of writes) {
        const [method, pattern] = route.split(' ');
        const path = pattern.replace(/:(\w+)/g, (_, p: string) => (p === 'id' ? '1' : 'x'));
        for (const token of [undefined, admin]) {
          for (const [body, type] of [
            [deep, 'application/json; charset=utf-16le'],
            [deepObjects, 'application/json; charset=UTF-16'],
            // Declared without a charset, the same bytes are read as UTF-8: the budget counts them as they are.
            [deep, 'application/json'],
          ] as Array<[Buffer, string]>) {
            const req = (t.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](path).set('Content-Type', type);
            if (token) req.set('Authorization', token);
            const res = await req.serialize(asBytes).send(body);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            const expected = type === 'application/json' ? { status: 413, body: { message: BUDGET_MESSAGES.depth } } : { status: 415, body: { message: UNSUPPORTED_CHARSET } };
            expect({ route, type, signedIn: !!token, status: res.status, body: res.body }).toEqual({ route, type, signedIn: !!token, ...expected });
          }
        }
      }
      expect(statuses[500]).toBeUndefined();
      expect(await changesSince(t.db, before)).toEqual([]);
      expect(t.errors.slice(errorsBefore)).toEqual([]);
    });

    it('keeps the connection of a small refused body (read and dropped), and closes it for a large one', async () => {
      const small = [Buffer.from('{"name":"\u4122"}', 'utf16le')];
      const kept = await rawPost(t.app.getHttpServer(), '/api/v1/test-ride', { 'content-type': 'application/json; charset=utf-16le', 'content-length': String(bytes(small)), 'x-forwarded-for': nextIp() }, small);
      expect({ status: kept.status, connection: kept.connection }).toEqual({ status: 415, connection: 'keep-alive' });
      const large = [Buffer.alloc(100 * 1024, 'a')];
      const closed = await rawPost(t.app.getHttpServer(), '/api/v1/test-ride', { 'content-type': 'application/json; charset=utf-16le', 'content-length': String(bytes(large)), 'x-forwarded-for': nextIp() }, large);
      expect({ status: closed.status, connection: closed.connection }).toEqual({ status: 415, connection: 'close' });
    });

    it('takes utf-8 in any spelling (utf8, UTF-8, quoted) and no charset at all', async () => {
      for (const charset of ['utf8', 'UTF-8', '"utf-8"', 'Utf8']) {
        const body = await enquiryBody(t.db);
        const res = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).set('Content-Type', `application/json; charset=${charset}`).send(JSON.stringify(body));
        expect({ charset, status: res.status }).toEqual({ charset, status: 200 });
        expect(await count('preregistration', 'phone = $1', [body.phone])).toBe(1);
      }
      const plain = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).set('Content-Type', 'application/json').send(JSON.stringify(await enquiryBody(t.db)));
      expect(plain.status).toBe(200);
    });
  });

  describe('anonymous multipart forms are held to a few short fields and one picture (finding 4)', () => {

    it.each(['/api/v1/enquiry', '/api/v1/test-ride'])('%s: 100 fields of 500 KB with a Content-Length are refused 413 from the header, before the body is read', async (path) => {
      const before = await changeCount(t.db);
      const rows = { preregistration: await count('preregistration'), test_ride: await count('test_ride') };
      const parts = multipart(boundary, hundredBigFields());
      const total = bytes(parts);
      const res = await rawPost(t.app.getHttpServer(), path, { 'content-type': formType, 'content-length': String(total), 'x-forwarded-for': nextIp() }, parts);
      expect({ status: res.status, body: res.body, connection: res.connection }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousMultipartBytes }, connection: 'close' });
      // Answered while most of the 51 MB was still unsent; the connection ends, so the server reads no more of it:
      // its first read (64 KB) and nothing after the answer (Node would drop another 120 KB or more before closing).
      expect(res.sent).toBeLessThan(total / 2);
      expect(await res.read).toBeLessThanOrEqual(64 * 1024);
      expect(await changesSince(t.db, before)).toEqual([]);
      expect({ preregistration: await count('preregistration'), test_ride: await count('test_ride') }).toEqual(rows);
    });

    it.each(['/api/v1/enquiry', '/api/v1/test-ride'])('%s: the same 51 MB sent in chunks without a length is refused 413 within its first long field, and not read further', async (path) => {
      const before = await changeCount(t.db);
      const errorsBefore = t.errors.length;
      const rows = { preregistration: await count('preregistration'), test_ride: await count('test_ride') };
      const parts = multipart(boundary, hundredBigFields());
      const res = await rawPost(t.app.getHttpServer(), path, { 'content-type': formType, 'transfer-encoding': 'chunked', 'x-forwarded-for': nextIp() }, parts);
      expect({ status: res.status, body: res.body, connection: res.connection }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousMultipartBytes }, connection: 'close' });
      // Answered within the first long field (its text passed 64 KB): multer would read the rest (50 MB) before its answer.
      // The server reads the form's 64 KB of text and its 64 KB of slack, the read that passed them and at most one
      // more while the answer was made (each read is up to 64 KB); never the rest.
      expect(res.sent).toBeLessThan(bytes(parts) / 10);
      expect(await res.read).toBeLessThanOrEqual(4 * 64 * 1024);
      expect(await changesSince(t.db, before)).toEqual([]);
      expect({ preregistration: await count('preregistration'), test_ride: await count('test_ride') }).toEqual(rows);
      expect(t.errors.slice(errorsBefore)).toEqual([]);
    });

    it.each(['/api/v1/enquiry', '/api/v1/test-ride'])('%s: one field of 20 MB sent in chunks is refused 413 as its bytes arrive, not at its end', async (path) => {
      const before = await changeCount(t.db);
      const errorsBefore = t.errors.length;
      const parts = multipart(boundary, [['name', Buffer.alloc(20 * 1024 * 1024, 'x')]]).flatMap((p) => chunksOf(p, 64 * 1024));
      const res = await rawPost(t.app.getHttpServer(), path, { 'content-type': formType, 'transfer-encoding': 'chunked', 'x-forwarded-for': nextIp() }, parts);
      expect({ status: res.status, body: res.body, connection: res.connection }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousMultipartBytes }, connection: 'close' });
      // busboy tells a field's length at its end, so the 20 MB were read before the 413: the form's text is now
      // counted as it arrives (64 KB of fields and one read's slack). The client's count also holds what the two
      // sockets' buffers took before its writes waited (about 4 MB on loopback).
      expect(res.sent).toBeLessThan(8 * 1024 * 1024);
      expect(await changesSince(t.db, before)).toEqual([]);
      expect(t.errors.slice(errorsBefore)).toEqual([]);
    });

    it('refuses an anonymous form whose fields are each under 16 KB but together far over 64 KB, as they arrive', async () => {
      const before = await changeCount(t.db);
      const fields = Array.from({ length: BUDGET.anonymousFields - 1 }, (_, i) => [`f${i}`, Buffer.alloc(15 * 1024, 'y')] as [string, Buffer]);
      const parts = multipart(boundary, fields);
      const res = await rawPost(t.app.getHttpServer(), '/api/v1/enquiry', { 'content-type': formType, 'transfer-encoding': 'chunked', 'x-forwarded-for': nextIp() }, parts);
      expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousMultipartBytes } });
      expect(await changesSince(t.db, before)).toEqual([]);
    });

    it("holds a staff form's text to the 1 MB of a JSON body as it arrives, pictures apart", async () => {
      const before = await changeCount(t.db);
      const parts = multipart(boundary, [['note', Buffer.alloc(20 * 1024 * 1024, 'z')]]).flatMap((p) => chunksOf(p, 64 * 1024));
      const res = await rawPost(t.app.getHttpServer(), '/api/v1/preregistration', { 'content-type': formType, 'transfer-encoding': 'chunked', authorization: staff }, parts);
      expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.bodyBytes } });
      expect(res.sent).toBeLessThan(8 * 1024 * 1024);
      expect(await changesSince(t.db, before)).toEqual([]);
    });

    it('refuses an anonymous form with too many fields, or a field over 16 KB, with the anonymous caps', async () => {
      const before = await changeCount(t.db);
      const many = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
      for (let i = 0; i <= BUDGET.anonymousFields; i++) many.field(`f${i}`, '1');
      const tooMany = await many;
      expect({ status: tooMany.status, body: tooMany.body }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousFields } });
      const ride = await t.http().post('/api/v1/test-ride').set('X-Forwarded-For', nextIp()).field('name', 'x'.repeat(BUDGET.anonymousFieldBytes + 1));
      expect({ status: ride.status, body: ride.body }).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousFieldBytes } });
      expect(await changesSince(t.db, before)).toEqual([]);
    });

    it('keeps the staff limits for a signed-in user: a 100 KB field reaches the route (and is refused there by its own rule)', async () => {
      const longAddress = 'x'.repeat(100 * 1024);
      // Staff form, staff route.
      const own = await t
        .http()
        .post('/api/v1/preregistration')
        .set('Authorization', staff)
        .field('name', 'Staff Limits')
        .field('address', longAddress)
        .field('phone', uniquePhone())
        .field('citizenship_no', uniqueDigits(11))
        .field('send_sms', 'false');
      expect(own.status).toBe(422);
      expect(own.body.errors.address).toBeDefined();
      // The public form sent by a signed-in user: read with the staff limits.
      const req = t.http().post('/api/v1/enquiry').set('Authorization', admin).set('X-Forwarded-For', nextIp());
      for (const [k, v] of Object.entries(await enquiryBody(t.db))) req.field(k, String(v));
      const pub = await req.field('address', longAddress);
      expect(pub.status).toBe(422);
      expect(pub.body.errors.address).toBeDefined();
    });
  });

  describe('image work is bounded (finding 3)', () => {
    const solidJpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();

    /** The public enquiry with a screenshot. */
    async function enquiryWith(screenshot: Buffer, name = 'share.jpg') {
      const body = await enquiryBody(t.db);
      const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
      for (const [k, v] of Object.entries(body)) req.field(k, String(v));
      return { phone: body.phone as string, res: await req.attach('screenshot', screenshot, { filename: name, contentType: 'image/jpeg' }) };
    }

    it(`refuses a public screenshot over ${PUBLIC_INPUT_PIXELS / 1_000_000} megapixels with 422 under the field, storing nothing`, async () => {
      const image = await solidJpeg(5000, 3000); // 15 MP, a few tens of kB
      expect(image.length).toBeLessThan(500 * 1024);
      const files = await count('file');
      const { phone, res } = await enquiryWith(image);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: { message: UPLOAD_REFUSED, errors: { screenshot: [tooManyPixels(PUBLIC_INPUT_PIXELS)] } },
      });
      expect(await count('preregistration', 'phone = $1', [phone])).toBe(0);
      expect(await count('file')).toBe(files);
    });

    it('refuses a public picture over the limit from its first bytes: 422 under the field, the rest unread and the connection closed', async () => {
      // A 40-megapixel JPEG (7800 x 5200) made 20 MB long and sent without a length: read whole, the
      // file cap (5 MB) would refuse it 413; refused from its header, it is a 422 long before that.
      const image = Buffer.concat([await solidJpeg(7800, 5200), Buffer.alloc(20 * 1024 * 1024)]);
      const body = await enquiryBody(t.db);
      const fields = multipart(boundary, Object.entries(body).map(([k, v]) => [k, Buffer.from(String(v))] as [string, Buffer]));
      const file = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="share.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), ...chunksOf(image, 64 * 1024), Buffer.from('\r\n')];
      const parts = [...fields.slice(0, -1), ...file, fields[fields.length - 1]];
      const files = await count('file');
      const res = await rawPost(t.app.getHttpServer(), '/api/v1/enquiry', { 'content-type': formType, 'transfer-encoding': 'chunked', 'x-forwarded-for': nextIp() }, parts);
      expect({ status: res.status, body: res.body, connection: res.connection }).toEqual({
        status: 422,
        body: { message: UPLOAD_REFUSED, errors: { screenshot: [tooManyPixels(PUBLIC_INPUT_PIXELS)] } },
        connection: 'close',
      });
      expect(res.sent).toBeLessThan(bytes(parts) / 2);
      expect(await count('preregistration', 'phone = $1', [body.phone])).toBe(0);
      expect(await count('file')).toBe(files);
    });

    it.each(['jpeg', 'png', 'webp'] as const)("reads a %s picture's size from its first bytes: 15 MP padded past the 5 MB file cap answers 422 (megapixels), not 413", async (format) => {
      // 20 KB over the 5 MB file cap, the form still under the declared cap of 5 MB and 64 KB: read whole, it would
      // pass the file cap (413); refused from its header, it is the pixel limit's 422.
      const solid = await sharp({ create: { width: 5000, height: 3000, channels: 3, background: '#3366aa' } })[format]().toBuffer();
      const image = Buffer.concat([solid, Buffer.alloc(DEFAULT_MAX_BYTES + 20 * 1024 - solid.length)]);
      const files = await count('file');
      const { phone, res } = await enquiryWith(image, `share.${format}`);
      expect({ format, status: res.status, body: res.body }).toEqual({
        format,
        status: 422,
        body: { message: UPLOAD_REFUSED, errors: { screenshot: [tooManyPixels(PUBLIC_INPUT_PIXELS)] } },
      });
      expect(await count('preregistration', 'phone = $1', [phone])).toBe(0);
      expect(await count('file')).toBe(files);
    });

    it('accepts a normal public screenshot, stored re-encoded', async () => {
      const { phone, res } = await enquiryWith(await solidJpeg(1200, 900));
      expect(res.status).toBe(200);
      const [row] = await t.db.query(`SELECT f.width, f.height, f.size FROM preregistration p JOIN file f ON f.id = p.screenshot_id WHERE p.phone = $1`, [phone]);
      expect(row).toMatchObject({ width: 1200, height: 900 });
    });

    it('takes the same 15-megapixel picture from staff (their limit is 50 MP), and refuses one over 50 MP', async () => {
      const res = await postStaffScreenshot(t, staff, 'Staff Picture', await solidJpeg(5000, 3000), { filename: 'big.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(200);
      const [file] = await t.db.query(`SELECT width, height FROM file ORDER BY id DESC LIMIT 1`);
      expect(file).toEqual({ width: 4000, height: 2400 });

      const files = await count('file');
      const over = await t.http().post('/api/v1/upload').set('Authorization', staff).field('type', 'image').attach('files[]', pngBomb(Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1), { filename: 'huge.png', contentType: 'image/png' });
      expect({ status: over.status, body: over.body }).toEqual({ status: 422, body: { message: UPLOAD_REFUSED, errors: { 'files.0': [tooManyPixels(MAX_INPUT_PIXELS)] } } });
      expect(await count('file')).toBe(files);
    });

    it('never stores a re-encoding larger than the upload cap: one that comes out larger is made smaller', async () => {
      // Noise is JPEG's worst case: 4.3 MB sent at quality 45 comes out about 5.6 MB at the stored quality.
      const noise = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } }).jpeg({ quality: 45 }).toBuffer();
      expect(noise.length).toBeLessThanOrEqual(DEFAULT_MAX_BYTES);
      const res = await t.http().post('/api/v1/upload').set('Authorization', staff).field('type', 'image').attach('files[]', noise, { filename: 'noise.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(200);
      const [file] = await t.db.query(`SELECT size, width, height FROM file WHERE id = $1`, [res.body.data[0].id]);
      expect(file.size).toBeLessThanOrEqual(DEFAULT_MAX_BYTES);
      expect(file.width).toBeLessThan(4000);
    });

    it('runs image jobs one at a time, and one owner with ten jobs waits its turn between the others', async () => {
      const queue = new FairQueue();
      const order: string[] = [];
      let running = 0;
      let most = 0;
      const job = (name: string) => async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(name);
        await new Promise((r) => setTimeout(r, 2));
        running -= 1;
        return name;
      };
      const jobs = [queue.run('public', job('p0'))];
      for (let i = 1; i <= 10; i++) jobs.push(queue.run('user:1', job(`a${i}`)));
      jobs.push(queue.run('user:2', job('b1')), queue.run('public', job('p1')));
      // A failed job does not stop the line.
      const failed = queue.run('user:3', async () => {
        throw new Error('refused');
      });
      await expect(failed).rejects.toThrow('refused');
      expect(await Promise.all(jobs)).toEqual(['p0', ...Array.from({ length: 10 }, (_, i) => `a${i + 1}`), 'b1', 'p1']);
      expect(most).toBe(1);
      // The owners take turns: user 1's ten jobs do not hold up user 2's one or the public's.
      expect(order).toEqual(['p0', 'a1', 'b1', 'p1', ...Array.from({ length: 9 }, (_, i) => `a${i + 2}`)]);
      expect(queue.waiting).toBe(0);
    });
  });
});
