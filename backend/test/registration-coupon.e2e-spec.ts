import { toDevanagariDigits } from '@campaign/domain';
import { bikeModelId, branchIds, makePreregistration, registrationBody } from './factories/purchase';
import { SettingService } from '../src/modules/setting/setting.service';
import { startTestApp, TestApp } from './harness/test-app';
import { awayFromMidnight, passResendWait } from './harness/nepal-day';

/** The purchase coupon code: sent at purchase, confirmed by staff at key hand-over, resent on demand. */
describe('registration coupon code (/verify, /reset, /notify)', () => {
  // Counts a Nepal day's codes: not across Nepal's midnight (waits when run just before or after it).
  beforeAll(() => awayFromMidnight(), 240_000);
  let t: TestApp;
  let staff: string;
  let A: number;
  let model: number;

  beforeAll(async () => {
    t = await startTestApp();
    [A] = await branchIds(t.db);
    model = await bikeModelId(t.db);
    staff = `Bearer ${await t.token('staff@example.com')}`;
    await t.db.query(
      `INSERT INTO setting (key, value) VALUES ('sms_template_coupon', to_jsonb($1::text)) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      ['Hi {name}: Rs. {coupon} off, code {code}, total Rs. {total}.'],
    );
    // Written behind the service's back: its cached values (read at start) are let go.
    t.app.get(SettingService).invalidate();
  });
  afterAll(() => t.close());

  async function sale(over: Record<string, unknown> = {}) {
    const pre = await makePreregistration(t.db, { branchId: A });
    const res = await t
      .http()
      .post('/api/v1/registration')
      .set('Authorization', staff)
      .send(registrationBody(pre, model, over));
    expect(res.status).toBe(200);
    const slug: string = res.body.data.slug;
    const code = async (): Promise<string> =>
      (await t.db.query(`SELECT coupon_code FROM registration WHERE slug = $1`, [slug]))[0].coupon_code;
    const outbox = async () =>
      (await t.db.query(`SELECT text FROM sms_outbox WHERE phone = $1 AND kind = 'coupon' ORDER BY id`, [pre.phone])).map(
        (r: { text: string }) => r.text,
      );
    /** Moves the last send back in time, past the 60 s wait. */
    // The 60 s between codes, passed without waiting: the phone's coupon messages move 61 s back.
    const age = () => passResendWait(t.db, pre.phone, 'coupon');
    return { slug, pre, code, outbox, age };
  }
  const post = (slug: string, action: string, body?: object) =>
    t
      .http()
      .post(`/api/v1/registration/${slug}/${action}`)
      .set('Authorization', staff)
      .send(body ?? {});

  it('confirms the right code once; a wrong one is a 422 and counts a try', async () => {
    const s = await sale();
    const wrong = await post(s.slug, 'verify', { code: (Number(await s.code()) + 1).toString().padStart(6, '0').slice(-6) });
    expect(wrong.status).toBe(422);
    // The one code lifecycle's wording (the admin screen shows 'Incorrect Code. Please Try again' for it).
    expect(wrong.body).toEqual({ message: 'The code is incorrect.', errors: { code: ['The code is incorrect.'] } });
    expect((await t.db.query(`SELECT coupon_attempts FROM registration WHERE slug = $1`, [s.slug]))[0].coupon_attempts).toBe(1);

    const right = await post(s.slug, 'verify', { code: await s.code() });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe('Coupon code verified.');
    expect(right.body.data.coupon).toMatchObject({ amount: 1500, verified: true });
    // Asking again is harmless; sending a new code after hand-over is refused.
    expect((await post(s.slug, 'verify', { code: await s.code() })).status).toBe(200);
    const reset = await post(s.slug, 'reset');
    expect(reset.status).toBe(422);
    expect(reset.body.errors.code).toEqual(['The coupon has already been verified.']);
  });

  it('confirms the code typed in Nepali digits, as the customer reads it out from a Nepali SMS', async () => {
    const s = await sale();
    const right = await post(s.slug, 'verify', { code: toDevanagariDigits(await s.code()) });
    expect(right.status).toBe(200);
    expect(right.body.data.coupon).toMatchObject({ verified: true });
  });

  it('needs a new code after 5 wrong tries, then accepts the new one', async () => {
    const s = await sale();
    const original = await s.code();
    const wrongCode = original === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post(s.slug, 'verify', { code: wrongCode })).status).toBe(422);
    const locked = await post(s.slug, 'verify', { code: original });
    expect(locked.status).toBe(422);
    expect(locked.body.errors.code[0]).toMatch(/^Too many incorrect codes\. Please request a new code\./);

    await s.age();
    const reset = await post(s.slug, 'reset');
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('A new code has been sent to the customer.');
    const fresh = await s.code();
    const texts = await s.outbox();
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(fresh);
    expect((await post(s.slug, 'verify', { code: fresh })).status).toBe(200);
  });

  it('waits 60 s between sends (429 with Retry-After) and resends the same code with notify', async () => {
    const s = await sale();
    const first = await s.code();
    const tooSoon = await post(s.slug, 'notify');
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooSoon.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(await s.outbox()).toHaveLength(1);

    await s.age();
    const notify = await post(s.slug, 'notify');
    expect(notify.status).toBe(200);
    expect(notify.body.message).toBe('The coupon SMS has been sent again.');
    expect(await s.code()).toBe(first);
    const texts = await s.outbox();
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(first);
    expect((await post(s.slug, 'reset')).status).toBe(429);
  });

  it('sends at most 5 coupon codes a day per phone, the purchase’s own included', async () => {
    const s = await sale();
    for (let i = 0; i < 4; i++) {
      await s.age();
      expect((await post(s.slug, i % 2 ? 'notify' : 'reset')).status).toBe(200);
    }
    await s.age();
    const sixth = await post(s.slug, 'reset');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('This phone has received 5 codes today. Please try again tomorrow.');
    expect(await s.outbox()).toHaveLength(5);
  });

  it('sends no SMS at purchase when send_sms is off; notify sends it on demand', async () => {
    const s = await sale({ send_sms: false });
    expect(await s.outbox()).toEqual([]);
    const notify = await post(s.slug, 'notify');
    expect(notify.status).toBe(200);
    expect((await s.outbox())[0]).toContain(await s.code());
  });

  it('uses the coupon template from the settings', async () => {
    const s = await sale();
    const [text] = await s.outbox();
    expect(text).toBe(`Hi ${s.pre.name}: Rs. 1,500 off, code ${await s.code()}, total Rs. 4,500.`);
  });

  it('answers 422 for an empty code', async () => {
    const s = await sale();
    const res = await post(s.slug, 'verify', {});
    expect(res.status).toBe(422);
    expect(res.body.errors.code[0]).toBe('The code field is required.');
  });
});
