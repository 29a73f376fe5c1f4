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

  it('does not refuse the right password after 5 failures for one email from one address (no per-address lockout: strangers share addresses)', async () => {
    for (let i = 0; i < 5; i++) expect((await login({ email: 'office@example.com', password: `bad${i}` }, '10.0.0.3')).status).toBe(401);
    const right = await login({ email: 'office@example.com', password: 'Office@2082' }, '10.0.0.3');
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe('office@example.com');
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

/** More ways a token might be turned into access, each refused (docs/security.md, "A token carries no rights of its own"). */
describe('tokens: tampered, stale or orphaned', () => {
  let t: TestApp;
  let admin: string;
  let secret: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    admin = `Bearer ${await t.token('admin@example.com')}`;
    secret = (t.app.get(JwtService) as unknown as { options: { secret: string } }).options.secret;
  });
  afterAll(() => t.close());

  let seq = 0;
  /** A fresh user of `role` (and branch), signed in: [slug, token]. */
  async function member(role: string, branchOrder: number | null): Promise<{ slug: string; token: string; id: number }> {
    seq += 1;
    const email = `token-${seq}@example.com`;
    const roleId = (await t.db.query(`SELECT id FROM role WHERE title = $1`, [role]))[0].id;
    const branchId = branchOrder === null ? null : (await t.db.query(`SELECT id FROM branch ORDER BY "order", id OFFSET $1 LIMIT 1`, [branchOrder]))[0].id;
    const made = await t
      .http()
      .post('/api/v1/user')
      .set('Authorization', admin)
      .send({ first_name: 'Token', last_name: `Holder ${seq}`, email, password: 'Token@20820', password_confirmation: 'Token@20820', role_id: roleId, branch_id: branchId });
    expect(made.status).toBe(200);
    const login = await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', `10.1.0.${seq}`).send({ email, password: 'Token@20820' });
    return { slug: made.body.data.slug, token: login.body.access_token, id: made.body.data.id };
  }
  const me = (token: string) => t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
  const parts = (token: string) => token.split('.');
  const decode = (seg: string) => JSON.parse(Buffer.from(seg, 'base64url').toString('utf8'));
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('a token of a deleted user', async () => {
    const m = await member('Head Office', null);
    expect((await me(m.token)).status).toBe(200);
    expect((await t.http().delete(`/api/v1/user/${m.slug}`).set('Authorization', admin)).status).toBe(200);
    expect((await me(m.token)).status).toBe(401);
    expect((await t.http().get('/api/v1/preregistration').set('Authorization', `Bearer ${m.token}`)).status).toBe(401);
  });

  it('a tampered payload (another user, another token version), signature kept', async () => {
    const m = await member('Branch Staff', 0);
    const [head, body, sig] = parts(m.token);
    const adminId = (await t.db.query(`SELECT id FROM "user" WHERE email = 'admin@example.com'`))[0].id;
    for (const change of [{ sub: adminId }, { tv: decode(body).tv + 1 }, { exp: 9999999999 }, { sub: `${m.id} OR 1=1` }]) {
      const forged = `${head}.${encode({ ...decode(body), ...change })}.${sig}`;
      expect([change, (await me(forged)).status]).toEqual([change, 401]);
    }
    expect((await me(`${head}.${body}.`)).status).toBe(401);
    expect((await me(`${head}.${body}.${sig.slice(0, -2)}`)).status).toBe(401);
    expect((await me(m.token)).status).toBe(200);
  });

  it('a well-signed token that is not yet valid (nbf) or carries no token version', async () => {
    const m = await member('Branch Staff', 0);
    const early = new JwtService({ secret }).sign({ sub: m.id, tv: 0, nbf: Math.floor(Date.now() / 1000) + 3600 });
    expect((await me(early)).status).toBe(401);
    const versionless = new JwtService({ secret }).sign({ sub: m.id });
    expect((await me(versionless)).status).toBe(401);
  });

  it('a token passed in the query string or a cookie is not a login', async () => {
    const m = await member('Branch Staff', 0);
    expect((await t.http().post(`/api/v1/auth/me?token=${m.token}&access_token=${m.token}`)).status).toBe(401);
    expect((await t.http().post('/api/v1/auth/me').set('Cookie', `token=${m.token}; access_token=${m.token}`)).status).toBe(401);
  });

  it('revoked when an admin sets a new password', async () => {
    const m = await member('Branch Staff', 0);
    const set = await t.http().post(`/api/v1/user/${m.slug}`).set('Authorization', admin).send({ password: 'Reset@20830', password_confirmation: 'Reset@20830' });
    expect(set.status).toBe(200);
    expect((await me(m.token)).status).toBe(401);
  });

  it('carries no rights of its own: a role or branch change applies to the next request', async () => {
    const office = await member('Head Office', null);
    expect((await t.http().get('/api/v1/user').set('Authorization', `Bearer ${office.token}`)).status).toBe(200);
    const staffRole = (await t.db.query(`SELECT id FROM role WHERE title = 'Branch Staff'`))[0].id;
    const [a, b] = (await t.db.query(`SELECT id FROM branch ORDER BY "order", id LIMIT 2`)).map((r: { id: number }) => r.id);
    expect((await t.http().post(`/api/v1/user/${office.slug}`).set('Authorization', admin).send({ role_id: staffRole, branch_id: a })).status).toBe(200);
    // Same token: now a branch user of A, without read-user, scoped to A.
    expect((await t.http().get('/api/v1/user').set('Authorization', `Bearer ${office.token}`)).status).toBe(403);
    const listA = await t.http().get('/api/v1/preregistration').query({ length: -1 }).set('Authorization', `Bearer ${office.token}`);
    expect(listA.status).toBe(200);
    expect(listA.body.data.every((p: { branch_id: number | null; nearest_branch_id: number | null }) => (p.branch_id ?? p.nearest_branch_id) === a)).toBe(true);
    expect((await t.http().post(`/api/v1/user/${office.slug}`).set('Authorization', admin).send({ branch_id: b })).status).toBe(200);
    const listB = await t.http().get('/api/v1/preregistration').query({ length: -1 }).set('Authorization', `Bearer ${office.token}`);
    expect(listB.body.data.every((p: { branch_id: number | null; nearest_branch_id: number | null }) => (p.branch_id ?? p.nearest_branch_id) === b)).toBe(true);
  });
});
