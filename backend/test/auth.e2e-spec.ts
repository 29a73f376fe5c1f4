import { createHmac } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { startTestApp, TestApp } from './harness/test-app';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('auth (POST /api/v1/auth/*)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const login = (body: object, ip = '10.0.0.1') => t.http().post('/api/v1/auth/login').set('X-Forwarded-For', ip).send(body);

  it('signs in with the right password and answers the user with role, branch and permissions', async () => {
    const res = await login({ email: 'staff@example.com', password: 'Staff@2082' });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toMatchObject({
      email: 'staff@example.com',
      name: 'Branch Staff',
      isAdmin: false,
      role: { title: 'Branch Staff' },
      branch: { title: 'Kathmandu Motors' },
    });
    expect(res.body.user.permissions).toEqual(['read-bike-model', 'read-registration', 'create-registration', 'create-preregistration']);
    expect(res.body.user).not.toHaveProperty('password');
  });

  it('marks head-office users as admins', async () => {
    const res = await login({ email: 'ADMIN@example.com', password: 'Admin@2082' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ isAdmin: true, branch_id: null, branch: null, role: { title: 'Super Admin' } });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrongPassword = await login({ email: 'admin@example.com', password: 'nope' }, '10.0.0.2');
    const wrongEmail = await login({ email: 'nobody@example.com', password: 'Admin@2082' }, '10.0.0.2');
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid Credentials' });
    expect(wrongEmail.body).toEqual({ message: 'Invalid Credentials' });
  });

  it('refuses with 429 after 5 failures for one email from one address, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login({ email: 'office@example.com', password: `bad${i}` }, '10.0.0.3')).status).toBe(401);
    const blocked = await login({ email: 'office@example.com', password: 'Office@2082' }, '10.0.0.3');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many login attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked.
    expect((await login({ email: 'office@example.com', password: 'Office@2082' }, '10.0.0.4')).status).toBe(200);
  });

  it('refuses unknown fields in the body', async () => {
    const res = await login({ email: 'admin@example.com', password: 'Admin@2082', isAdmin: true });
    expect(res.status).toBe(422);
    expect(res.body.errors.isAdmin[0]).toBe('The isAdmin field is not allowed.');
  });

  it('confirms a token with /me', async () => {
    const token = await t.token('admin@example.com');
    const res = await t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('admin@example.com');
  });

  it('issues 12-hour tokens, and 30-day tokens with remember_me', async () => {
    const jwt = new JwtService();
    const short = (await login({ email: 'admin@example.com', password: 'Admin@2082' }, '10.0.0.5')).body;
    const long = (await login({ email: 'admin@example.com', password: 'Admin@2082', remember_me: true }, '10.0.0.5')).body;
    const exp = (tok: string) => {
      const p = jwt.decode(tok) as { exp: number; iat: number };
      return p.exp - p.iat;
    };
    expect(exp(short.access_token)).toBe(12 * 3600);
    expect(exp(long.access_token)).toBe(30 * 24 * 3600);
  });

  describe('rejects with 401', () => {
    const me = (token: string) => t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
    const userId = async () => (await t.db.query(`SELECT id FROM "user" WHERE email = 'admin@example.com'`))[0].id;

    it('no token', async () => {
      const res = await t.http().post('/api/v1/auth/me');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    });

    it('an expired token', async () => {
      const secret = (t.app.get(JwtService) as unknown as { options: { secret: string } }).options.secret;
      const token = new JwtService({ secret }).sign({ sub: await userId(), tv: 0, exp: Math.floor(Date.now() / 1000) - 10 });
      expect((await me(token)).status).toBe(401);
    });

    it('a token signed with another key', async () => {
      const token = new JwtService({ secret: 'another-key-another-key-another-key!!' }).sign({ sub: await userId(), tv: 0 });
      expect((await me(token)).status).toBe(401);
    });

    it('a token with alg none', async () => {
      const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: await userId(), tv: 0, exp: 9999999999 })}.`;
      expect((await me(token)).status).toBe(401);
    });

    it('a token with HS512 made with the right key (algorithm not allowed)', async () => {
      const secret = (t.app.get(JwtService) as unknown as { options: { secret: string } }).options.secret;
      const head = b64({ alg: 'HS512', typ: 'JWT' });
      const body = b64({ sub: await userId(), tv: 0, exp: 9999999999 });
      const sig = createHmac('sha512', secret).update(`${head}.${body}`).digest('base64url');
      expect((await me(`${head}.${body}.${sig}`)).status).toBe(401);
    });

    it('a token issued before a password change', async () => {
      const old = (await login({ email: 'manager@example.com', password: 'Manager@2082' }, '10.0.0.6')).body.access_token;
      const changed = await t
        .http()
        .post('/api/v1/auth/password')
        .set('Authorization', `Bearer ${old}`)
        .send({ current_password: 'Manager@2082', password: 'NewPass@2083', password_confirmation: 'NewPass@2083' });
      expect(changed.status).toBe(200);
      expect((await me(old)).status).toBe(401);
      const fresh = await login({ email: 'manager@example.com', password: 'NewPass@2083' }, '10.0.0.6');
      expect(fresh.status).toBe(200);
      expect((await me(fresh.body.access_token)).status).toBe(200);
    });
  });

  it('refuses a password change with a wrong current password or a mismatched confirmation', async () => {
    const token = await t.token('staff2@example.com');
    const wrong = await t
      .http()
      .post('/api/v1/auth/password')
      .set('Authorization', `Bearer ${token}`)
      .send({ current_password: 'nope', password: 'NewPass@2083', password_confirmation: 'NewPass@2083' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);
    const mismatch = await t
      .http()
      .post('/api/v1/auth/password')
      .set('Authorization', `Bearer ${token}`)
      .send({ current_password: 'Staff@2082', password: 'NewPass@2083', password_confirmation: 'Other@2083' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['The password confirmation does not match.']);
  });
});
