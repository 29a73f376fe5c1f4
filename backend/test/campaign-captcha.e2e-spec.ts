import { CaptchaService } from '../src/modules/captcha/captcha.service';
import { CAMPAIGN_ENV, enquiryBody, nextIp } from './factories/campaign';
import { FakeProvider, RECAPTCHA_FAIL, RECAPTCHA_OK, startFakeProvider } from './harness/fake-provider';
import { startTestApp, TestApp } from './harness/test-app';

/** reCAPTCHA v2 on POST /enquiry, checked by the server against the (fake) verify URL. */
describe('captcha on the public enquiry', () => {
  let fake: FakeProvider;
  let on: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    fake = await startFakeProvider();
    on = await startTestApp({ env: { ...CAMPAIGN_ENV, RECAPTCHA_SECRET: 'server-secret', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_VERIFY_URL: `${fake.url}/recaptcha/api/siteverify` } });
    off = await startTestApp({ env: { ...CAMPAIGN_ENV, RECAPTCHA_VERIFY_URL: `${fake.url}/recaptcha/api/siteverify` } });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const count = async (t: TestApp, phone: string) => (await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE phone = $1`, [phone]))[0].n;

  it('refuses a missing or rejected token with 422 under g-recaptcha-response, storing nothing', async () => {
    const body = await enquiryBody(on.db);
    const missing = await on.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send(body);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: 'Please complete the captcha.', errors: { 'g-recaptcha-response': ['Please complete the captcha.'] } });
    expect(fake.requests).toHaveLength(0);

    fake.answer('POST /recaptcha/api/siteverify', { body: RECAPTCHA_FAIL });
    const rejected = await on.http().post('/api/v1/enquiry').set('X-Forwarded-For', '10.9.9.9').send({ ...body, 'g-recaptcha-response': 'forged' });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors).toEqual({ 'g-recaptcha-response': ['The captcha is invalid or has expired. Please try again.'] });

    fake.answer('POST /recaptcha/api/siteverify', { status: 503, body: 'unavailable' });
    const down = await on.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send({ ...body, 'g-recaptcha-response': 'token' });
    expect(down.status).toBe(422);
    expect(down.body.errors).toEqual({ 'g-recaptcha-response': ['The captcha could not be checked. Please try again.'] });
    expect(await count(on, body.phone as string)).toBe(0);
    expect(await on.db.query(`SELECT count(*)::int AS n FROM sms_outbox`)).toEqual([{ n: 0 }]);
  });

  it('accepts a token the verify URL accepts, sending secret, response and the client address (multipart too)', async () => {
    fake.answer('POST /recaptcha/api/siteverify', { body: RECAPTCHA_OK });
    const body = await enquiryBody(on.db);
    const req = on.http().post('/api/v1/enquiry').set('X-Forwarded-For', '10.7.7.7');
    for (const [k, v] of Object.entries({ ...body, 'g-recaptcha-response': 'good-token' })) req.field(k, String(v));
    const res = await req;
    expect(res.status).toBe(200);
    expect(fake.requests.map((r) => r.body)).toEqual([{ secret: 'server-secret', response: 'good-token', remoteip: '10.7.7.7' }]);
    expect(await count(on, body.phone as string)).toBe(1);
    // The public settings offer the site key only when the server can check it.
    expect((await on.http().get('/api/v1/settings')).body.data.captcha_site_key).toBe('site-key');
  });

  it('is off without a secret: no token needed, the verify URL is never called', async () => {
    const body = await enquiryBody(off.db);
    const res = await off.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send(body);
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(0);
    expect(off.app.get(CaptchaService).enabled).toBe(false);
    expect(await off.app.get(CaptchaService).verify(undefined, '1.2.3.4')).toBe(true);
  });

  it('exports CaptchaService.verify(token, ip) for other public forms', async () => {
    const captcha = on.app.get(CaptchaService);
    fake.answer('POST /recaptcha/api/siteverify', { body: RECAPTCHA_OK });
    expect(await captcha.verify('t1', '1.2.3.4')).toBe(true);
    fake.answer('POST /recaptcha/api/siteverify', { body: RECAPTCHA_FAIL });
    expect(await captcha.verify('t2', '1.2.3.4')).toBe(false);
    expect(await captcha.verify('', '1.2.3.4')).toBe(false);
  });
  it('guards the way back too: POST /enquiry/return needs the captcha, then answers the same', async () => {
    const phone = (await enquiryBody(on.db)).phone as string;
    const missing = await on.http().post('/api/v1/enquiry/return').set('X-Forwarded-For', nextIp()).send({ phone });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'g-recaptcha-response': ['Please complete the captcha.'] });
    fake.answer('POST /recaptcha/api/siteverify', { body: RECAPTCHA_OK });
    const ok = await on.http().post('/api/v1/enquiry/return').set('X-Forwarded-For', nextIp()).send({ phone, 'g-recaptcha-response': 'good-token' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'If this number is registered, a code is on its way.' });
  });
});
