import { randomBytes } from 'node:crypto';
import { OTP } from '@campaign/domain';
import { bikeModelId, branchIds, CAMPAIGN_ENV, codeOf, enquiryBody, nextIp, uniquePhone } from './factories/campaign';
import { makePreregistration } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';
import { awayFromMidnight, passResendWait } from './harness/nepal-day';

jest.setTimeout(300_000);

/**
 * Issue #32, findings 12 and 13, re-run as the probe ran them: strangers with curl and
 * invented phones cannot raise a sharer's friends, grow the referrer report every branch
 * shares, or flood a branch mobile or one phone with SMS, from however many addresses.
 * The outbox is the ledger of what would be sent (the worker is off, so nothing leaves it).
 */
describe('anonymous requests cannot inflate friends, the referrer report or SMS volume', () => {
  // Counts a Nepal day's codes: not across Nepal's midnight (waits when run just before or after it).
  beforeAll(() => awayFromMidnight(), 240_000);
  let t: TestApp;
  let admin: string;
  let staff: string;
  let model: number;
  const report: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staff = `Bearer ${await t.token('staff@example.com')}`;
    model = await bikeModelId(t.db);
  });
  afterAll(async () => {
    console.log(`SMS caps and counts (issue #32):\n  ${report.join('\n  ')}`);
    await t?.close();
  });
  beforeEach(() => t.db.query(`DELETE FROM rate_limit`));

  /** Every request from a new address, as a probe spread over many would send it. */
  const post = (path: string, body?: object) => t.http().post(`/api/v1${path}`).set('X-Forwarded-For', nextIp()).send(body);
  const ride = (branchId: number, over: Record<string, unknown> = {}) =>
    post('/test-ride', {
      name: 'Flood Rider',
      phone: uniquePhone(),
      state: 'Bagmati',
      district: 'Kathmandu',
      city: 'Kathmandu Metropolitan City',
      branch_id: branchId,
      bike_model_id: model,
      type: 'TESTRIDE',
      ...over,
    });
  const friendsOf = async (slug: string) => (await t.http().get(`/api/v1/preregistration/${slug}`).set('Authorization', admin)).body.data.friends;
  const referrerReport = async (auth = admin, query: Record<string, unknown> = {}) => {
    const res = await t.http().get('/api/v1/referrer').query({ length: -1, ...query }).set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body as { recordsTotal: number; data: Array<Record<string, unknown> & { id: number; utm_source: string }> };
  };
  const otpRows = async (phone: string) => (await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'otp'`, [phone]))[0].n as number;

  it('10 unverified enquiries from invented phones through one share link add no friend; each verified one adds one; test rides stand beside the count', async () => {
    const [branch] = await branchIds(t.db);
    const sharer = await makePreregistration(t.db, { branchId: null, nearestBranchId: branch });
    const code: string = (await t.http().get(`/api/v1/enquiry/${sharer.slug}`)).body.data.share_code;
    const link = `ref-${code}`;
    const slugs: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post('/enquiry', await enquiryBody(t.db, { utm_source: link }));
      expect(res.status).toBe(200);
      slugs.push(res.body.data.slug);
    }
    expect(await friendsOf(sharer.slug)).toEqual({ preregistrations: 0, test_rides: 0, purchases: 0 });
    const shareRow = async () => (await referrerReport(admin, { 'search[value]': code })).data.find((r) => r.utm_source === link);
    expect(await shareRow()).toMatchObject({ preregistrations_count: 0 });

    for (const [i, slug] of slugs.entries()) {
      const verified = await post(`/enquiry/${slug}/verify`, { code: await codeOf(t.db, slug) });
      expect(verified.status).toBe(200);
      expect((await friendsOf(sharer.slug)).preregistrations).toBe(i + 1);
    }

    // Test rides have no phone check: 10 from invented phones are told beside the friends, never in them.
    for (let i = 0; i < 10; i++) expect((await ride(branch, { utm_source: link })).status).toBe(200);
    expect(await friendsOf(sharer.slug)).toEqual({ preregistrations: 10, test_rides: 10, purchases: 0 });
    expect(await shareRow()).toMatchObject({ preregistrations_count: 10, test_rides_count: 10, referrals_count: 0 });
    report.push('share link: 10 unverified enquiries from invented phones -> 0 friends; verified -> 10 (one each); 10 test rides -> test_rides 10, beside the count');
  });

  it('30 invented utm_source values add no row to the referrer report: they are kept on their records and counted under the one "other" row, which lists them', async () => {
    const [, branch] = await branchIds(t.db);
    const before = await referrerReport();
    const otherBefore = before.data.find((r) => r.utm_source === 'other');
    expect(otherBefore).toMatchObject({ title: 'Other', values: expect.any(Array), values_count: expect.any(Number) });
    const invented = Array.from({ length: 30 }, (_, i) => `invented-${String(i).padStart(2, '0')}-${randomBytes(3).toString('hex')}`);
    for (const source of invented) expect((await ride(branch, { utm_source: source })).status).toBe(200);

    const after = await referrerReport();
    expect(after.recordsTotal).toBe(before.recordsTotal);
    expect(after.data.map((r) => r.id)).toEqual(before.data.map((r) => r.id));
    const other = after.data.find((r) => r.utm_source === 'other')!;
    expect(other.test_rides_count).toBe(Number(otherBefore!.test_rides_count) + 30);
    expect(other.values_count).toBe(Number(otherBefore!.values_count) + 30);
    // The most frequent first, at most 20 listed (each of these was seen once: in order).
    expect((other.values as string[]).length).toBe(20);
    expect(invented).toEqual(expect.arrayContaining(other.values as string[]));
    // Only the "other" row lists values.
    expect(after.data.filter((r) => 'values' in r).map((r) => r.utm_source)).toEqual(['other']);
    // The values stay on the records, and no referrer was made for them.
    const [kept] = await t.db.query(`SELECT count(*)::int AS n FROM test_ride WHERE utm_source = ANY($1) AND referrer_id = $2`, [invented, other.id]);
    expect(kept.n).toBe(30);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM referrer WHERE utm_source = ANY($1)`, [invented])).toEqual([{ n: 0 }]);
    // Branch staff see their branch's share of "other" only (these rides were at another branch).
    const mine = (await referrerReport(staff)).data.find((r) => r.utm_source === 'other')!;
    expect((mine.values as string[]).filter((v) => invented.includes(v))).toEqual([]);

    // A source head office adds is a row of its own from then on: one more row, no more.
    const added = await t.http().post('/api/v1/referrer').set('Authorization', admin).send({ title: 'Campaign mail', utm_source: 'campaign-mail' });
    expect(added.status).toBe(200);
    expect((await ride(branch, { utm_source: 'Campaign-Mail' })).status).toBe(200);
    const withAdded = await referrerReport();
    expect(withAdded.recordsTotal).toBe(before.recordsTotal + 1);
    expect(withAdded.data.find((r) => r.utm_source === 'campaign-mail')).toMatchObject({ title: 'Campaign mail', test_rides_count: 1 });
    report.push(`referrer report: 30 invented utm_source values -> rows ${before.recordsTotal} -> ${after.recordsTotal}; "other" counts +30 test rides and lists ${(other.values as string[]).length} of ${other.values_count} values`);
  });

  it('30 bookings at one branch within a minute are all saved; its mobile gets at most two alerts, the later one counting the bookings since the first', async () => {
    const branches = await branchIds(t.db);
    const branch = branches[branches.length - 1];
    const mobile = `98519${String(Number.parseInt(randomBytes(3).toString('hex'), 16) % 100_000).padStart(5, '0')}`;
    await t.db.query(`UPDATE branch SET mobile = $2 WHERE id = $1`, [branch, mobile]);
    const alerts = () =>
      t.db.query(`SELECT id, text, events, status, next_attempt_at > now() + interval '9 minutes' AS deferred FROM sms_outbox WHERE phone = $1 AND kind = 'test_ride_branch' ORDER BY id`, [mobile]);
    const [{ n: ridesBefore }] = await t.db.query(`SELECT count(*)::int AS n FROM test_ride WHERE branch_id = $1`, [branch]);
    const started = Date.now();

    // The first booking after a quiet window: its alert goes at once, in the usual one-booking text.
    const first = await ride(branch);
    expect(first.status).toBe(200);
    const [alone] = await alerts();
    expect(alone).toMatchObject({ events: 1, deferred: false });
    expect(alone.text).toMatch(/^New test ride: Flood Rider, 98\d{8}, .+, Kathmandu Metropolitan City\.$/);
    // The worker sends it (as it would within a second).
    await t.db.query(`UPDATE sms_outbox SET status = 'sent', sent_at = now() WHERE id = $1`, [alone.id]);

    // 29 more within the minute, each from its own address and phone: one more alert, due 10 minutes after the first, counting them.
    for (let i = 0; i < 29; i++) expect((await ride(branch)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(60_000);
    const [{ n: ridesAfter }] = await t.db.query(`SELECT count(*)::int AS n FROM test_ride WHERE branch_id = $1`, [branch]);
    expect(ridesAfter - ridesBefore).toBe(30);
    const all = await alerts();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ events: 29, status: 'queued', deferred: true });
    expect(all[1].text).toMatch(/^29 new test ride and bike bookings since the last SMS\. The latest, a test ride: Flood Rider, 98\d{8}, /);
    expect(all.reduce((n: number, a: { events: number }) => n + a.events, 0)).toBe(30);
    // Each customer still gets their own confirmation (their phone's own cap is 5 bookings a day).
    const [{ n: confirmations }] = await t.db.query(
      `SELECT count(*)::int AS n FROM sms_outbox o JOIN test_ride r ON r.phone = o.phone WHERE o.kind = 'test_ride_customer' AND r.branch_id = $1`,
      [branch],
    );
    expect(confirmations).toBeGreaterThanOrEqual(30);

    // Once the window after the last alert has passed, the next booking is alerted at once again.
    await t.db.query(
      `UPDATE sms_outbox SET status = 'sent', sent_at = now() - interval '11 minutes', next_attempt_at = now() - interval '11 minutes' WHERE phone = $1 AND kind = 'test_ride_branch'`,
      [mobile],
    );
    expect((await ride(branch)).status).toBe(200);
    const later = await alerts();
    expect(later).toHaveLength(3);
    expect(later[2]).toMatchObject({ events: 1, deferred: false });
    expect(later[2].text).toMatch(/^New test ride: /);
    report.push(`branch mobile: 30 bookings in ${((Date.now() - started) / 1000).toFixed(1)} s -> 30 saved, ${all.length} alerts (events ${all.map((a: { events: number }) => a.events).join(' + ')})`);
  });

  it('one phone gets at most 5 code SMS a Nepal day and one a minute, whichever public path asks (enquiry, resend, return) and from however many addresses', async () => {
    const phone = uniquePhone();
    const made = await post('/enquiry', await enquiryBody(t.db, { phone }));
    expect(made.status).toBe(200);
    const slug: string = made.body.data.slug;
    // Two requests within the same minute: the second sends nothing.
    const tooSoon = await post(`/enquiry/${slug}/resend`);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(await otpRows(phone)).toBe(1);

    const statuses: Record<number, number> = {};
    for (let i = 0; i < 30; i++) {
      // The minute between two codes passes (the latest code moves 61 s back, within the Nepal day).
      await passResendWait(t.db, phone, 'otp');
      const res = i % 2 ? await post(`/enquiry/${slug}/resend`) : await post('/enquiry/return', { phone });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      expect([200, 429]).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await otpRows(phone)).toBe(OTP.perPhonePerDay);
    // Past the cap the resend says so (the code already sent stays valid).
    await passResendWait(t.db, phone, 'otp');
    const capped = await post(`/enquiry/${slug}/resend`);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toMatch(/codes today\. Please try again tomorrow\.$/);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
    expect(await otpRows(phone)).toBe(OTP.perPhonePerDay);
    report.push(`codes: 1 enquiry + 31 resend/return requests from 32 addresses -> ${await otpRows(phone)} code SMS (cap ${OTP.perPhonePerDay} a Nepal day, 60 s apart); answers ${JSON.stringify(statuses)}`);
  });
});
