import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { allocate, bikeModelId, clearScheme, codeOf, enquiryBody, nextIp, uniqueDigits, uniquePhone } from './factories/campaign';
import { binaryParser, xlsxObjects } from './factories/authz';
import { pngBuffer } from './factories/images';
import { registrationBody } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';
import { PrivacyService } from '../src/modules/privacy/privacy.service';

/**
 * Privacy: consent stored with each public record, erasure on request, retention. A
 * customer's erasure must leave the draw and the stock adding up (the same draws, prizes
 * and allocation counts) and no copy of their personal fields in any answer or export.
 */
describe('privacy', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staffBranch: number;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staff = `Bearer ${await t.token('staff@example.com')}`;
    [{ branch_id: staffBranch }] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.query(`DELETE FROM rate_limit`));

  /** A public enquiry as the form sends it (multipart with a screenshot), verified with its code: the draw runs. */
  async function verifiedEnquiry(over: Record<string, unknown>) {
    const body = await enquiryBody(t.db, { nearest_branch_id: staffBranch, ...over });
    const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
    for (const [k, v] of Object.entries(body)) req.field(k, String(v));
    const made = await req.attach('screenshot', await pngBuffer(), 'share.png');
    expect(made.status).toBe(200);
    const slug: string = made.body.data.slug;
    const verified = await t.http().post(`/api/v1/enquiry/${slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: await codeOf(t.db, slug) });
    expect(verified.status).toBe(200);
    return { slug, body };
  }

  it('stores the time of consent and the terms version with a public enquiry and a test ride, none with a staff record', async () => {
    await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ terms: '<p>Terms, version one</p>' }).expect(200);
    const { slug } = await verifiedEnquiry({});
    const [pub] = await t.db.query(`SELECT consent_at, terms_version FROM preregistration WHERE slug = $1`, [slug]);
    expect(pub.consent_at).toBeInstanceOf(Date);
    expect(pub.terms_version).toMatch(/^[0-9a-f]{12}$/);
    const detail = await t.http().get(`/api/v1/preregistration/${slug}`).set('Authorization', admin);
    expect(detail.body.data).toMatchObject({ terms_version: pub.terms_version, consent_at: pub.consent_at.toISOString() });

    await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ terms: '<p>Terms, version two</p>' }).expect(200);
    const [model] = await t.db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
    const ride = await t.http().post('/api/v1/test-ride').send({
      name: 'Consent Visitor', phone: uniquePhone(), state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City',
      branch_id: staffBranch, bike_model_id: model.id, type: 'TESTRIDE',
    });
    expect(ride.status).toBe(200);
    const [rideRow] = await t.db.query(`SELECT consent_at, terms_version FROM test_ride WHERE slug = $1`, [ride.body.data.slug]);
    expect(rideRow.consent_at).toBeInstanceOf(Date);
    expect(rideRow.terms_version).toMatch(/^[0-9a-f]{12}$/);
    expect(rideRow.terms_version).not.toBe(pub.terms_version);

    const byStaff = await t.http().post('/api/v1/preregistration').set('Authorization', staff).send({
      name: 'Walk In', address: 'Teku', phone: uniquePhone(), citizenship_no: uniqueDigits(10), bike_model_id: await bikeModelId(t.db), send_sms: false,
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.data).toMatchObject({ consent_at: null, terms_version: null });
  });

  it('erases a customer on request: personal fields gone from every answer and export, the draws, prizes and stock unchanged, the audit trail says so', async () => {
    await clearScheme(t.db);
    await allocate(t.db, { type: 'preregistration_public', count: 3, amount: 4000, probability: 100 });
    await allocate(t.db, { type: 'registration_branch', branchId: staffBranch, count: 2, amount: 2000, probability: 100 });
    const person = {
      name: 'Sushila Erasable',
      phone: uniquePhone(),
      email: 'sushila.erasable@example.com',
      citizenship_no: uniqueDigits(11),
      address: 'Erasable Tole 7',
    };
    const { slug } = await verifiedEnquiry(person);
    const regCitizenship = uniqueDigits(12);
    const purchase = await t
      .http()
      .post('/api/v1/registration')
      .set('Authorization', staff)
      .send(registrationBody({ slug, name: person.name }, await bikeModelId(t.db), { citizenship_no: regCitizenship, address: person.address, phone: person.phone, email: person.email, engine_no: 'ERASE1ENGINE', chasis_no: 'ERASE1CHASIS' }));
    expect(purchase.status).toBe(200);
    const regSlug: string = purchase.body.data.slug;
    const [model] = await t.db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
    const ride = await t.http().post('/api/v1/test-ride').send({
      name: person.name, email: person.email, phone: person.phone, state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City',
      branch_id: staffBranch, bike_model_id: model.id, type: 'BOOKING',
    });
    expect(ride.status).toBe(200);
    const [shot] = await t.db.query(`SELECT f.filename FROM preregistration p JOIN file f ON f.id = p.screenshot_id WHERE p.slug = $1`, [slug]);
    expect(existsSync(join(t.dataDir, 'uploads', shot.filename))).toBe(true);

    const ledger = async () => ({
      allocations: await t.db.query(`SELECT id, type, count, remaining FROM allocation ORDER BY id`),
      draws: await t.db.query(`SELECT kind, record_id, amount, allocation_id FROM draw ORDER BY id`),
      prizes: await t.db.query(
        `SELECT p.prize, p.is_verified, p.purchased, r.coupon_amount FROM preregistration p JOIN registration r ON r.preregistration_id = p.id WHERE p.slug = $1`,
        [slug],
      ),
    });
    const before = await ledger();
    // The draws took stock: one unit of each allocation.
    expect(before.allocations.map((a: { remaining: number }) => a.remaining)).toEqual([2, 1]);
    expect(before.prizes).toEqual([{ prize: 4000, is_verified: true, purchased: true, coupon_amount: 2000 }]);

    // Only the Super Admin may erase.
    expect((await t.http().post(`/api/v1/preregistration/${slug}/erase`).set('Authorization', `Bearer ${await t.token('office@example.com')}`)).status).toBe(403);
    const erased = await t.http().post(`/api/v1/preregistration/${slug}/erase`).set('Authorization', admin);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ message: 'The customer’s personal data was erased.' });
    expect((await t.http().post(`/api/v1/preregistration/${slug}/erase`).set('Authorization', admin)).body).toEqual({ message: 'This customer was already erased.' });

    // Stock and draws add up exactly as before.
    expect(await ledger()).toEqual(before);
    // The screenshot file is gone, from disk and from the web.
    expect(existsSync(join(t.dataDir, 'uploads', shot.filename))).toBe(false);
    expect((await t.http().get(`/uploads/${shot.filename}`)).status).toBe(404);
    // The audit trail has the erasure: who, which record.
    const [audit] = await t.db.query(
      `SELECT a.user_email, a.record_key, a.status FROM audit_log a WHERE a.action = 'POST /api/v1/preregistration/:slug/erase' ORDER BY id`,
    );
    expect(audit).toEqual({ user_email: 'admin@example.com', record_key: slug, status: 200 });

    // Every answer and export a Super Admin can read.
    const answers: string[] = [];
    const json = async (path: string) => {
      const res = await t.http().get(path).set('Authorization', admin);
      expect({ path, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({ path, status: 200, body: null });
      answers.push(JSON.stringify(res.body));
      return res.body;
    };
    const xlsx = async (path: string) => {
      const res = await t.http().get(path).set('Authorization', admin).buffer(true).parse(binaryParser as never);
      expect(res.status).toBe(200);
      answers.push(JSON.stringify(await xlsxObjects(res)));
    };
    const detail = (await json(`/api/v1/preregistration/${slug}`)).data;
    expect(detail).toMatchObject({ name: expect.stringMatching(/^Erased customer \d+$/), phone: null, email: null, citizenship_no: null, address: null, screenshot: null, prize: 4000 });
    expect(detail.erased_at).toEqual(expect.any(String));
    await json(`/api/v1/registration/${regSlug}`);
    await json(`/api/v1/test-ride/${ride.body.data.slug}`);
    for (const table of ['preregistration', 'registration', 'test-ride', 'registration/deleted', 'audit', 'sms', 'referrer']) {
      await json(`/api/v1/${table}?length=-1&draw=1`);
    }
    for (const other of ['stats', 'file', 'analytics', 'branch-stats']) await json(`/api/v1/${other}`);
    for (const exp of ['preregistration/download', 'registration/download', 'test-ride/download']) await xlsx(`/api/v1/${exp}`);
    const all = answers.join('\n');
    for (const value of [person.name, person.phone, person.email, person.citizenship_no, regCitizenship, person.address, 'ERASE1ENGINE', 'ERASE1CHASIS', shot.filename]) {
      expect({ value, found: all.includes(value) }).toEqual({ value, found: false });
    }
    // Nor in the tables behind them (the SMS texts that carried the name included).
    const rows = JSON.stringify(
      await t.db.query(
        `SELECT (SELECT json_agg(p) FROM preregistration p) AS p, (SELECT json_agg(r) FROM registration r) AS r, (SELECT json_agg(x) FROM test_ride x) AS x,
                (SELECT json_agg(s) FROM sms_outbox s) AS s, (SELECT json_agg(a) FROM audit_log a) AS a, (SELECT json_agg(l) FROM rate_limit l) AS l`,
      ),
    );
    for (const value of [person.name, person.phone, person.email, person.citizenship_no, regCitizenship, person.address]) {
      const where = rows.indexOf(value);
      expect({ value, stored: where >= 0 ? rows.slice(Math.max(0, where - 300), where + 50) : null }).toEqual({ value, stored: null });
    }
  });

  it('purges citizenship numbers and screenshots once the retention after the campaign end has passed, not before', async () => {
    const { slug } = await verifiedEnquiry({ citizenship_no: uniqueDigits(11) });
    const [shot] = await t.db.query(`SELECT f.filename FROM preregistration p JOIN file f ON f.id = p.screenshot_id WHERE p.slug = $1`, [slug]);
    const privacy = t.app.get(PrivacyService);
    // No end date: nothing to count from.
    expect(await privacy.purgeExpired(new Date('2099-01-01T00:00:00Z'))).toEqual({ records: 0, files: 0 });
    const saved = await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_ends_on: '2026-01-15', retention_days: 180 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ campaign_ends_on: '2026-01-15', retention_days: 180 });
    // Kept for 180 whole days after the end day (2026-01-15, Nepal): up to 2026-07-14 inclusive, Nepal time (UTC+05:45).
    expect(await privacy.purgeExpired(new Date('2026-07-14T18:14:00Z'))).toEqual({ records: 0, files: 0 });
    const [{ n: withCitizenship }] = await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE citizenship_no IS NOT NULL OR screenshot_id IS NOT NULL`);
    const [{ n: regs }] = await t.db.query(`SELECT count(*)::int AS n FROM registration WHERE citizenship_no <> ''`);
    const purged = await privacy.purgeExpired(new Date('2026-07-14T18:16:00Z'));
    expect(purged.records).toBe(withCitizenship + regs);
    expect(purged.files).toBeGreaterThan(0);
    const [row] = await t.db.query(`SELECT name, phone, citizenship_no, screenshot_id, prize FROM preregistration WHERE slug = $1`, [slug]);
    expect(row).toMatchObject({ citizenship_no: null, screenshot_id: null, prize: expect.any(Number) });
    expect(row.name).toBe('Ram Bahadur Thapa');
    expect(existsSync(join(t.dataDir, 'uploads', shot.filename))).toBe(false);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE citizenship_no IS NOT NULL OR screenshot_id IS NOT NULL`)).toEqual([{ n: 0 }]);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM registration WHERE citizenship_no <> ''`)).toEqual([{ n: 0 }]);
    const [audit] = await t.db.query(`SELECT user_email, fields FROM audit_log WHERE action = 'RETENTION purge'`);
    expect(audit).toEqual({ user_email: 'system', fields: { campaign_ends_on: '2026-01-15', retention_days: 180, records: purged.records, files: purged.files } });
    // A second run finds nothing left.
    expect(await privacy.purgeExpired(new Date('2026-07-17T00:00:00Z'))).toEqual({ records: 0, files: 0 });
  });
});
