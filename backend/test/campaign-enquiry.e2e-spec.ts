import { PUBLIC_LIMITS } from '../src/common/rate-limit/public-limits';
import { SettingService } from '../src/modules/setting/setting.service';
import { pngBuffer } from './factories/images';
import { ADDRESS_MESSAGE, toDevanagariDigits } from '@campaign/domain';
import { allocate, CAMPAIGN_ENV, clearScheme, codeOf, enquiryBody, nextIp, uniqueDigits, uniquePhone, wrongCode } from './factories/campaign';
import { FakeProvider, SPARROW_OK, startFakeProvider } from './harness/fake-provider';
import { startTestApp, TestApp } from './harness/test-app';
import { awayFromMidnight, passResendWait } from './harness/nepal-day';

/** The public pre-registration journey: enquiry, code by SMS, verification, prize and its SMS. */
describe('public enquiry (/api/v1/enquiry)', () => {
  // Counts a Nepal day's codes: not across Nepal's midnight (waits when run just before or after it).
  beforeAll(() => awayFromMidnight(), 240_000);
  let t: TestApp;
  let fake: FakeProvider;

  beforeAll(async () => {
    fake = await startFakeProvider({ 'POST /v2/sms/': { status: 200, body: SPARROW_OK } });
    t = await startTestApp({
      env: { ...CAMPAIGN_ENV, SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 'sparrow-token', SMS_FROM: 'Campaign' },
    });
    await clearScheme(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (path: string, body: object = {}) => t.http().post(`/api/v1${path}`).set('X-Forwarded-For', nextIp()).send(body);

  it('registers, refuses a wrong code, verifies the right one, draws once and sends both SMS through the gateway', async () => {
    const allocation = await allocate(t.db, { type: 'preregistration_public', count: 1, amount: 10000, probability: 100 });
    const body = await enquiryBody(t.db, { phone: '+977 984-1000-123', name: 'राम बहादुर थापा' });
    // Multipart of the non-empty fields, as the public form sends it.
    const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
    for (const [k, v] of Object.entries(body)) req.field(k, String(v));
    const created = await req;
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      data: { slug: expect.stringMatching(/^[\w-]{16}$/), name: 'राम बहादुर थापा', phone: '98******23', is_verified: false, prize: null, draw_id: null, draw_fingerprint: null, share_code: null },
      message: 'Thank you for registering. We have sent a 6-digit code to 98******23.',
    });
    const slug = created.body.data.slug;
    const [stored] = await t.db.query(`SELECT phone, shared, branch_id, code, code_attempts, status FROM preregistration WHERE slug = $1`, [slug]);
    // The box was left unticked (not sent): stored as not shared.
    expect(stored).toMatchObject({ phone: '9841000123', shared: false, branch_id: null, code_attempts: 0, status: 'pending' });
    expect(stored.code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(created.body)).not.toContain(stored.code);

    // The code goes out through the gateway, with Sparrow's fields.
    const [otpCall] = await fake.waitFor((r) => r.path === '/v2/sms/' && (r.body as Record<string, string>).text?.includes(stored.code));
    expect(otpCall.body).toMatchObject({ token: 'sparrow-token', from: 'Campaign', to: '9841000123' });
    await waitForStatus(t, `SELECT status FROM sms_outbox WHERE phone = '9841000123' AND kind = 'otp'`, 'sent');

    const read = await t.http().get(`/api/v1/enquiry/${slug}`);
    expect(read.body).toEqual({ data: { slug, name: 'राम बहादुर थापा', phone: '98******23', is_verified: false, prize: null, draw_id: null, draw_fingerprint: null, share_code: null } });

    const wrong = await post(`/enquiry/${slug}/verify`, { code: wrongCode(stored.code) });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'The code is incorrect.', errors: { code: ['The code is incorrect.'] } });
    expect((await t.db.query(`SELECT code_attempts FROM preregistration WHERE slug = $1`, [slug]))[0].code_attempts).toBe(1);

    const right = await post(`/enquiry/${slug}/verify`, { code: stored.code });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      data: { slug, name: 'राम बहादुर थापा', phone: '98******23', is_verified: true, prize: 10000, draw_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/), draw_fingerprint: expect.stringMatching(/^[0-9a-f]{20}$/), share_code: expect.stringMatching(/^[0-9a-f]{16}$/) },
      message: 'Your phone number is verified. Congratulations!',
    });
    // Verified in the same transaction as the draw; the code is spent.
    const [after] = await t.db.query(`SELECT is_verified, verified_at, status, prize, code, id FROM preregistration WHERE slug = $1`, [slug]);
    expect(after).toMatchObject({ is_verified: true, status: 'verified', prize: 10000, code: null });
    const draws = await t.db.query(`SELECT amount, allocation_id, audit FROM draw WHERE kind = 'preregistration' AND record_id = $1`, [after.id]);
    expect(draws).toHaveLength(1);
    expect(draws[0]).toMatchObject({ amount: 10000, allocation_id: allocation });
    expect(draws[0].audit).toMatchObject({
      type: 'preregistration_public',
      branch_id: null,
      result: { amount: 10000, allocation_id: allocation, source: 'allocation' },
      considered: [{ allocation_id: allocation, amount: 10000, threshold: 10000, won: true, claimed: true, remaining_seen: 1, remaining_after: 0, attempt: 0 }],
    });
    expect((await t.db.query(`SELECT remaining FROM allocation WHERE id = $1`, [allocation]))[0].remaining).toBe(0);

    // The prize SMS was queued in that transaction and delivered.
    const [prizeCall] = await fake.waitFor((r) => r.path === '/v2/sms/' && (r.body as Record<string, string>).text?.includes('10,000'));
    expect(prizeCall.body).toMatchObject({ to: '9841000123' });
    expect((prizeCall.body as Record<string, string>).text).toContain('राम बहादुर थापा');
    await waitForStatus(t, `SELECT status FROM sms_outbox WHERE phone = '9841000123' AND kind = 'prize'`, 'sent');
    const [prizeRow] = await t.db.query(`SELECT provider, provider_response, attempts, sent_at FROM sms_outbox WHERE phone = '9841000123' AND kind = 'prize'`);
    expect(prizeRow).toMatchObject({ provider: 'sparrow', attempts: 1, provider_response: { status: 200, body: SPARROW_OK } });

    // Asking again replays the stored result: no second draw, no second SMS, the used code is refused.
    const again = await post(`/enquiry/${slug}/verify`, { code: stored.code });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ data: { is_verified: true, prize: 10000 }, message: 'Your phone number is already verified.' });
    expect(await t.db.query(`SELECT count(*)::int AS n FROM draw WHERE record_id = $1`, [after.id])).toEqual([{ n: 1 }]);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = '9841000123' AND kind = 'prize'`)).toEqual([{ n: 1 }]);
    const resend = await post(`/enquiry/${slug}/resend`);
    expect(resend.status).toBe(422);
    expect(resend.body.errors.code).toEqual(['This pre-registration is already verified.']);
  });

  it('takes the phone, the citizenship number and the code in Nepali digits (as a Nepali keyboard types them), stored in Latin ones', async () => {
    const phone = uniquePhone();
    const citizenship = uniqueDigits(11);
    const created = await post('/enquiry', await enquiryBody(t.db, { phone: `+९७७ ${toDevanagariDigits(phone)}`, citizenship_no: toDevanagariDigits(citizenship) }));
    expect(created.status).toBe(200);
    const slug = created.body.data.slug;
    const [stored] = await t.db.query(`SELECT phone, citizenship_no, code FROM preregistration WHERE slug = $1`, [slug]);
    expect({ phone: stored.phone, citizenship_no: stored.citizenship_no }).toEqual({ phone, citizenship_no: citizenship });
    // The code as typed on the phone's Nepali keyboard, with a space in it.
    const typed = toDevanagariDigits(`${stored.code.slice(0, 3)} ${stored.code.slice(3)}`);
    const verified = await post(`/enquiry/${slug}/verify`, { code: typed });
    expect(verified.status).toBe(200);
    expect(verified.body.data.is_verified).toBe(true);
  });

  it('gives the base prize from settings when no allocation is won', async () => {
    await t.db.query(`INSERT INTO setting (key, value) VALUES ('base_prize_preregistration', '3500') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    t.app.get(SettingService).invalidate();
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 50000, probability: 0 });
    const created = await post('/enquiry', await enquiryBody(t.db));
    const code = await codeOf(t.db, created.body.data.slug);
    const res = await post(`/enquiry/${created.body.data.slug}/verify`, { code });
    expect(res.body.data).toMatchObject({ is_verified: true, prize: 3500 });
    await t.db.query(`DELETE FROM setting WHERE key = 'base_prize_preregistration'`);
    t.app.get(SettingService).invalidate();
  });

  it('never puts the code, the address or the citizenship number in a public answer', async () => {
    const body = await enquiryBody(t.db, { address: 'Teku 12 Kathmandu', email: 'RAM@Example.com' });
    const created = await post('/enquiry', body);
    const slug = created.body.data.slug;
    const code = (await codeOf(t.db, slug))!;
    const answers = [created, await t.http().get(`/api/v1/enquiry/${slug}`), await post(`/enquiry/${slug}/verify`, { code: wrongCode(code) })];
    for (const a of answers) {
      const text = JSON.stringify(a.body);
      for (const secret of [code, body.citizenship_no as string, 'Teku', body.phone as string, 'ram@example.com']) expect(text).not.toContain(secret);
    }
    expect(Object.keys(answers[1].body.data).sort()).toEqual(['draw_fingerprint', 'draw_id', 'is_verified', 'name', 'phone', 'prize', 'share_code', 'slug']);
    expect((await t.http().get('/api/v1/enquiry/not-a-real-slug-000')).status).toBe(404);
  });

  it('answers 422 under each bad field and stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM preregistration`))[0].n;
    const empty = await post('/enquiry', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['The name field is required.'],
      phone: ['The phone field is required.'],
      bike_model_id: ['The bike model field is required.'],
      source: ['The source field is required.'],
      nearest_branch_id: ['The nearest branch field is required.'],
    });
    const bad = await post(
      '/enquiry',
      await enquiryBody(t.db, {
        name: '<script>alert(1)</script>',
        phone: '01-4251234',
        email: 'not-an-email',
        citizenship_no: '12-34/56',
        source: 'BILLBOARD',
        bike_model_id: 999999,
        nearest_branch_id: 'abc',
        address: 'Teku; DROP TABLE',
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ['The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
      phone: ['The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'],
      email: ['The email must be a valid email address.'],
      citizenship_no: ['The citizenship no may only contain digits.'],
      source: ['The selected source is invalid.'],
      nearest_branch_id: ['The selected nearest branch is invalid.'],
      address: [ADDRESS_MESSAGE],
    });
    const missingModel = await post('/enquiry', await enquiryBody(t.db, { bike_model_id: 999999 }));
    expect(missingModel.body.errors).toEqual({ bike_model_id: ['The selected bike model is invalid.'] });
    const unknown = await post('/enquiry', await enquiryBody(t.db, { is_verified: true, prize: 100000, branch_id: 1 }));
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors).sort()).toEqual(['branch_id', 'is_verified', 'prize']);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM preregistration`))[0].n).toBe(before);
  });

  it('does not tell the public whose phone or citizenship number is already registered', async () => {
    const first = await enquiryBody(t.db, { name: 'First Person' });
    const created = await post('/enquiry', first);
    await passResendWait(t.db, first.phone as string, 'otp');
    // Both answer as a new enquiry does (issue #32: a pending claim, a held record; security-duplicates.e2e-spec.ts).
    const samePhone = await post('/enquiry', await enquiryBody(t.db, { phone: first.phone, name: 'Someone Else' }));
    expect(samePhone.status).toBe(200);
    expect(samePhone.body).toEqual({
      data: { slug: expect.stringMatching(/^[\w-]{16}$/), name: 'Someone Else', phone: expect.any(String), is_verified: false, prize: null, draw_id: null, draw_fingerprint: null, share_code: null },
      message: `Thank you for registering. We have sent a 6-digit code to ${samePhone.body.data.phone}.`,
    });
    const sameCitizenship = await post('/enquiry', await enquiryBody(t.db, { citizenship_no: first.citizenship_no }));
    expect(sameCitizenship.status).toBe(200);
    expect(Object.keys(sameCitizenship.body.data).sort()).toEqual(Object.keys(created.body.data).sort());
    for (const r of [samePhone, sameCitizenship]) {
      expect(JSON.stringify(r.body)).not.toContain(created.body.data.slug);
      expect(JSON.stringify(r.body)).not.toContain('First Person');
    }
  });

  it('stores a screenshot image and refuses a file that is not one', async () => {
    const body = await enquiryBody(t.db);
    const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
    for (const [k, v] of Object.entries(body)) req.field(k, String(v));
    const ok = await req.attach('screenshot', await pngBuffer(), 'share.png');
    expect(ok.status).toBe(200);
    const [row] = await t.db.query(`SELECT f.type, f.mime FROM preregistration p JOIN file f ON f.id = p.screenshot_id WHERE p.slug = $1`, [ok.body.data.slug]);
    expect(row).toEqual({ type: 'image', mime: expect.stringMatching(/^image\//) });

    const body2 = await enquiryBody(t.db);
    const req2 = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
    for (const [k, v] of Object.entries(body2)) req2.field(k, String(v));
    const refused = await req2.attach('screenshot', Buffer.from('%PDF-1.4 not an image'), 'share.png');
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['screenshot']);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE phone = $1`, [body2.phone]))[0].n).toBe(0);
  });

  it('needs a new code after 5 wrong tries, and refuses an expired code', async () => {
    const created = await post('/enquiry', await enquiryBody(t.db));
    const slug = created.body.data.slug;
    const code = (await codeOf(t.db, slug))!;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(`/enquiry/${slug}/verify`, { code: wrongCode(code) }));
    expect(answers.slice(0, 4).map((a) => a.body.errors.code[0])).toEqual(Array(4).fill('The code is incorrect.'));
    expect(answers[4].status).toBe(422);
    expect(answers[4].body.errors.code).toEqual([expect.stringMatching(/^Too many incorrect codes\. Please request a new code\. For help, call \S+/)]);
    // Even the right code is refused now.
    const locked = await post(`/enquiry/${slug}/verify`, { code });
    expect(locked.status).toBe(422);
    expect(locked.body.errors.code[0]).toMatch(/^Too many incorrect codes\. Please request a new code\./);

    // A new code (after the 60 s wait) resets the tries; the old code is dead.
    const early = await post(`/enquiry/${slug}/resend`);
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    await passResendWait(t.db, (await t.db.query(`SELECT phone FROM preregistration WHERE slug = $1`, [slug]))[0].phone, 'otp');
    const resent = await post(`/enquiry/${slug}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: 'A new code has been sent to ' + created.body.data.phone + '.' });
    const fresh = (await codeOf(t.db, slug))!;
    expect((await t.db.query(`SELECT code_attempts FROM preregistration WHERE slug = $1`, [slug]))[0].code_attempts).toBe(0);
    if (fresh !== code) expect((await post(`/enquiry/${slug}/verify`, { code })).body.errors.code).toEqual(['The code is incorrect.']);

    // Expiry: 10 minutes, moved by SQL.
    await t.db.query(`UPDATE preregistration SET code_expires_at = now() - interval '1 second' WHERE slug = $1`, [slug]);
    const expired = await post(`/enquiry/${slug}/verify`, { code: fresh });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.code).toEqual(['The code has expired. Please request a new code.']);
    expect((await t.http().get(`/api/v1/enquiry/${slug}`)).body.data.is_verified).toBe(false);
  });

  it('sends at most one code a minute and 5 codes a Nepal day to one phone', async () => {
    const created = await post('/enquiry', await enquiryBody(t.db));
    const slug = created.body.data.slug;
    const [{ phone }] = await t.db.query(`SELECT phone FROM preregistration WHERE slug = $1`, [slug]);
    for (let i = 2; i <= 5; i++) {
      expect((await post(`/enquiry/${slug}/resend`)).status).toBe(429);
      await passResendWait(t.db, phone, 'otp');
      expect((await post(`/enquiry/${slug}/resend`)).status).toBe(200);
    }
    await passResendWait(t.db, phone, 'otp');
    const sixth = await post(`/enquiry/${slug}/resend`);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: 'This phone has received 5 codes today. Please try again tomorrow.' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'otp'`, [phone]))[0].n).toBe(5);
  });

  it('limits public writes per address', async () => {
    const ip = nextIp();
    const created = await post('/enquiry', await enquiryBody(t.db));
    const codes = [];
    const limit = PUBLIC_LIMITS.verify.short.limit;
    for (let i = 0; i <= limit; i++) codes.push((await t.http().post(`/api/v1/enquiry/${created.body.data.slug}/verify`).set('X-Forwarded-For', ip).send({ code: '000001' })).status);
    expect(codes.slice(0, limit).every((s) => s === 422)).toBe(true);
    expect(codes[limit]).toBe(429);
  });
});

async function waitForStatus(t: TestApp, sql: string, status: string, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.db.query(sql);
    if (rows.length && rows.every((r: { status: string }) => r.status === status)) return;
    if (Date.now() > deadline) throw new Error(`outbox rows not ${status}: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
