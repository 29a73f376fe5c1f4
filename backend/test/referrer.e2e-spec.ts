import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ReferrerService } from '../src/modules/referrer/referrer.service';
import { codeOf, enquiryBody, nextIp, CAMPAIGN_ENV } from './factories/campaign';
import { makePreregistration, uniqueDigits } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

describe('referrers and the referrer report (/api/v1/referrer)', () => {
  let t: TestApp;
  let admin: string;
  let staffA: string;
  let branchA: { id: number };
  let branchB: { id: number };
  let modelId: number;
  let phoneSeq = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staffA = `Bearer ${await t.token('staff@example.com')}`;
    [branchA, branchB] = await t.db.query(`SELECT id FROM branch ORDER BY "order", id LIMIT 2`);
    [{ id: modelId }] = await t.db.query(
      `INSERT INTO bike_model (slug, title) VALUES ('referrer-test-model', 'Referrer Test 150') RETURNING id`,
    );
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.query(`DELETE FROM rate_limit`));

  /** Books through the public API (as the dialog does), then dates the booking by SQL. */
  async function ride(utmSource: string | undefined, createdAt: string, branch = branchA, phone = `98460${String(++phoneSeq).padStart(5, '0')}`): Promise<string> {
    const res = await t
      .http()
      .post('/api/v1/test-ride')
      .send({
        name: 'Referred Rider',
        phone,
        state: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu Metropolitan City',
        branch_id: branch.id,
        bike_model_id: modelId,
        utm_source: utmSource,
      });
    expect(res.status).toBe(200);
    await t.db.query(`UPDATE test_ride SET created_at = $2 WHERE slug = $1`, [res.body.data.slug, createdAt]);
    return res.body.data.slug;
  }

  const referrerId = async (source: string): Promise<number> =>
    (await t.db.query(`SELECT id FROM referrer WHERE utm_source = $1`, [source]))[0]?.id;
  /** Head office adds a source to the report (its title is the source, as a seen source's used to be). */
  const addSource = async (source: string): Promise<number> => {
    const res = await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: source, utm_source: source });
    expect(res.status).toBe(200);
    return res.body.data.id;
  };
  const report = (auth: string, query: Record<string, unknown>) => t.http().get('/api/v1/referrer').query(query).set('Authorization', auth);
  const counts = (res: { body: { data: Array<{ title: string; referrals_count: number; test_rides_count: number }> } }) =>
    Object.fromEntries(res.body.data.map((r) => [r.title, [r.referrals_count, r.test_rides_count]]));

  it('counts a source the report does not know under "other", keeping it on the record; a source head office adds has its row, however cased or padded', async () => {
    const other = await referrerId('other');
    const unknown = await ride('Newsletter', new Date().toISOString());
    expect(await referrerId('newsletter')).toBeUndefined();
    expect((await t.db.query(`SELECT utm_source, referrer_id FROM test_ride WHERE slug = $1`, [unknown]))[0]).toEqual({ utm_source: 'newsletter', referrer_id: other });

    const added = await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: ' newsletter ', utm_source: ' NewsLetter ' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      data: { id: expect.any(Number), title: 'newsletter', utm_source: 'newsletter', created_at: expect.any(String) },
      message: 'Referrer created successfully.',
    });
    const id = added.body.data.id;
    await ride('  NEWSLETTER ', new Date().toISOString());
    expect((await t.db.query(`SELECT count(*)::int AS n FROM referrer WHERE utm_source = 'newsletter'`))[0].n).toBe(1);
    // From then on: the visit before it stays under "other", where its value is listed.
    expect((await t.db.query(`SELECT count(*)::int AS n FROM test_ride WHERE referrer_id = $1`, [id]))[0].n).toBe(1);

    // A source is added once, never as a share link, and only by head office.
    const again = await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: 'Again', utm_source: 'newsletter' });
    expect([again.status, again.body.errors]).toEqual([422, { utm_source: ['This source is already in the referrer report.'] }]);
    const share = await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: 'Mine', utm_source: 'ref-0123456789abcdef' });
    expect(share.status).toBe(422);
    expect(share.body.errors.utm_source).toEqual(["A source of 'ref-' and 16 letters or digits is a customer's share link: please choose another."]);
    const bad = await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: 'Bad', utm_source: 'face book' });
    expect([bad.status, bad.body.errors.utm_source]).toEqual([422, ['The utm source may only contain letters, digits, dots, underscores and hyphens (at most 100 characters).']]);
    expect((await t.http().post('/api/v1/referrer').set('Authorization', staffA).send({ title: 'Ours', utm_source: 'ours' })).status).toBe(403);
    expect(await referrerId('ours')).toBeUndefined();
  });

  it('exposes ensure(em, utmSource, phone) for other domains: the known id, "other" for an unknown source, null for what is not a source', async () => {
    const referrers = t.app.get(ReferrerService);
    const ds = t.app.get(DataSource);
    const other = await referrerId('other');
    expect(await ds.transaction(() => referrers.ensure('Enquiry.Form-2082', null))).toBe(other);
    expect(await referrerId('enquiry.form-2082')).toBeUndefined();
    const id = await addSource('enquiry.form-2082');
    expect(await ds.transaction(() => referrers.ensure('Enquiry.Form-2082', null))).toBe(id);
    expect(await ds.transaction(() => referrers.ensure('facebook', null))).toBe(await referrerId('facebook'));
    for (const bad of ['', '  ', 'has space', 'x'.repeat(101), null, undefined, 7]) {
      expect(await ds.transaction(() => referrers.ensure(bad, null))).toBeNull();
    }
  });

  describe("a customer's share link (?utm_source=ref-<code>)", () => {
    it('brings friends who count for the sharer: in the report (pre-registrations, test rides) and on the sharer\'s record, the same numbers', async () => {
      const sharer = await makePreregistration(t.db, { branchId: null, nearestBranchId: branchA.id });
      const mine = await t.http().get(`/api/v1/enquiry/${sharer.slug}`);
      const code: string = mine.body.data.share_code;
      expect(code).toMatch(/^[0-9a-f]{16}$/);
      const link = `ref-${code}`;

      // A friend pre-registers through the link, as the public form sends it (multipart).
      const friend = await enquiryBody(t.db, { nearest_branch_id: branchA.id, utm_source: link });
      const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
      for (const [k, v] of Object.entries(friend)) req.field(k, String(v));
      const made = await req;
      expect(made.status).toBe(200);
      // Before their own draw, the friend has no link of their own to share.
      expect(made.body.data.share_code).toBeNull();
      // Unverified, the friend is no one yet: they count once their phone is verified.
      expect((await t.http().get(`/api/v1/preregistration/${sharer.slug}`).set('Authorization', admin)).body.data.friends).toEqual({ preregistrations: 0, test_rides: 0, purchases: 0 });
      const verified = await t
        .http()
        .post(`/api/v1/enquiry/${made.body.data.slug}/verify`)
        .set('X-Forwarded-For', nextIp())
        .send({ code: await codeOf(t.db, made.body.data.slug) });
      expect(verified.status).toBe(200);
      // Another friend books a test ride at another branch; the sharer books one through their own link.
      await ride(link, new Date().toISOString(), branchB);
      await ride(link.toUpperCase(), new Date().toISOString(), branchA, sharer.phone);
      // A made-up code is no one's: the booking stands, counted for no one, and no referrer is made.
      await ride('ref-0123456789abcdef', new Date().toISOString());
      expect(await referrerId('ref-0123456789abcdef')).toBeUndefined();

      const row = (auth: string) =>
        report(auth, { 'search[value]': code, length: -1 }).then((r) => r.body.data.find((x: { utm_source: string }) => x.utm_source === link));
      expect(await row(admin)).toMatchObject({ title: link, preregistrations_count: 1, test_rides_count: 1, referrals_count: 0 });
      // Branch A's staff count what came to branch A: the pre-registration, not branch B's test ride.
      expect(await row(staffA)).toMatchObject({ preregistrations_count: 1, test_rides_count: 0 });

      const record = await t.http().get(`/api/v1/preregistration/${sharer.slug}`).set('Authorization', admin);
      expect(record.body.data).toMatchObject({ share_code: code, friends: { preregistrations: 1, test_rides: 1, purchases: 0 } });
      // The record and the report (head office sees every branch) say the same.
      const all = await row(admin);
      expect([record.body.data.friends.preregistrations, record.body.data.friends.test_rides]).toEqual([all.preregistrations_count, all.test_rides_count]);
      // The friend's own record names where they came from.
      const [stored] = await t.db.query(`SELECT r.utm_source FROM preregistration p JOIN referrer r ON r.id = p.referrer_id WHERE p.phone = $1`, [friend.phone]);
      expect(stored).toEqual({ utm_source: link });
    });
  });

  describe('the report', () => {
    let fb: number;
    let searchads: number;

    beforeAll(async () => {
      await t.db.query(`DELETE FROM rate_limit`);
      // Sources the report knows (head office added them); an unknown one would count under "other".
      await addSource('fb');
      await addSource('searchads');
      // Nepal's 21 November 2025 runs from 2025-11-20T18:15Z to 2025-11-21T18:15Z.
      await ride('fb', '2025-11-21T18:14:00Z'); // Nepal 21 Nov, 23:59
      await ride('fb', '2025-11-21T18:16:00Z'); // Nepal 22 Nov, 00:01
      await ride('fb', '2025-11-21T06:00:00Z', branchB); // Nepal 21 Nov, another branch
      const deleted = await ride('fb', '2025-11-21T07:00:00Z'); // deleted by staff: not counted
      await t.db.query(`UPDATE test_ride SET deleted_at = now() WHERE slug = $1`, [deleted]);
      await ride('searchads', '2025-11-20T18:15:00Z'); // Nepal 21 Nov, 00:00
      await ride('searchads', '2025-11-20T18:14:00Z'); // Nepal 20 Nov, 23:59
      fb = await referrerId('fb');
      searchads = await referrerId('searchads');
    });

    it("counts each referrer's test rides within Nepal's days", async () => {
      const day21 = await report(admin, { from: '2025-11-21 00:00', to: '2025-11-22 00:00', length: -1 });
      expect(day21.status).toBe(200);
      expect(counts(day21)).toMatchObject({ fb: [0, 2], searchads: [0, 1], newsletter: [0, 0] });
      expect(counts(await report(admin, { from: '2025-11-22', to: '2025-11-22', length: -1 }))).toMatchObject({
        fb: [0, 1],
        searchads: [0, 0],
      });
      expect(counts(await report(admin, { from: '2025-11-20', to: '2025-11-22', length: -1 }))).toMatchObject({
        fb: [0, 3],
        searchads: [0, 2],
      });
      // Open on both sides: everything not deleted.
      expect(counts(await report(admin, { length: -1 }))).toMatchObject({ fb: [0, 3], searchads: [0, 2], newsletter: [0, 1] });
    });

    it('counts purchases referred by each referrer within the dates, leaving deleted ones out', async () => {
      await purchase(t, fb, '2025-11-21T10:00:00Z', branchA.id);
      await purchase(t, fb, '2025-11-21T11:00:00Z', branchB.id);
      await purchase(t, fb, '2025-11-21T12:00:00Z', branchA.id, true);
      await purchase(t, fb, '2025-11-22T10:00:00Z', branchA.id);
      await purchase(t, searchads, '2025-11-20T18:20:00Z', branchA.id);
      const day21 = await report(admin, { from: '2025-11-21', to: '2025-11-21', length: -1 });
      expect(counts(day21)).toMatchObject({ fb: [2, 2], searchads: [1, 1] });
      expect(counts(await report(admin, { from: '2025-11-22', to: '2025-11-22', length: -1 }))).toMatchObject({
        fb: [1, 1],
        searchads: [0, 0],
      });
      // Branch staff count their own branch's purchases and test rides only.
      expect(counts(await report(staffA, { from: '2025-11-21', to: '2025-11-21', length: -1 }))).toMatchObject({
        fb: [1, 1],
        searchads: [1, 1],
      });
    });

    it('speaks the paging protocol: search by title or source, order by a count', async () => {
      const res = await report(admin, { from: '2025-11-21', to: '2025-11-21', 'search[value]': 'searcha', draw: 2 });
      expect(res.body).toMatchObject({ input: { draw: 2, start: 0, length: 10 }, recordsFiltered: 1 });
      expect(res.body.data).toEqual([
        {
          id: searchads,
          title: 'searchads',
          utm_source: 'searchads',
          created_at: expect.any(String),
          referrals_count: expect.any(Number),
          preregistrations_count: 0,
          test_rides_count: 1,
        },
      ]);
      const ordered = await report(admin, {
        from: '2025-11-21',
        to: '2025-11-22',
        'columns[0][data]': 'test_rides_count',
        'order[0][column]': 0,
        'order[0][dir]': 'desc',
        length: 2,
      });
      expect(ordered.status).toBe(200);
      expect(ordered.body.data.map((r: { title: string }) => r.title)).toEqual(['fb', 'searchads']);
      expect((await report(admin, { 'columns[0][data]': 'utm_source; DROP TABLE referrer', 'order[0][column]': 0 })).status).toBe(422);
    });

    it('answers 422 for a date it cannot read', async () => {
      const res = await report(admin, { from: '21/11/2025' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ from: ['The from must be a date (YYYY-MM-DD HH:mm).'] });
    });

    it('renames a referrer (the title only): the report and the test rides show the new title', async () => {
      const res = await t.http().post(`/api/v1/referrer/${fb}`).set('Authorization', admin).send({ title: '  Facebook Ads ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { id: fb, title: 'Facebook Ads', utm_source: 'fb', created_at: expect.any(String) },
        message: 'Referrer updated successfully.',
      });
      expect(counts(await report(admin, { from: '2025-11-21', to: '2025-11-21', length: -1 }))).toHaveProperty('Facebook Ads');
      const multipart = await t.http().post(`/api/v1/referrer/${fb}`).set('Authorization', admin).field('title', 'Facebook Ads');
      expect(multipart.body.data.title).toBe('Facebook Ads');
      const rides = await t.http().get('/api/v1/test-ride').query({ from: '2025-11-21', to: '2025-11-21' }).set('Authorization', admin);
      expect(rides.body.data.map((r: { referrer: { title: string } | null }) => r.referrer?.title)).toContain('Facebook Ads');
    });

    it('refuses an empty title, a changed source and unknown referrers', async () => {
      const empty = await t.http().post(`/api/v1/referrer/${searchads}`).set('Authorization', admin).send({ title: ' ' });
      expect(empty.status).toBe(422);
      expect(empty.body.errors.title).toEqual(['The title field is required.']);
      const source = await t
        .http()
        .post(`/api/v1/referrer/${searchads}`)
        .set('Authorization', admin)
        .send({ title: 'Search', utm_source: 'other' });
      expect(source.status).toBe(422);
      expect(source.body.errors.utm_source).toEqual(['The utm_source field is not allowed.']);
      expect((await t.db.query(`SELECT title, utm_source FROM referrer WHERE id = $1`, [searchads]))[0]).toEqual({
        title: 'searchads',
        utm_source: 'searchads',
      });
      for (const id of ['999999', 'abc', '99999999999999999999']) {
        const res = await t.http().post(`/api/v1/referrer/${id}`).set('Authorization', admin).send({ title: 'X' });
        expect(res.status).toBe(404);
        // An id past int never reaches the service: the path check answers a plain 'Not found.'.
        expect(res.body.message).toMatch(/^(Referrer not found|Not found)\.$/);
      }
    });

    it('lets branch staff read the report but not rename (update-registration)', async () => {
      expect((await report(staffA, {})).status).toBe(200);
      expect((await t.http().post(`/api/v1/referrer/${searchads}`).set('Authorization', staffA).send({ title: 'Mine' })).status).toBe(403);
    });

    it('lets a Branch Manager read the report but not rename: referrers are shared by every branch, head office renames them', async () => {
      const manager = `Bearer ${await t.token('manager@example.com')}`;
      expect((await report(manager, {})).status).toBe(200);
      const before = await t.db.query(`SELECT title FROM referrer WHERE id = $1`, [searchads]);
      const renamed = await t.http().post(`/api/v1/referrer/${searchads}`).set('Authorization', manager).send({ title: 'Our branch only' });
      expect(renamed.status).toBe(403);
      expect(renamed.body).toEqual({ message: 'You do not have permission to do this.' });
      expect(await t.db.query(`SELECT title FROM referrer WHERE id = $1`, [searchads])).toEqual(before);
    });
  });
});

/**
 * A purchase referred by `referredBy`, written by SQL as the sales flow leaves it (made
 * from a verified pre-registration), so the report is tested against the real table.
 */
async function purchase(t: TestApp, referredBy: number, createdAt: string, branchId: number, deleted = false) {
  const pre = await makePreregistration(t.db, { branchId, purchased: true });
  await t.db.query(
    `INSERT INTO registration (slug, bill_no, preregistration_id, name, address, citizenship_no, phone, bike_model_id, branch_id, referred_by, created_at, deleted_at)
     SELECT $1, $2, p.id, p.name, p.address, p.citizenship_no, p.phone, p.bike_model_id, $3, $4, $5, $6 FROM preregistration p WHERE p.id = $7`,
    [
      randomBytes(12).toString('base64url'),
      `B${branchId}-${uniqueDigits(8)}`,
      branchId,
      referredBy,
      createdAt,
      deleted ? new Date() : null,
      pre.id,
    ],
  );
}
