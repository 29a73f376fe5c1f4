import { allocate, CAMPAIGN_ENV, clearScheme, enquiryBody, nextIp, uniquePhone, wrongCode } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';
import { passResendWait } from './harness/nepal-day';

const SENT = { message: 'If this number is registered, a code is on its way.' };
const INCORRECT = { message: 'The code is incorrect.', errors: { code: ['The code is incorrect.'] } };

/**
 * The visitor's way back (POST /enquiry/return, /enquiry/return/verify): phone, then phone +
 * code. Nothing tells whether a phone is registered before a right code; a right code opens
 * the record (verifies and draws, or shows the prize again once verified).
 */
describe('the visitor returns with phone + code (/api/v1/enquiry/return)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false', PUBLIC_URL: 'https://campaign.example.com/' } });
    await clearScheme(t.db);
  });
  afterAll(() => t.close());

  const post = (path: string, body: object = {}) => t.http().post(`/api/v1${path}`).set('X-Forwarded-For', nextIp()).send(body);
  /** The code texts the phone got, oldest first (what the SMS gateway would carry). */
  const codeTexts = async (phone: string): Promise<string[]> =>
    (await t.db.query(`SELECT text FROM sms_outbox WHERE phone = $1 AND kind = 'otp' ORDER BY id`, [phone])).map(
      (r: { text: string }) => r.text,
    );
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1];
  /** Lets the next code request through: the minute since the last code has passed. */
  const aMinuteLater = async (phone: string) => {
    await passResendWait(t.db, phone, 'otp');
    await t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key = $1`, [`return-send:60:${phone}`]);
  };
  async function register(): Promise<{ slug: string; phone: string }> {
    const body = await enquiryBody(t.db);
    const res = await post('/enquiry', body);
    expect(res.status).toBe(200);
    return { slug: res.body.data.slug, phone: body.phone as string };
  }

  it('the code SMS links to the record’s verify page', async () => {
    const { slug, phone } = await register();
    const [text] = await codeTexts(phone);
    expect(text).toMatch(/verification code is \d{6}\./);
    expect(text).toContain(`Enter it at https://campaign.example.com/enquiry/${slug}/verify`);
  });

  it('answers the same whether or not the phone is registered, and sends a fresh code only to a registered one', async () => {
    const { slug, phone } = await register();
    const stranger = uniquePhone();
    await aMinuteLater(phone);

    const registered = await post('/enquiry/return', { phone });
    const unregistered = await post('/enquiry/return', { phone: stranger });
    expect([registered.status, unregistered.status]).toEqual([200, 200]);
    expect(registered.body).toEqual(SENT);
    expect(unregistered.body).toEqual(SENT);
    expect(JSON.stringify(registered.body)).not.toContain(slug);

    const texts = await codeTexts(phone);
    expect(texts).toHaveLength(2);
    expect(codeIn(texts[1])).not.toBe(codeIn(texts[0]));
    expect(texts[1]).toContain(`/enquiry/${slug}/verify`);
    expect(await codeTexts(stranger)).toEqual([]);

    // A second request within the minute: the same 429 for both.
    const again = await post('/enquiry/return', { phone });
    const againStranger = await post('/enquiry/return', { phone: stranger });
    expect([again.status, againStranger.status]).toEqual([429, 429]);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(againStranger.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await codeTexts(phone)).toHaveLength(2);
  });

  it('within the code rules: right after the enquiry’s code, nothing more is sent, and the answer is the same', async () => {
    const { phone } = await register();
    const res = await post('/enquiry/return', { phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);
    expect(await codeTexts(phone)).toHaveLength(1);
  });

  it('refuses a malformed phone under the field', async () => {
    const res = await post('/enquiry/return', { phone: '12345' });
    expect(res.status).toBe(422);
    expect(res.body.errors.phone).toEqual(['The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).']);
    const missing = await post('/enquiry/return/verify', { phone: uniquePhone() });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.code).toEqual(['The code is required.']);
  });

  it('a wrong code answers the same for a registered and an unregistered phone, and 5 of them end the code', async () => {
    const { slug, phone } = await register();
    const stranger = uniquePhone();
    const [text] = await codeTexts(phone);
    const code = codeIn(text);
    for (let i = 1; i <= 4; i++) {
      const a = await post('/enquiry/return/verify', { phone, code: wrongCode(code) });
      const b = await post('/enquiry/return/verify', { phone: stranger, code: wrongCode(code) });
      expect([a.status, b.status]).toEqual([422, 422]);
      expect(a.body).toEqual(INCORRECT);
      expect(b.body).toEqual(INCORRECT);
    }
    const fifth = await post('/enquiry/return/verify', { phone, code: wrongCode(code) });
    const fifthStranger = await post('/enquiry/return/verify', { phone: stranger, code: wrongCode(code) });
    const exhausted = {
      message: 'Too many incorrect codes. Please request a new code.',
      errors: { code: ['Too many incorrect codes. Please request a new code.'] },
    };
    expect(fifth.body).toEqual(exhausted);
    expect(fifthStranger.body).toEqual(exhausted);
    // Even the right code now waits for a new one.
    const right = await post('/enquiry/return/verify', { phone, code });
    expect(right.status).toBe(422);
    expect(right.body).toEqual(exhausted);
    const [row] = await t.db.query(`SELECT is_verified, prize FROM preregistration WHERE slug = $1`, [slug]);
    expect(row).toEqual({ is_verified: false, prize: null });

    // A new code opens it again.
    await aMinuteLater(phone);
    expect((await post('/enquiry/return', { phone })).body).toEqual(SENT);
    const fresh = codeIn((await codeTexts(phone)).at(-1)!);
    const ok = await post('/enquiry/return/verify', { phone, code: fresh });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ slug, is_verified: true });
  });

  it('the right code verifies and draws; a verified visitor who comes back sees the same prize', async () => {
    await allocate(t.db, { type: 'preregistration_public', count: 1, amount: 7000, probability: 100 });
    const { slug, phone } = await register();
    await aMinuteLater(phone);
    await post('/enquiry/return', { phone });
    const code = codeIn((await codeTexts(phone)).at(-1)!);

    const first = await post('/enquiry/return/verify', { phone: `+977 ${phone}`, code });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: { slug, name: 'Ram Bahadur Thapa', phone: `${phone.slice(0, 2)}******${phone.slice(-2)}`, is_verified: true, prize: 7000, draw_id: expect.any(String), draw_fingerprint: expect.stringMatching(/^[0-9a-f]{20}$/), share_code: expect.stringMatching(/^[0-9a-f]{16}$/) },
      message: 'Your phone number is verified. Congratulations!',
    });
    // The code is spent.
    const reused = await post('/enquiry/return/verify', { phone, code });
    expect(reused.body).toEqual(INCORRECT);

    // Later: the verified visitor asks for a code again and comes back to the same prize.
    await aMinuteLater(phone);
    expect((await post('/enquiry/return', { phone })).body).toEqual(SENT);
    const again = codeIn((await codeTexts(phone)).at(-1)!);
    const back = await post('/enquiry/return/verify', { phone, code: again });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({
      data: { slug, name: 'Ram Bahadur Thapa', phone: expect.any(String), is_verified: true, prize: 7000, draw_id: first.body.data.draw_id, draw_fingerprint: first.body.data.draw_fingerprint, share_code: first.body.data.share_code },
      message: 'Your phone number is already verified.',
    });
    const draws = await t.db.query(
      `SELECT count(*)::int AS n FROM draw WHERE record_id = (SELECT id FROM preregistration WHERE slug = $1) AND kind = 'preregistration'`,
      [slug],
    );
    expect(draws[0].n).toBe(1);
  });
});
