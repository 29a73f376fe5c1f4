import { createHmac, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { startTestApp, TestApp } from './harness/test-app';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/**
 * Sessions that end and tokens that prove who is calling, through the JwtStrategy: every
 * forged token below carries a complete, current payload (user, token version, id, expiry),
 * and the same payload signed properly is accepted, so only the named flaw refuses it.
 */
describe('sessions and tokens (JwtStrategy)', () => {
  let t: TestApp;
  let secret: string;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    secret = (t.app.get(JwtService) as unknown as { options: { secret: string } }).options.secret;
    adminId = (await t.db.query(`SELECT id FROM "user" WHERE email = 'admin@example.com'`))[0].id;
  });
  afterAll(() => t.close());

  let ip = 0;
  const login = async (email: string, password: string) => {
    const res = await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', `10.9.0.${++ip}`).send({ email, password });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const me = (authorization: string) => t.http().post('/api/v1/auth/me').set('Authorization', authorization);
  const current = async () => ({
    sub: adminId,
    tv: (await t.db.query(`SELECT token_version FROM "user" WHERE id = $1`, [adminId]))[0].token_version,
    jti: randomUUID(),
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts the complete payload signed with the key (the control for the cases below)', async () => {
    const token = new JwtService({ secret }).sign({ ...(await current()), exp: now() + 600 });
    expect((await me(`Bearer ${token}`)).status).toBe(200);
  });

  it('refuses the same payload signed with another secret', async () => {
    const token = new JwtService({ secret: 'another-secret-another-secret-another!' }).sign({ ...(await current()), exp: now() + 600 });
    const res = await me(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses the same payload with alg none, unsigned or signed', async () => {
    const body = b64({ ...(await current()), exp: now() + 600 });
    const head = b64({ alg: 'none', typ: 'JWT' });
    for (const token of [
      `${head}.${body}.`,
      `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`,
    ]) {
      const res = await me(`Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('refuses a well-signed token without exp (it would never end)', async () => {
    const token = new JwtService({ secret }).sign(await current());
    expect(new JwtService().decode(token)).not.toHaveProperty('exp');
    const res = await me(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('matches the Bearer scheme case-insensitively', async () => {
    const token = await login('office@example.com', 'Office@2082');
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await me(`${scheme} ${token}`);
      expect([scheme, res.status, res.body.user?.email]).toEqual([scheme, 200, 'office@example.com']);
    }
    for (const other of [`Basic ${token}`, `Token ${token}`, token]) expect((await me(other)).status).toBe(401);
  });

  it('logout revokes that token at once, everywhere; the same user’s other sessions go on', async () => {
    const phone = await login('manager@example.com', 'Manager@2082');
    const laptop = await login('manager@example.com', 'Manager@2082');
    expect((await t.http().get('/api/v1/preregistration').set('Authorization', `Bearer ${phone}`)).status).toBe(200);
    const out = await t.http().post('/api/v1/auth/logout').set('Authorization', `bearer ${phone}`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out.' });
    const after = await me(`Bearer ${phone}`);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Unauthenticated.' });
    expect((await t.http().get('/api/v1/preregistration').set('Authorization', `Bearer ${phone}`)).status).toBe(401);
    expect((await t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${phone}`)).status).toBe(401);
    expect((await me(`Bearer ${laptop}`)).status).toBe(200);
    // The denylist holds the token's id until the token would have expired.
    const { jti, exp } = new JwtService().decode(phone) as { jti: string; exp: number };
    const rows = await t.db.query(`SELECT extract(epoch FROM expires_at)::int AS exp FROM revoked_token WHERE jti = $1`, [jti]);
    expect(rows).toEqual([{ exp }]);
  });

  it('prunes denylist entries whose tokens have expired anyway', async () => {
    const stale = randomUUID();
    await t.db.query(`INSERT INTO revoked_token (jti, expires_at) VALUES ($1, now() - interval '1 minute')`, [stale]);
    const token = await login('staff2@example.com', 'Staff@2082');
    expect((await t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect(await t.db.query(`SELECT jti FROM revoked_token WHERE jti = $1`, [stale])).toEqual([]);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM revoked_token WHERE expires_at < now()`)).toEqual([{ n: 0 }]);
  });

  it('deleting a user bumps their token version, as a password change does', async () => {
    const admin = `Bearer ${await login('admin@example.com', 'Admin@2082')}`;
    const roleId = (await t.db.query(`SELECT id FROM role WHERE title = 'Head Office'`))[0].id;
    const made = await t.http().post('/api/v1/user').set('Authorization', admin).send({
      first_name: 'Leaving',
      last_name: 'Soon',
      email: 'leaving@example.com',
      password: 'Leaving@2082',
      password_confirmation: 'Leaving@2082',
      role_id: roleId,
    });
    expect(made.status).toBe(200);
    const token = await login('leaving@example.com', 'Leaving@2082');
    const version = async () =>
      (await t.db.query(`SELECT token_version FROM "user" WHERE slug = $1`, [made.body.data.slug]))[0].token_version;
    const before = await version();
    expect((await t.http().delete(`/api/v1/user/${made.body.data.slug}`).set('Authorization', admin)).status).toBe(200);
    expect(await version()).toBe(before + 1);
    expect((await me(`Bearer ${token}`)).status).toBe(401);
  });

  it('marks every signed-in answer and export Cache-Control: no-store, and leaves public answers cacheable', async () => {
    const staff = `Bearer ${await login('staff@example.com', 'Staff@2082')}`;
    for (const [method, path] of [
      ['post', '/api/v1/auth/me'],
      ['get', '/api/v1/preregistration'],
      ['get', '/api/v1/preregistration/download'],
      ['get', '/api/v1/registration/download'],
      ['get', '/api/v1/test-ride/download'],
      ['get', '/api/v1/stats'],
    ] as const) {
      const res = await t.http()[method](path).set('Authorization', staff);
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 200, 'no-store']);
    }
    const branches = await t.http().get('/api/v1/branches');
    expect(branches.status).toBe(200);
    expect(branches.headers['cache-control']).not.toBe('no-store');
  });
});

/**
 * The per-account delay is now only the fallback of the sign-in's second step (docs/security.md,
 * "Sign-in without lockout"; test/security-signin.e2e-spec.ts covers the SMS step): for an
 * account with no phone on file when no captcha is configured (the demo office account, its phone cleared), the
 * account's budget for untrusted browsers (10 failures an hour, from any address) is followed
 * by a delay, 30 s doubling up to 5 minutes, that refuses untrusted browsers only. A browser
 * that signed in to the account before (its device cookie) is never delayed by it.
 */
describe('login: per-account delay (the fallback: no phone on file, no captcha)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    // No phone on file (the demo accounts have one), and no captcha configured here.
    await t.db.query(`UPDATE "user" SET phone = NULL WHERE email = 'office@example.com'`);
  });
  afterAll(() => t.close());

  const login = (password: string, ip: string, cookie?: string) => {
    const req = t.http().post('/api/v1/auth/login').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ email: 'office@example.com', password });
  };
  const deviceCookie = (res: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('signin_device_'));

  it('30 wrong passwords from 6 addresses, then the right one from a 7th is still delayed, but not from the browser that signed in before; it signs in once the delay has passed', async () => {
    const earlier = await login('Office@2082', '10.50.0.100');
    expect(earlier.status).toBe(200);
    const trusted = deviceCookie(earlier);
    expect(trusted).toBeDefined();

    const answers: number[] = [];
    for (let a = 1; a <= 6; a++) for (let i = 0; i < 5; i++) answers.push((await login(`wrong-${a}-${i}`, `10.50.0.${a}`)).status);
    // 10 passwords compared (each 401), then the account waits: the other 20 are refused unread.
    expect(answers.filter((s) => s === 401)).toHaveLength(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(20);

    const right = await login('Office@2082', '10.50.0.7');
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ message: 'Too many login attempts. Please try again later.' });
    const wait = Number(right.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);

    // The browser that signed in before: at the first try, from wherever it is now.
    const owner = await login('Office@2082', '10.50.0.9', trusted);
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe('office@example.com');

    // The delay passes (its row expires): the real user signs in from a fresh address.
    await t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key = 'signin-delay:office@example.com'`);
    expect((await login('Office@2082', '10.50.0.8')).status).toBe(200);
  });

  it('grows with each failure past the free ones, and stops growing at 5 minutes', async () => {
    const expire = () => t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key = 'signin-delay:office@example.com'`);
    // A new hour: the budget's count starts again (a success does not clear it).
    await t.db.query(`DELETE FROM rate_limit WHERE key IN ('signin-untrusted:office@example.com', 'signin-delay:office@example.com')`);
    for (let i = 1; i <= 9; i++) expect((await login(`guess-${i}`, `10.51.0.${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 10; i <= 16; i++) {
      await expire();
      expect((await login(`guess-${i}`, `10.51.0.${i}`)).status).toBe(401);
      const next = await login('Office@2082', `10.52.0.${i}`);
      expect(next.status).toBe(429);
      waits.push(Number(next.headers['retry-after']));
    }
    expect(waits.map((w) => Math.ceil(w / 10) * 10)).toEqual([30, 60, 120, 240, 300, 300, 300]);
  });
});

/** What a production start serves: no API docs unless asked for, and a captcha switched off on purpose said on the dashboard. */
describe('production: API docs and CAPTCHA=off', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://campaign.example.com', SMS_PROVIDER: 'sparrow', SMS_WORKER: 'false', CAPTCHA: 'off' };

  it('serves no /api/docs, and tells the Super Admin (only) on the dashboard that the forms have no captcha', async () => {
    // Keys set too: CAPTCHA=off means off.
    const t = await startTestApp({ env: { ...production, RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site-key' } });
    try {
      expect((await t.http().get('/api/docs')).status).toBe(404);
      expect((await t.http().get('/api/docs-json')).status).toBe(404);
      const stats = async (email: string) =>
        (
          await t
            .http()
            .get('/api/v1/stats')
            .set('Authorization', `Bearer ${await t.token(email)}`)
        ).body.data;
      expect((await stats('admin@example.com')).captcha_off).toBe(true);
      expect(await stats('office@example.com')).not.toHaveProperty('captcha_off');
      expect(await stats('manager@example.com')).not.toHaveProperty('captcha_off');
      // The public forms' settings publish no site key: the form shows no captcha to solve.
      expect((await t.http().get('/api/v1/settings')).body.data.captcha_site_key).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('serves /api/docs in production with API_DOCS=on', async () => {
    const t = await startTestApp({ env: { ...production, API_DOCS: 'on' } });
    try {
      expect((await t.http().get('/api/docs-json')).status).toBe(200);
      expect((await t.http().get('/api/docs-json')).body.paths).toHaveProperty('/api/v1/auth/logout');
    } finally {
      await t.close();
    }
  });
});
