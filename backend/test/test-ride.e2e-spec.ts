import { PUBLIC_LIMITS } from '../src/common/rate-limit/public-limits';
import { adToBs } from '@campaign/domain';
import ExcelJS from 'exceljs';
import { FakeProvider, RECAPTCHA_FAIL, RECAPTCHA_OK, startFakeProvider } from './harness/fake-provider';
import { startTestApp, TestApp } from './harness/test-app';

interface Branch {
  id: number;
  title: string;
  mobile: string;
}
interface Model {
  id: number;
  title: string;
}

let phoneSeq = 0;
/** A fresh Nepal mobile per booking, so the per-phone daily cap never interferes. */
const newPhone = () => `98430${String(++phoneSeq).padStart(5, '0')}`;

/** Nepal's wall-clock 'YYYY-MM-DD HH:mm' of an instant (UTC+05:45), worked out independently of the app. */
const nepalTime = (iso: string) => new Date(Date.parse(iso) + 345 * 60000).toISOString().slice(0, 16).replace('T', ' ');

async function setupCatalogue(t: TestApp) {
  const branches: Branch[] = await t.db.query(`SELECT id, title, mobile FROM branch ORDER BY "order", id LIMIT 2`);
  const models: Model[] = await t.db.query(
    `INSERT INTO bike_model (slug, title) VALUES ('ride-test-model-a', 'Ride Test 125'), ('ride-test-model-b', 'Ride Test 160') RETURNING id, title`,
  );
  return { branchA: branches[0], branchB: branches[1], modelA: models[0], modelB: models[1] };
}

function bodyFor(branch: Branch, model: Model, over: Record<string, unknown> = {}) {
  return {
    name: 'Sita Sharma',
    email: 'sita@example.com',
    phone: newPhone(),
    state: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu Metropolitan City',
    branch_id: branch.id,
    bike_model_id: model.id,
    type: 'TESTRIDE',
    ...over,
  };
}

describe('test rides and bookings (/api/v1/test-ride)', () => {
  let t: TestApp;
  let branchA: Branch;
  let branchB: Branch;
  let modelA: Model;
  let modelB: Model;
  let admin: string;
  let staffA: string;
  let staffB: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ branchA, branchB, modelA, modelB } = await setupCatalogue(t));
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staffA = `Bearer ${await t.token('staff@example.com')}`;
    staffB = `Bearer ${await t.token('staff2@example.com')}`;
  });
  afterAll(() => t.close());
  // Every test starts with fresh per-address and per-phone counters.
  beforeEach(() => t.db.query(`DELETE FROM rate_limit`));

  const book = (body: Record<string, unknown>) => t.http().post('/api/v1/test-ride').send(body);
  const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM test_ride`))[0].n as number;
  const smsCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox`))[0].n as number;
  const rideRow = async (slug: string) => (await t.db.query(`SELECT *, host(ip) AS ip FROM test_ride WHERE slug = $1`, [slug]))[0];
  /** No branch alert within the last 10 minutes: the next booking's alert goes at once, in its own text (at most one per branch mobile per 10 minutes). */
  const quietBranches = () => t.db.query(`DELETE FROM sms_outbox WHERE kind = 'test_ride_branch'`);

  it('has demo bookings spread over the last days, some from campaign links', async () => {
    const [demo] = await t.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT branch_id)::int AS branches, count(DISTINCT t.created_at::date)::int AS days,
              count(*) FILTER (WHERE type = 'BOOKING')::int AS bookings, array_agg(DISTINCT r.utm_source) FILTER (WHERE r.id IS NOT NULL) AS sources
         FROM test_ride t LEFT JOIN referrer r ON r.id = t.referrer_id`,
    );
    expect(demo).toMatchObject({ n: 36, branches: 10, bookings: 12, sources: ['facebook', 'tiktok'] });
    expect(demo.days).toBeGreaterThan(3);
  });

  describe('the public booking', () => {
    it('stores a phone typed in Nepali digits (with the country code) as its ten Latin digits', async () => {
      const res = await book(bodyFor(branchA, modelA, { phone: '+९७७ ९८४३९९९००२' }));
      expect(res.status).toBe(200);
      expect((await rideRow(res.body.data.slug)).phone).toBe('9843999002');
    });

    it('stores a booking and answers its slug and type with the thank-you text', async () => {
      const res = await book(
        bodyFor(branchA, modelA, { phone: '+977 984-3999001', state: 'bagmati', district: 'KATHMANDU', city: 'kathmandu metropolitan city', type: 'BOOKING', utm_source: ' Facebook ' }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { slug: expect.stringMatching(/^[\w-]{16}$/), type: 'BOOKING' }, message: 'Thank You for Test Ride Booking.' });
      const row = await rideRow(res.body.data.slug);
      expect(row).toMatchObject({
        name: 'Sita Sharma',
        email: 'sita@example.com',
        phone: '9843999001',
        // Stored in the geography's own spelling.
        state: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu Metropolitan City',
        branch_id: branchA.id,
        bike_model_id: modelA.id,
        type: 'BOOKING',
        utm_source: 'facebook',
        ip: '127.0.0.1',
        deleted_at: null,
      });
      const [referrer] = await t.db.query(`SELECT id, title FROM referrer WHERE utm_source = 'facebook'`);
      expect(row.referrer_id).toBe(referrer.id);
    });

    it('takes the form as multipart too (strings for the ids)', async () => {
      const body = bodyFor(branchB, modelB, { name: 'Multipart Rider' });
      let req = t.http().post('/api/v1/test-ride');
      for (const [k, v] of Object.entries(body)) req = req.field(k, String(v));
      const res = await req;
      expect(res.status).toBe(200);
      expect(await rideRow(res.body.data.slug)).toMatchObject({ name: 'Multipart Rider', branch_id: branchB.id, bike_model_id: modelB.id });
    });

    it('defaults the type to TESTRIDE and takes an empty email as none', async () => {
      const { type: _type, ...body } = bodyFor(branchA, modelA, { email: '' });
      const res = await book(body);
      expect(res.status).toBe(200);
      expect(res.body.data.type).toBe('TESTRIDE');
      expect((await rideRow(res.body.data.slug)).email).toBeNull();
    });

    it('queues an SMS to the branch and a confirmation to the customer, in the same transaction', async () => {
      await quietBranches();
      const phone = newPhone();
      const res = await book(bodyFor(branchA, modelB, { phone, name: 'Ram Thapa' }));
      expect(res.status).toBe(200);
      const rows: Array<{ phone: string; kind: string; text: string }> = await t.db.query(
        `SELECT phone, kind, text FROM sms_outbox WHERE phone = $1 OR (phone = $2 AND text LIKE '%' || $1 || '%') ORDER BY kind`,
        [phone, branchA.mobile],
      );
      expect(rows).toEqual([
        { phone: branchA.mobile, kind: 'test_ride_branch', text: `New test ride: Ram Thapa, ${phone}, ${modelB.title}, Kathmandu Metropolitan City.` },
        {
          phone,
          kind: 'test_ride_customer',
          text: `Dear Ram Thapa, thank you for your test ride request for ${modelB.title} at ${branchA.title}. We will contact you within 3 working days.`,
        },
      ]);
    });

    it('stores the same booking sent twice within a minute once, and answers the same success', async () => {
      const body = bodyFor(branchA, modelA);
      await quietBranches();
      const [smsBefore, ridesBefore] = [await smsCount(), await count()];
      const first = await book(body);
      const again = await book(body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await count()).toBe(ridesBefore + 1);
      expect(await smsCount()).toBe(smsBefore + 2);

      // Another type, model or branch is another booking.
      const other = await book({ ...body, type: 'BOOKING' });
      expect(other.body.data.slug).not.toBe(first.body.data.slug);
      expect(await count()).toBe(ridesBefore + 2);

      // After a minute the same booking is a new one.
      await t.db.query(`UPDATE test_ride SET created_at = now() - interval '61 seconds' WHERE slug = $1`, [first.body.data.slug]);
      const later = await book(body);
      expect(later.body.data.slug).not.toBe(first.body.data.slug);
      expect(await count()).toBe(ridesBefore + 3);
    });

    it('stores a booking sent three times at once only once', async () => {
      const body = bodyFor(branchB, modelB);
      const before = await count();
      const answers = await Promise.all([book(body), book(body), book(body)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.data.slug)).size).toBe(1);
      expect(await count()).toBe(before + 1);
    });

    const invalid: Array<[string, Record<string, unknown>, string, string]> = [
      ['no name', { name: '' }, 'name', 'The name field is required.'],
      ['a name over 60 characters', { name: 'a'.repeat(61) }, 'name', 'The name may not be greater than 60 characters.'],
      ['a name that carries a link', { name: 'Win Rs 50000 at evil.example/x' }, 'name', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
      ['a name with a NUL character', { name: 'Sita\u0000Sharma' }, 'name', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
      ['a bad email', { email: 'sita@' }, 'email', 'The email must be a valid email address.'],
      ['no phone', { phone: '' }, 'phone', 'The phone field is required.'],
      ['a short phone', { phone: '98412345' }, 'phone', 'The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'],
      ['a landline', { phone: '014251234' }, 'phone', 'The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'],
      ["another country's number", { phone: '+1 202 555 0100' }, 'phone', 'The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'],
      ['no state', { state: '' }, 'state', 'The state field is required.'],
      ['an unknown state', { state: 'Atlantis' }, 'state', 'The selected state is invalid.'],
      ['no district', { district: undefined }, 'district', 'The district field is required.'],
      ['a district of another state', { district: 'Kaski' }, 'district', 'The selected district is not in the selected state.'],
      ['no city', { city: '   ' }, 'city', 'The city field is required.'],
      ['a city of another district', { city: 'Pokhara Metropolitan City' }, 'city', 'The selected city is not in the selected district.'],
      ['no branch', { branch_id: undefined }, 'branch_id', 'The branch field is required.'],
      ['a branch that is not a number', { branch_id: 'first' }, 'branch_id', 'The selected branch is invalid.'],
      ['a branch that does not exist', { branch_id: 999999 }, 'branch_id', 'The selected branch is invalid.'],
      ['no model', { bike_model_id: null }, 'bike_model_id', 'The model field is required.'],
      ['a model that does not exist', { bike_model_id: 999999 }, 'bike_model_id', 'The selected model is invalid.'],
      ['an unknown type', { type: 'RACE' }, 'type', 'The selected type is invalid.'],
      ['a field the dialog does not have', { referrer_id: 1 }, 'referrer_id', 'The referrer_id field is not allowed.'],
    ];
    it.each(invalid)('answers 422 under the field for %s, storing and texting nothing', async (_what, over, field, message) => {
      const [ridesBefore, smsBefore] = [await count(), await smsCount()];
      const res = await book(bodyFor(branchA, modelA, over));
      expect(res.status).toBe(422);
      expect(res.body.errors[field][0]).toBe(message);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await count()).toBe(ridesBefore);
      expect(await smsCount()).toBe(smsBefore);
    });

    it('ignores an unusable utm_source rather than refusing the booking', async () => {
      const res = await book(bodyFor(branchA, modelA, { utm_source: 'spam <script>' }));
      expect(res.status).toBe(200);
      expect(await rideRow(res.body.data.slug)).toMatchObject({ utm_source: null, referrer_id: null });
    });

    it('limits bookings per address (429 with Retry-After)', async () => {
      for (let i = 0; i < PUBLIC_LIMITS.testRide.short.limit; i++) expect((await book({})).status).toBe(422);
      const res = await book(bodyFor(branchA, modelA));
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    });

    it('caps new bookings per phone per day, so nobody can flood a stranger with SMS', async () => {
      const phone = newPhone();
      const combos = [
        [branchA, modelA, 'TESTRIDE'],
        [branchA, modelA, 'BOOKING'],
        [branchA, modelB, 'TESTRIDE'],
        [branchB, modelA, 'TESTRIDE'],
        [branchB, modelB, 'BOOKING'],
      ] as const;
      for (const [b, m, type] of combos) expect((await book(bodyFor(b, m, { phone, type }))).status).toBe(200);
      await t.db.query(`DELETE FROM rate_limit WHERE key LIKE 'ip:%'`);
      const sixth = await book(bodyFor(branchB, modelB, { phone, type: 'TESTRIDE' }));
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ message: 'Too many bookings for this phone number today. Please try again later.' });
      // A repeat of one already stored still answers its success.
      expect((await book(bodyFor(branchA, modelA, { phone, type: 'TESTRIDE' }))).status).toBe(200);
    });
  });

  describe('the staff table, record, delete and download', () => {
    // Bookings at known instants around Nepal's midnight of 21/22 November 2025 (18:15 UTC).
    const at: Record<string, string> = {
      beforeMidnightA: '2025-11-21T18:14:00Z',
      afterMidnightA: '2025-11-21T18:16:00Z',
      morningB: '2025-11-22T04:20:00Z',
      eveningA: '2025-11-21T12:00:00Z',
      previousDayB: '2025-11-20T10:00:00Z',
    };
    const slugs: Record<string, string> = {};

    beforeAll(async () => {
      await t.db.query(`DELETE FROM rate_limit`);
      // A source the report knows (head office adds it); an unknown one would count under "other".
      expect((await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: 'google', utm_source: 'google' })).status).toBe(200);
      for (const [key, iso] of Object.entries(at)) {
        const branch = key.endsWith('B') ? branchB : branchA;
        const res = await book(bodyFor(branch, key.startsWith('after') ? modelB : modelA, { name: `Dated ${key}`, utm_source: key.startsWith('evening') ? 'google' : undefined }));
        expect(res.status).toBe(200);
        slugs[key] = res.body.data.slug;
        await t.db.query(`UPDATE test_ride SET created_at = $2 WHERE slug = $1`, [res.body.data.slug, iso]);
      }
    });

    const table = (auth: string, query: Record<string, unknown>) => t.http().get('/api/v1/test-ride').query(query).set('Authorization', auth);
    const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((r) => r.name);

    it("filters by Nepal's day: 18:14 UTC on 21 Nov is Nepal's 21 Nov, 18:16 UTC is 22 Nov", async () => {
      const day21 = await table(admin, { from: '2025-11-21 00:00', to: '2025-11-22 00:00' });
      expect(day21.status).toBe(200);
      expect(names(day21)).toEqual(['Dated beforeMidnightA', 'Dated eveningA']);
      const day22 = await table(admin, { from: '2025-11-22T00:00', to: '2025-11-23T00:00' });
      expect(names(day22)).toEqual(['Dated morningB', 'Dated afterMidnightA']);
      // A bare day, and ISO instants with an offset, mean the same.
      expect(names(await table(admin, { from: '2025-11-21', to: '2025-11-21' }))).toEqual(names(day21));
      expect(names(await table(admin, { from: '2025-11-22T00:00:00+05:45', to: '2025-11-22T18:15:00Z' }))).toEqual(names(day22));
    });

    it('filters by the hour', async () => {
      const res = await table(admin, { from: '2025-11-22 00:00', to: '2025-11-22 01:00' });
      expect(names(res)).toEqual(['Dated afterMidnightA']);
      expect(res.body).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    });

    it('answers 422 for a date it cannot read', async () => {
      const res = await table(admin, { from: 'last week' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ from: ['The from must be a date (YYYY-MM-DD HH:mm).'] });
      expect((await table(admin, { from: '2025-11-22 10:00', to: '2025-11-22 09:00' })).body.errors).toEqual({ to: ['The to must be a date after from.'] });
    });

    it('shows the columns of the screen, speaks the paging protocol, and searches name, phone and email', async () => {
      const res = await table(admin, { from: '2025-11-21', to: '2025-11-21', draw: 3, start: 0, length: 1 });
      expect(res.body).toMatchObject({ input: { draw: 3, start: 0, length: 1 }, recordsTotal: 2, recordsFiltered: 2 });
      const row = res.body.data[0];
      expect(row).toMatchObject({
        slug: slugs.beforeMidnightA,
        name: 'Dated beforeMidnightA',
        email: 'sita@example.com',
        phone: expect.stringMatching(/^\d{10}$/),
        state: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu Metropolitan City',
        type: 'TESTRIDE',
        created_at: '2025-11-21T18:14:00.000Z',
        bike_model: { id: modelA.id, title: modelA.title },
        branch: { id: branchA.id, title: branchA.title },
        referrer: null,
      });
      expect(row).not.toHaveProperty('ip');
      expect(row).not.toHaveProperty('deleted_at');

      const google = await table(admin, { from: '2025-11-21', to: '2025-11-21' });
      expect(google.body.data.find((r: { name: string }) => r.name === 'Dated eveningA').referrer).toEqual({ id: expect.any(Number), title: 'google' });

      const byPhone = await table(admin, { 'search[value]': row.phone });
      expect(names(byPhone)).toEqual(['Dated beforeMidnightA']);
      expect(byPhone.body.recordsFiltered).toBe(1);
      const byName = await table(admin, { 'search[value]': 'dated MORNING' });
      expect(names(byName)).toEqual(['Dated morningB']);

      const ordered = await table(admin, { from: '2025-11-20', to: '2025-11-22', 'columns[0][data]': 'branch.title', 'order[0][column]': 0, 'order[0][dir]': 'asc' });
      expect(ordered.status).toBe(200);
      const titles = ordered.body.data.map((r: { branch: { title: string } }) => r.branch.title);
      expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    });

    it("shows branch staff only their branch's bookings, and another branch's is a 404", async () => {
      const forB = await table(staffB, { length: -1 });
      expect(forB.status).toBe(200);
      expect(forB.body.data.length).toBeGreaterThan(0);
      expect(forB.body.data.every((r: { branch: { id: number } }) => r.branch.id === branchB.id)).toBe(true);
      expect(names(await table(staffB, { from: '2025-11-20', to: '2025-11-22' }))).toEqual(['Dated morningB', 'Dated previousDayB']);
      expect(names(await table(staffA, { from: '2025-11-20', to: '2025-11-22' }))).toEqual(['Dated afterMidnightA', 'Dated beforeMidnightA', 'Dated eveningA']);

      const other = await t.http().get(`/api/v1/test-ride/${slugs.eveningA}`).set('Authorization', staffB);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ message: 'Test ride not found.' });
      expect((await t.http().delete(`/api/v1/test-ride/${slugs.eveningA}`).set('Authorization', staffB)).status).toBe(404);
      expect((await rideRow(slugs.eveningA)).deleted_at).toBeNull();

      const own = await t.http().get(`/api/v1/test-ride/${slugs.morningB}`).set('Authorization', staffB);
      expect(own.status).toBe(200);
      expect(own.body.data).toMatchObject({ slug: slugs.morningB, name: 'Dated morningB', branch: { title: branchB.title }, bike_model: { title: modelA.title } });
    });

    it('reads one booking by slug (any staff login) and 404s an unknown one', async () => {
      const res = await t.http().get(`/api/v1/test-ride/${slugs.eveningA}`).set('Authorization', staffA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: expect.objectContaining({ name: 'Dated eveningA', utm_source: 'google', referrer: { id: expect.any(Number), title: 'google' }, branch: { id: branchA.id, title: branchA.title } }),
      });
      expect(res.body.data).not.toHaveProperty('ip');
      expect((await t.http().get('/api/v1/test-ride/no-such-booking').set('Authorization', admin)).status).toBe(404);
    });

    it('soft-deletes a booking of the own branch: gone from the record and the table, row kept', async () => {
      const extra = await book(bodyFor(branchB, modelA, { name: 'To be deleted' }));
      const slug = extra.body.data.slug;
      const res = await t.http().delete(`/api/v1/test-ride/${slug}`).set('Authorization', staffB);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Test ride deleted successfully.' });
      expect((await t.http().get(`/api/v1/test-ride/${slug}`).set('Authorization', admin)).status).toBe(404);
      expect(names(await table(admin, { 'search[value]': 'To be deleted' }))).toEqual([]);
      expect((await rideRow(slug)).deleted_at).not.toBeNull();
      expect((await t.http().delete(`/api/v1/test-ride/${slug}`).set('Authorization', staffB)).status).toBe(404);
    });

    async function download(auth: string, query: Record<string, unknown>) {
      const res = await t
        .http()
        .get('/api/v1/test-ride/download')
        .query(query)
        .set('Authorization', auth)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      return res;
    }

    /** A cell as the table shows it: a date cell holds Nepal's wall-clock time (Excel dates have no zone). */
    const cellText = (v: unknown) =>
      v instanceof Date ? v.toISOString().slice(0, 16).replace('T', ' ') : v === undefined || v === null ? '' : String(v);

    async function workbookRows(body: Buffer): Promise<string[][]> {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0];
      const rows: string[][] = [];
      sheet.eachRow({ includeEmpty: false }, (row) => {
        const values = row.values as unknown[];
        rows.push(Array.from({ length: 12 }, (_, i) => cellText(values[i + 1])));
      });
      return rows;
    }

    type Row = { bike_model: { title: string }; name: string; email: string | null; phone: string; state: string; district: string; city: string; branch: { title: string }; type: string; created_at: string; referrer: { title: string } | null };
    const asCells = (r: Row) => [r.bike_model.title, r.name, r.email ?? '', r.phone, r.state, r.district, r.city, r.branch.title, r.type, nepalTime(r.created_at), adToBs(nepalTime(r.created_at).slice(0, 10)), r.referrer?.title ?? ''];

    it.each([
      ['admin, a date range', 'admin', { from: '2025-11-20 00:00', to: '2025-11-23 00:00' }],
      ['admin, everything with a search', 'admin', { 'search[value]': 'sita@example.com' }],
      ["branch staff, only their branch's", 'staffB', {}],
    ])('downloads TestRides.xlsx with the rows of the table for the same filter (%s)', async (_what, who, query) => {
      const auth = who === 'admin' ? admin : staffB;
      const res = await download(auth, query);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe('attachment; filename="TestRides.xlsx"');
      const [header, ...rows] = await workbookRows(res.body);
      expect(header).toEqual(['Model', 'Name', 'Email', 'Phone', 'State', 'District', 'City', 'Branch', 'Type', 'Registered', 'Registered (BS)', 'Referrer']);
      const tableRes = await table(auth, { ...query, length: -1 });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(tableRes.body.data.map(asCells));
    });

    it("writes Nepal's wall-clock time in the download, as a date cell", async () => {
      const res = await download(admin, { from: '2025-11-22 00:00', to: '2025-11-22 01:00' });
      const [, ...rows] = await workbookRows(res.body);
      expect(rows.map((r) => [r[1], r[9]])).toEqual([['Dated afterMidnightA', '2025-11-22 00:01']]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      const registered = wb.worksheets[0].getCell('J2');
      expect(registered.type).toBe(ExcelJS.ValueType.Date);
      expect(registered.value).toEqual(new Date('2025-11-22T00:01:00Z'));
    });

    it('answers 422 (not a broken file) for a bad date on the download', async () => {
      const res = await t.http().get('/api/v1/test-ride/download').query({ to: 'soon' }).set('Authorization', admin);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ to: ['The to must be a date (YYYY-MM-DD HH:mm).'] });
    });
  });
});

describe('test ride captcha', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let branchA: Branch;
  let modelA: Model;

  beforeAll(async () => {
    fake = await startFakeProvider({
      'POST /siteverify': (r) => ({ body: (r.body as Record<string, string>).response === 'human' ? RECAPTCHA_OK : RECAPTCHA_FAIL }),
    });
    t = await startTestApp({ env: { RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_VERIFY_URL: `${fake.url}/siteverify` } });
    ({ branchA, modelA } = await setupCatalogue(t));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM test_ride`))[0].n as number;

  it('refuses a booking without the captcha, or with one the verify URL rejects, under g-recaptcha-response', async () => {
    const before = await count();
    const missing = await t.http().post('/api/v1/test-ride').send(bodyFor(branchA, modelA));
    expect(missing.status).toBe(422);
    expect(missing.body.errors['g-recaptcha-response']).toEqual(['Please complete the captcha.']);
    const bad = await t.http().post('/api/v1/test-ride').send(bodyFor(branchA, modelA, { 'g-recaptcha-response': 'robot' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors['g-recaptcha-response']).toEqual(['The captcha is invalid or has expired. Please try again.']);
    expect(await count()).toBe(before);
  });

  it('stores the booking when the captcha passes, sending the secret and the address to the verify URL', async () => {
    const before = await count();
    const res = await t.http().post('/api/v1/test-ride').send(bodyFor(branchA, modelA, { 'g-recaptcha-response': 'human' }));
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const checks = fake.requestsTo('POST /siteverify').filter((r) => (r.body as Record<string, string>).response === 'human');
    expect(checks).toHaveLength(1);
    expect(checks[0].body).toMatchObject({ secret: 'test-secret', response: 'human', remoteip: expect.stringMatching(/127\.0\.0\.1/) });
  });
});
