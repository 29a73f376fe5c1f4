import { toDevanagariDigits } from '@campaign/domain';
import { untrustedHashes } from '../src/common/auth/password';
import { STEP_UP_MESSAGES, UNTRUSTED_FAILURES } from '../src/modules/auth/auth.service';
import { uniquePhone, wrongCode } from './factories/campaign';
import { FakeProvider, RECAPTCHA_FAIL, RECAPTCHA_OK, SPARROW_OK, startFakeProvider } from './harness/fake-provider';
import { startTestApp, TestApp } from './harness/test-app';

jest.setTimeout(600_000);

type Answer = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };

/** The device cookie a sign-in's answer sets ('name=value'), if any. */
const deviceCookie = (res: Answer): string | undefined =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('signin_device_'));

/** POST /auth/login from `ip`, from the browser holding `cookie` when one is given. */
const signIn = async (t: TestApp, body: Record<string, unknown>, ip: string, cookie?: string): Promise<Answer> => {
  const req = t.http().post('/api/v1/auth/login').set('X-Forwarded-For', ip);
  if (cookie) req.set('Cookie', cookie);
  return req.send(body);
};

/**
 * Sign-in without lockout (issue 32, finding 2; docs/security.md "Sign-in without lockout"):
 * strangers failing sign-ins to the Super Admin from many IPv4 addresses and IPv6 /64s do not
 * stop the real user. From the browser that signed in before (its device cookie): at the first
 * try. From a fresh browser: with the password plus the code sent by SMS to the phone on file,
 * which makes that browser trusted. The gateway is Sparrow pointed at a local fake that records
 * every SMS. Each test prints what it measured.
 */
describe('sign-in without lockout', () => {
  let t: TestApp;
  let fake: FakeProvider;
  const report: string[] = [];
  const adminPhone = uniquePhone();
  const officePhone = uniquePhone();

  beforeAll(async () => {
    fake = await startFakeProvider({ 'POST /v2/sms/': { status: 200, body: SPARROW_OK } });
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback', SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 'test-token' } });
    // The phone on file the code goes to: one of this test's own (the demo accounts share a made-up series).
    await t.db.query(`UPDATE "user" SET phone = $2 WHERE email = $1`, ['admin@example.com', adminPhone]);
    await t.db.query(`UPDATE "user" SET phone = $2 WHERE email = $1`, ['office@example.com', officePhone]);
  });
  afterAll(async () => {
    console.log(`sign-in without lockout:\n  ${report.join('\n  ')}`);
    await t?.close();
    await fake?.close();
  });

  const login = (body: Record<string, unknown>, ip: string, cookie?: string) => signIn(t, body, ip, cookie);
  const signinSms = async (phone: string) => (await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND kind = 'signin'`, [phone]))[0].n as number;
  const smsTo = (phone: string) => fake.requestsTo('POST /v2/sms/').filter((r) => String((r.body as Record<string, string>).to).includes(phone));
  /** The code of the latest SMS the fake gateway received for `phone` (what the user reads on the phone). */
  const codeFromPhone = async (phone: string, count: number) => {
    const got = await fake.waitFor((r) => r.path === '/v2/sms/' && String((r.body as Record<string, string>).to).includes(phone), { count });
    const text = String((got[got.length - 1].body as Record<string, string>).text);
    return /\b(\d{6})\b/.exec(text)![1];
  };
  /** Strangers spend the account's budget for untrusted browsers: wrong passwords from distinct addresses. */
  const spendBudget = async (email: string, prefix: string) => {
    for (let i = 0; i < UNTRUSTED_FAILURES; i++) expect((await login({ email, password: `wrong-${i}` }, `${prefix}.${i + 1}`)).status).toBe(401);
  };

  it('strangers fail 160 sign-ins from 80 IPv4 addresses and 80 IPv6 /64s: the owner signs in at the first try from the browser used before, and no SMS goes out', async () => {
    const earlier = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.80.0.1');
    expect(earlier.status).toBe(200);
    const trusted = deviceCookie(earlier);
    expect(trusted).toMatch(/^signin_device_\d+=v1\./);
    // The cookie: HttpOnly, SameSite=Strict, sent only to the auth routes, kept 180 days (Secure in production).
    const setCookie = ([] as string[]).concat(earlier.headers['set-cookie'] as string[]).find((c) => c.startsWith('signin_device_'))!;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\/api\/v1\/auth(;|$)/);
    expect(setCookie).toMatch(/; Max-Age=15552000(;|$)/);

    const answers: Record<string, number> = {};
    const started = Date.now();
    for (let round = 0; round < 4; round++) {
      for (let a = 1; a <= 20; a++) {
        for (const ip of [`10.81.${round}.${a}`, `2001:db8:${a.toString(16)}:${round}::${a}`]) {
          const res = await login({ email: 'admin@example.com', password: `guess-${round}-${a}` }, ip);
          const key = `${res.status} ${res.body.step_up ?? ''} ${String(res.body.message).slice(0, 30)}`;
          answers[key] = (answers[key] ?? 0) + 1;
        }
      }
    }
    const strangersMs = Date.now() - started;
    // None was let in, none refused outright, none got a code sent: after the budget every answer is the SMS step's, the same as for a right password.
    expect(Object.keys(answers).every((k) => k.startsWith('401 '))).toBe(true);
    expect(answers[`401  Invalid Credentials`]).toBe(UNTRUSTED_FAILURES);
    expect(answers[`401 sms ${STEP_UP_MESSAGES.smsSent.slice(0, 30)}`]).toBe(160 - UNTRUSTED_FAILURES);
    expect(await signinSms(adminPhone)).toBe(0);

    // The owner, from the browser that signed in before, now at another address: at the first try.
    const ownerStarted = Date.now();
    const owner = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.80.0.2', trusted);
    const ownerMs = Date.now() - ownerStarted;
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({ email: 'admin@example.com', isAdmin: true });
    expect(deviceCookie(owner)).toBeDefined();
    // Still no SMS: the trusted browser needed no code.
    expect(await signinSms(adminPhone)).toBe(0);
    report.push(
      `160 strangers' failures from 80 IPv4 addresses and 80 IPv6 /64s in ${strangersMs} ms: ${JSON.stringify(answers)}; 0 SMS; the owner's trusted browser: 200 at the first try in ${ownerMs} ms`,
    );
  });

  it('a fresh browser gets the SMS step: the code is sent once, only after the right password, and signing in with it sets the device cookie', async () => {
    // The budget is spent (the strangers above); a stranger's wrong password and the owner's right one read the same.
    const stranger = await login({ email: 'admin@example.com', password: 'not-it' }, '10.82.0.1');
    const fresh = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.82.0.2');
    expect(fresh.status).toBe(401);
    expect(fresh.body).toEqual({ message: STEP_UP_MESSAGES.smsSent, step_up: 'sms' });
    expect(stranger.status).toBe(fresh.status);
    expect(stranger.body).toEqual(fresh.body);
    expect(deviceCookie(fresh)).toBeUndefined();
    const code = await codeFromPhone(adminPhone, 1);
    expect(await signinSms(adminPhone)).toBe(1);

    // Within the minute: the same answer, no second SMS (the first code stays valid).
    const again = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.82.0.3');
    expect(again.body).toEqual(fresh.body);
    expect(await signinSms(adminPhone)).toBe(1);

    // A wrong code, or the right code with a wrong password: refused alike, and the code is not spent by the stranger.
    const wrongCodeAnswer = await login({ email: 'admin@example.com', password: 'Admin@2082', code: wrongCode(code) }, '10.82.0.2');
    expect(wrongCodeAnswer.status).toBe(401);
    expect(wrongCodeAnswer.body).toEqual({ message: STEP_UP_MESSAGES.codeWrong, step_up: 'sms' });
    const wrongPassword = await login({ email: 'admin@example.com', password: 'not-it', code }, '10.82.0.4');
    expect(wrongPassword.body).toEqual(wrongCodeAnswer.body);

    // Password and code (typed on a Nepali keyboard, with a space): signed in, and the browser is trusted from now on.
    const signedIn = await login({ email: 'admin@example.com', password: 'Admin@2082', code: toDevanagariDigits(`${code.slice(0, 3)} ${code.slice(3)}`) }, '10.82.0.2');
    expect(signedIn.status).toBe(200);
    expect(typeof signedIn.body.access_token).toBe('string');
    const cookie = deviceCookie(signedIn);
    expect(cookie).toBeDefined();
    expect((await t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${signedIn.body.access_token}`)).status).toBe(200);
    const next = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.82.0.5', cookie);
    expect(next.status).toBe(200);

    // The code was used up: another fresh browser cannot reuse it.
    const reused = await login({ email: 'admin@example.com', password: 'Admin@2082', code }, '10.82.0.6');
    expect(reused.body).toEqual({ message: STEP_UP_MESSAGES.codeWrong, step_up: 'sms' });
    expect(smsTo(adminPhone)).toHaveLength(1);
    report.push(`fresh browser: SMS step (1 SMS to the phone on file, none for the stranger's wrong password), code accepted, device cookie set, next sign-in 200 without a code`);
  });

  it('a code takes 5 tries at most, then a new one is sent (after the minute) for the right password only', async () => {
    await spendBudget('office@example.com', '10.83.0');
    const asked = await login({ email: 'office@example.com', password: 'Office@2082' }, '10.83.1.1');
    expect(asked.body.step_up).toBe('sms');
    const code = await codeFromPhone(officePhone, 1);
    const wrong = wrongCode(code);
    for (let i = 0; i < 5; i++) expect((await login({ email: 'office@example.com', password: 'Office@2082', code: wrong }, '10.83.1.1')).body.message).toBe(STEP_UP_MESSAGES.codeWrong);
    // Five wrong tries: the right code is dead too.
    expect((await login({ email: 'office@example.com', password: 'Office@2082', code }, '10.83.1.1')).status).toBe(401);
    // A minute later (moved back here), the right password alone sends a new code, which works.
    await t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key LIKE 'signin-code:60:%'`);
    expect((await login({ email: 'office@example.com', password: 'Office@2082' }, '10.83.1.1')).body.step_up).toBe('sms');
    const second = await codeFromPhone(officePhone, 2);
    expect(await signinSms(officePhone)).toBe(2);
    const ok = await login({ email: 'office@example.com', password: 'Office@2082', code: second }, '10.83.1.1');
    expect(ok.status).toBe(200);
    expect(deviceCookie(ok)).toBeDefined();
  });

  it('trusts only a valid device cookie of the same account, and a device cookie has its own budget', async () => {
    const admin = (await t.db.query(`SELECT id FROM "user" WHERE email = 'admin@example.com'`))[0].id as number;
    // The budget is still spent (first test). A staff member's own cookie, and an altered admin cookie, are no trusted browser for the admin.
    const staff = await login({ email: 'staff@example.com', password: 'Staff@2082' }, '10.84.0.1');
    const staffCookie = deviceCookie(staff)!;
    const own = (await freshTrusted())!;
    expect(own).toBeDefined();
    const [name, value] = own.split('=');
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const renamed = `signin_device_${admin}=${staffCookie.split('=')[1]}`;
    for (const cookie of [staffCookie, altered, renamed]) {
      const res = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.84.0.3', cookie);
      expect([cookie.slice(0, 20), res.status, res.body.step_up]).toEqual([cookie.slice(0, 20), 401, 'sms']);
    }
    // The valid one: 5 wrong passwords through it, then it counts as a fresh browser (the SMS step), not refused outright.
    for (let i = 0; i < 5; i++) expect((await login({ email: 'admin@example.com', password: `typo-${i}` }, '10.84.0.4', own)).body).toEqual({ message: 'Invalid Credentials' });
    const spent = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.84.0.4', own);
    expect(spent.status).toBe(401);
    expect(spent.body.step_up).toBe('sms');

    /** A trusted browser of the admin, signed in with the code when the step is asked for. */
    async function freshTrusted(): Promise<string | undefined> {
      await t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key LIKE 'signin-code:60:%'`);
      const before = smsTo(adminPhone).length;
      const first = await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.84.1.1');
      if (first.status === 200) return deviceCookie(first);
      const code = await codeFromPhone(adminPhone, before + 1);
      return deviceCookie(await login({ email: 'admin@example.com', password: 'Admin@2082', code }, '10.84.1.1'));
    }
  });

  it('counts a burst of parallel tries exactly: 30 at once get 10 password answers, the other 20 the SMS step', async () => {
    await t.db.query(`UPDATE "user" SET phone = $2 WHERE email = $1`, ['staff2@example.com', uniquePhone()]);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email: 'staff2@example.com', password: `burst-${i}` }, `10.89.0.${i + 1}`)));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(answers.filter((a) => a.body.step_up === undefined)).toHaveLength(UNTRUSTED_FAILURES);
    expect(answers.filter((a) => a.body.step_up === 'sms')).toHaveLength(30 - UNTRUSTED_FAILURES);
  });

  it('groups IPv6 addresses by /64 (and IPv4-mapped ones with their IPv4) in the per-address limit; the limit stays 30 a minute', async () => {
    const statuses = async (ips: string[]) => {
      const out: number[] = [];
      for (const ip of ips) out.push((await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', ip).send({})).status);
      return out;
    };
    // 31 addresses of one /64: one client, refused at the 31st.
    const oneNet = Array.from({ length: 31 }, (_, i) => `2001:db8:aaaa:1:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`);
    const same = await statuses(oneNet);
    expect(same.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(same[30]).toBe(429);
    // The next /64 is another client.
    expect(await statuses(['2001:db8:aaaa:2::1'])).toEqual([422]);
    const keys = (await t.db.query(`SELECT key, hits FROM rate_limit WHERE key LIKE 'ip:AuthController.login:short:2001:db8:aaaa:%' ORDER BY key`)) as Array<{ key: string; hits: number }>;
    expect(keys).toEqual([
      { key: 'ip:AuthController.login:short:2001:db8:aaaa:1::/64', hits: 31 },
      { key: 'ip:AuthController.login:short:2001:db8:aaaa:2::/64', hits: 1 },
    ]);
    // An IPv4 client and its IPv4-mapped IPv6 spelling share one count.
    const mixed = await statuses([...Array.from({ length: 15 }, () => '10.85.0.1'), ...Array.from({ length: 16 }, () => '::ffff:10.85.0.1')]);
    expect(mixed.filter((s) => s === 429)).toEqual([429]);
    expect(mixed[30]).toBe(429);
    report.push(`per-address limit: 31 addresses of one /64 -> 429 at the 31st; the next /64 422; 15 x 10.85.0.1 + 16 x ::ffff:10.85.0.1 -> 429 at the 31st`);
  });

  /** The head-office user's browser made trusted: signed in with the password, and the SMS code when the account asks for it. */
  const trustedOfficeBrowser = async (ip: string) => {
    await t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key LIKE 'signin-code:60:%'`);
    const before = smsTo(officePhone).length;
    const first = await login({ email: 'office@example.com', password: 'Office@2082' }, ip);
    const cookie =
      first.status === 200
        ? deviceCookie(first)
        : deviceCookie(await login({ email: 'office@example.com', password: 'Office@2082', code: await codeFromPhone(officePhone, before + 1) }, ip));
    expect(cookie).toBeDefined();
    return cookie!;
  };

  it('a trusted browser behind a busy shared address is counted by its device, not the address', async () => {
    // Strangers behind one carrier address use up its sign-in limit.
    for (let i = 0; i < 30; i++) await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', '10.86.0.1').send({});
    expect((await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', '10.86.0.1').send({})).status).toBe(429);
    // The owner's trusted browser behind the same address signs in.
    const cookie = await trustedOfficeBrowser('10.87.0.1');
    const owner = await login({ email: 'office@example.com', password: 'Office@2082' }, '10.86.0.1', cookie);
    expect(owner.status).toBe(200);
  });

  it("strangers' password hashes wait in one line: the owner's trusted browser signs in while the line is held, an untrusted try waits its turn", async () => {
    const cookie = await trustedOfficeBrowser('10.88.0.1');
    // The line is busy (as with strangers' hashes one after another): held until released.
    let release!: () => void;
    const holding = untrustedHashes.run('held by the test', () => new Promise<void>((r) => (release = r)));
    let stranger: Promise<Answer> | undefined;
    try {
      let answered = false;
      stranger = login({ email: 'office@example.com', password: 'not-the-password' }, '10.88.0.2').then((r) => {
        answered = true;
        return r;
      });
      const started = Date.now();
      while (untrustedHashes.waiting < 1 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 10));
      expect(untrustedHashes.waiting).toBe(1);
      const owner = await login({ email: 'office@example.com', password: 'Office@2082' }, '10.88.0.3', cookie);
      expect(owner.status).toBe(200);
      expect(answered).toBe(false);
    } finally {
      release();
    }
    await holding;
    expect((await stranger!).status).toBe(401);
    report.push(`hash line: the owner's trusted browser signed in while the untrusted line was held; the stranger's try answered 401 once released`);
  });
});

/**
 * An account with no phone on file, when a captcha is configured: once the budget is spent, a
 * fresh browser signs in with the password plus the captcha (checked before the password).
 */
describe('sign-in without lockout: the captcha step (no phone on file)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({ 'POST /recaptcha/api/siteverify': { status: 200, body: RECAPTCHA_OK } });
    t = await startTestApp({
      env: { TRUST_PROXY: 'loopback', RECAPTCHA_SECRET: 'server-secret', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_VERIFY_URL: `${fake.url}/recaptcha/api/siteverify` },
    });
    // No phone on file (the demo accounts have one).
    await t.db.query(`UPDATE "user" SET phone = NULL WHERE email = 'manager@example.com'`);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const login = (body: Record<string, unknown>, ip: string, cookie?: string) => signIn(t, body, ip, cookie);

  it('asks for the captcha once the budget is spent, signs in with it, and never asks the trusted browser', async () => {
    const earlier = await login({ email: 'manager@example.com', password: 'Manager@2082' }, '10.88.0.1');
    const trusted = deviceCookie(earlier)!;
    for (let i = 0; i < UNTRUSTED_FAILURES - 1; i++) expect((await login({ email: 'manager@example.com', password: `wrong-${i}` }, `10.88.1.${i + 1}`)).body).toEqual({ message: 'Invalid Credentials' });
    // The failure that spends the budget already says the next try needs the captcha.
    expect((await login({ email: 'manager@example.com', password: 'wrong-last' }, '10.88.1.99')).body).toEqual({ message: 'Invalid Credentials', step_up: 'captcha' });

    const noCaptcha = await login({ email: 'manager@example.com', password: 'Manager@2082' }, '10.88.2.1');
    expect(noCaptcha.status).toBe(401);
    expect(noCaptcha.body).toEqual({ message: STEP_UP_MESSAGES.captcha, step_up: 'captcha' });
    fake.answer('POST /recaptcha/api/siteverify', { status: 200, body: RECAPTCHA_FAIL });
    expect((await login({ email: 'manager@example.com', password: 'Manager@2082', 'g-recaptcha-response': 'forged' }, '10.88.2.1')).body.step_up).toBe('captcha');
    fake.answer('POST /recaptcha/api/siteverify', { status: 200, body: RECAPTCHA_OK });
    const solved = await login({ email: 'manager@example.com', password: 'Manager@2082', 'g-recaptcha-response': 'solved' }, '10.88.2.1');
    expect(solved.status).toBe(200);
    expect(deviceCookie(solved)).toBeDefined();

    expect((await login({ email: 'manager@example.com', password: 'Manager@2082' }, '10.88.3.1', trusted)).status).toBe(200);
  });
});
