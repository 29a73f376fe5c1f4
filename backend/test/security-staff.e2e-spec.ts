import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../src/common/clock';
import { addDays, campaignDay, localToUtc } from '../src/common/time';
import { ConfigError, loadConfig } from '../src/config/configuration';
import {
  allocate,
  bikeModelId,
  branchIds,
  CAMPAIGN_ENV,
  clearScheme,
  codeOf,
  enquiryBody,
  nextIp,
  pendingPreregistration,
  uniquePhone,
  wrongCode,
} from './factories/campaign';
import { loginToken } from './factories/authz';
import { makePreregistration, registrationBody } from './factories/purchase';
import { startChildApp } from './harness/child-app';
import { startTestApp, TestApp } from './harness/test-app';

jest.setTimeout(300_000);

const MOVE_REFUSED = 'Only head office can change the nearest showroom: it decides which branch follows the pre-registration up.';

/**
 * Issue #32, findings 11 and 14 (but the staff phone change): a branch user cannot hand a
 * record to another branch and head office's moves are audited; personal public answers are
 * never stored by a cache; a draw looked up by id shows nothing per branch before its day
 * ends; production refuses a weak first admin password and a low-entropy key; a token living
 * longer than a login issues is refused, and logout never answers 500.
 */
describe('staff and smaller findings (#32: 11, 14)', () => {
  let t: TestApp;
  let A: number;
  let B: number;
  let secret: string;
  const auth: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
    [A, B] = await branchIds(t.db);
    secret = (t.app.get(JwtService) as unknown as { options: { secret: string } }).options.secret;
    for (const email of ['admin@example.com', 'office@example.com', 'manager@example.com', 'staff@example.com', 'staff2@example.com'])
      auth[email] = `Bearer ${await t.token(email)}`;
  });
  afterAll(async () => {
    t?.app.get(Clock).travel(new Date());
    await t?.close();
  });

  const as = (email: string) => ({
    get: (path: string) => t.http().get(`/api/v1${path}`).set('Authorization', auth[email]),
    post: (path: string, body: object = {}) => t.http().post(`/api/v1${path}`).set('Authorization', auth[email]).send(body),
    multipart: (path: string) => t.http().post(`/api/v1${path}`).set('Authorization', auth[email]),
  });
  const publicPost = (path: string, body: object) => t.http().post(`/api/v1${path}`).set('X-Forwarded-For', nextIp()).send(body);
  const stored = async (slug: string) =>
    (
      await t.db.query(
        `SELECT name, branch_id, nearest_branch_id, owner_branch_id, prize, updated_at FROM preregistration WHERE slug = $1`,
        [slug],
      )
    )[0] as {
      name: string;
      branch_id: number | null;
      nearest_branch_id: number | null;
      owner_branch_id: number | null;
      prize: number | null;
      updated_at: Date;
    };
  const auditRows = async (slug: string) =>
    (await t.db.query(`SELECT user_email, action, fields, status FROM audit_log WHERE record_key = $1 ORDER BY id`, [slug])) as Array<{
      user_email: string;
      action: string;
      fields: Record<string, unknown>;
      status: number;
    }>;

  /** A public enquiry whose visitor chose branch A as nearest (so A owns it), verified with a prize. */
  async function publicEnquiry() {
    const res = await publicPost('/enquiry', await enquiryBody(t.db, { nearest_branch_id: A }));
    expect(res.status).toBe(200);
    const slug = res.body.data.slug as string;
    await t.db.query(
      `UPDATE preregistration SET is_verified = true, verified_at = now(), status = 'verified', prize = 20000 WHERE slug = $1`,
      [slug],
    );
    return slug;
  }

  describe('finding 11: moving a record between branches', () => {
    it('a branch manager’s change of a public enquiry’s nearest showroom is refused 422 before any write: the record stays with A, B never reads it, the trail has no row', async () => {
      const slug = await publicEnquiry();
      const before = await stored(slug);
      expect(before).toMatchObject({ branch_id: null, nearest_branch_id: A, owner_branch_id: A, prize: 20000 });

      const json = await as('manager@example.com').post(`/preregistration/${slug}`, { nearest_branch_id: B, name: 'Moved Away' });
      expect(json.status).toBe(422);
      expect(json.body.errors).toEqual({ nearest_branch_id: [MOVE_REFUSED] });
      const form = await as('manager@example.com')
        .multipart(`/preregistration/${slug}`)
        .field('nearest_branch_id', String(B))
        .field('name', 'Moved Away');
      expect(form.status).toBe(422);
      expect(form.body.errors).toEqual({ nearest_branch_id: [MOVE_REFUSED] });
      const toPublic = await as('manager@example.com').post(`/preregistration/${slug}`, { nearest_branch_id: null });
      expect(toPublic.status).toBe(422);
      expect(toPublic.body.errors).toEqual({ nearest_branch_id: [MOVE_REFUSED] });
      const branch = await as('manager@example.com').post(`/preregistration/${slug}`, { branch_id: B });
      expect(branch.status).toBe(422);
      expect(branch.body.errors).toEqual({ branch_id: ['The selected branch is invalid.'] });

      // Nothing was written: not the move, not the name sent with it.
      expect(await stored(slug)).toEqual(before);
      expect((await as('staff2@example.com').get(`/preregistration/${slug}`)).status).toBe(404);
      expect((await as('manager@example.com').get(`/preregistration/${slug}`)).status).toBe(200);
      expect(await auditRows(slug)).toEqual([]);
    });

    it('the unchanged branch_id and nearest_branch_id are accepted with the staff’s other changes (SPEC’s update carries branch_id), with no move in the trail', async () => {
      const slug = await publicEnquiry();
      const res = await as('manager@example.com').post(`/preregistration/${slug}`, {
        nearest_branch_id: A,
        branch_id: null,
        name: 'Same Branch',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Same Branch', branch_id: null, nearest_branch: { id: A } });
      const own = await makePreregistration(t.db, { branchId: A, nearestBranchId: A, verified: false });
      const staffMade = await as('manager@example.com').post(`/preregistration/${own.slug}`, {
        branch_id: A,
        nearest_branch_id: A,
        note: 'called back',
      });
      expect(staffMade.status).toBe(200);
      // A staff-made record's nearest showroom is head office's to change too.
      const nearest = await as('manager@example.com').post(`/preregistration/${own.slug}`, { nearest_branch_id: B });
      expect(nearest.status).toBe(422);
      expect(nearest.body.errors).toEqual({ nearest_branch_id: [MOVE_REFUSED] });
      expect((await stored(own.slug)).nearest_branch_id).toBe(A);
      expect((await auditRows(slug)).map((r) => [r.action, r.status])).toEqual([['POST /api/v1/preregistration/:slug', 200]]);
      expect((await auditRows(own.slug)).map((r) => r.action)).toEqual(['POST /api/v1/preregistration/:slug']);
    });

    it('head office moves it: the move is written with the record in one transaction, with where it was and where it went', async () => {
      const slug = await publicEnquiry();
      const res = await as('office@example.com').post(`/preregistration/${slug}`, { nearest_branch_id: B });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ branch_id: null, nearest_branch: { id: B } });
      expect(await stored(slug)).toMatchObject({ nearest_branch_id: B, owner_branch_id: B, prize: 20000 });
      const rows = await auditRows(slug);
      expect(rows).toHaveLength(2);
      expect(rows).toEqual(
        expect.arrayContaining([
          {
            user_email: 'office@example.com',
            action: 'MOVE preregistration',
            status: 200,
            fields: { branch_id: { from: null, to: null }, nearest_branch_id: { from: A, to: B }, owner_branch_id: { from: A, to: B } },
          },
          expect.objectContaining({ user_email: 'office@example.com', action: 'POST /api/v1/preregistration/:slug', status: 200 }),
        ]),
      );
      expect((await as('staff2@example.com').get(`/preregistration/${slug}`)).status).toBe(200);
      expect((await as('manager@example.com').get(`/preregistration/${slug}`)).status).toBe(404);

      // A staff-made record moved to another branch: branch_id and the owner change.
      const own = await makePreregistration(t.db, { branchId: A, verified: false });
      expect((await as('admin@example.com').post(`/preregistration/${own.slug}`, { branch_id: B })).status).toBe(200);
      const [move] = (await auditRows(own.slug)).filter((r) => r.action === 'MOVE preregistration');
      expect(move).toMatchObject({
        user_email: 'admin@example.com',
        fields: { branch_id: { from: A, to: B }, nearest_branch_id: { from: A, to: A }, owner_branch_id: { from: A, to: B } },
      });
      // The trail reads it in words.
      const trail = await as('admin@example.com').get('/audit').query({ 'search[value]': own.slug, length: 10 });
      expect(trail.status).toBe(200);
      expect(trail.body.data.map((r: { summary: string }) => r.summary)).toContain('Moved a pre-registration to another branch');
    });

    it('a registration’s branch cannot be sent at all, and test rides have no update route', async () => {
      const model = await bikeModelId(t.db);
      const pre = await makePreregistration(t.db, { branchId: A });
      const made = await as('staff@example.com').post('/registration', registrationBody(pre, model));
      expect(made.status).toBe(200);
      const slug = made.body.data.slug as string;
      const res = await as('manager@example.com').post(`/registration/${slug}`, { branch_id: B, note: 'moved' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ branch_id: ['The branch_id field is not allowed.'] });
      expect((await t.db.query(`SELECT branch_id, note FROM registration WHERE slug = $1`, [slug]))[0]).toMatchObject({ branch_id: A });
      const [ride] = await t.db.query(
        `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, type)
         VALUES ($1, 'Ride Person', $2, 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', $3, $4, 'TESTRIDE') RETURNING slug`,
        [randomBytes(12).toString('base64url'), uniquePhone(), A, model],
      );
      expect((await as('manager@example.com').post(`/test-ride/${ride.slug}`, { branch_id: B })).status).toBe(404);
      expect((await t.db.query(`SELECT branch_id FROM test_ride WHERE slug = $1`, [ride.slug]))[0].branch_id).toBe(A);
    });
  });

  describe('finding 14: personal public answers are not stored', () => {
    it('the enquiry, its read, both verify routes and the resend answer Cache-Control: no-store, refusals too', async () => {
      const body = await enquiryBody(t.db);
      const created = await publicPost('/enquiry', body);
      expect([created.status, created.headers['cache-control']]).toEqual([200, 'no-store']);
      const slug = created.body.data.slug as string;

      const read = await t.http().get(`/api/v1/enquiry/${slug}`);
      expect(read.status).toBe(200);
      expect(read.body.data.name).toBe(body.name);
      expect(read.headers['cache-control']).toBe('no-store');

      const code = (await codeOf(t.db, slug))!;
      const wrong = await publicPost(`/enquiry/${slug}/verify`, { code: wrongCode(code) });
      expect([wrong.status, wrong.headers['cache-control']]).toEqual([422, 'no-store']);
      const resend = await publicPost(`/enquiry/${slug}/resend`, {});
      expect(resend.headers['cache-control']).toBe('no-store');
      const right = await publicPost(`/enquiry/${slug}/verify`, { code: (await codeOf(t.db, slug))! });
      expect(right.status).toBe(200);
      expect(right.body.data).toMatchObject({ slug, name: body.name, is_verified: true });
      expect(right.body.data).toHaveProperty('prize');
      expect(right.headers['cache-control']).toBe('no-store');
      // Read again once it holds its prize.
      expect((await t.http().get(`/api/v1/enquiry/${slug}`)).headers['cache-control']).toBe('no-store');
    });

    it("the sign-in answer (a token and the user's name) is no-store, right or wrong", async () => {
      const right = await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', '10.77.0.1').send({ email: 'staff@example.com', password: 'Staff@2082' });
      expect([right.status, right.headers['cache-control']]).toEqual([200, 'no-store']);
      const wrong = await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', '10.77.0.2').send({ email: 'staff@example.com', password: 'not-the-password' });
      expect([wrong.status, wrong.headers['cache-control']]).toEqual([401, 'no-store']);
    });

    it('the way back by phone: the code request and the phone + code check answer no-store, right or wrong', async () => {
      const phone = uniquePhone();
      const created = await publicPost('/enquiry', await enquiryBody(t.db, { phone }));
      expect(created.status).toBe(200);
      const slug = created.body.data.slug as string;
      const request = await publicPost('/enquiry/return', { phone });
      expect([request.status, request.headers['cache-control']]).toEqual([200, 'no-store']);
      const code = (await codeOf(t.db, slug))!;
      const wrong = await publicPost('/enquiry/return/verify', { phone, code: wrongCode(code) });
      expect([wrong.status, wrong.headers['cache-control']]).toEqual([422, 'no-store']);
      const right = await publicPost('/enquiry/return/verify', { phone, code });
      expect(right.status).toBe(200);
      expect(right.body.data).toMatchObject({ slug, is_verified: true });
      expect(right.headers['cache-control']).toBe('no-store');
    });
  });

  describe('finding 14: a draw by id follows the day rule', () => {
    it('before its day ends it shows the customer’s prize and nothing per branch (no branch, odds or stock); after, everything', async () => {
      await clearScheme(t.db);
      const allocation = await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 3, amount: 9000, probability: 100 });
      const p = await pendingPreregistration(t.db, { branchId: A, sendSms: false });
      const verified = await as('staff@example.com').post(`/preregistration/${p.slug}/verify`, { code: p.code });
      expect(verified.status).toBe(200);
      const drawId = verified.body.data.draw_id as string;
      expect(drawId).toMatch(/^[0-9A-Z]{12}$/);

      const before = await t.http().get(`/api/v1/fairness/draws/${drawId}`);
      expect(before.status).toBe(200);
      expect(before.headers['cache-control']).toBe('no-cache');
      expect(before.body.data.day).toMatchObject({ revealed: false, seed: null });
      expect(before.body.data.draw).toMatchObject({
        draw_id: drawId,
        branch_id: null,
        considered: [],
        result: { amount: 9000, allocation_id: null },
      });
      expect(JSON.stringify(before.body)).not.toMatch(/threshold|remaining|"branch_id":\d/);
      // The day's list answers the same rule: nothing before the day ends.
      expect((await t.http().get(`/api/v1/fairness/days/${campaignDay()}/draws`)).status).toBe(403);

      const clock = t.app.get(Clock);
      try {
        clock.travel(localToUtc(addDays(campaignDay(), 1), '00:01'));
        const after = await t.http().get(`/api/v1/fairness/draws/${drawId}`);
        expect(after.status).toBe(200);
        expect(after.body.data.day).toMatchObject({ revealed: true });
        expect(after.body.data.draw).toMatchObject({ draw_id: drawId, branch_id: A, result: { amount: 9000, allocation_id: allocation } });
        expect(after.body.data.draw.considered[0]).toMatchObject({
          allocation_id: allocation,
          threshold: 10000,
          remaining_seen: 3,
          won: true,
        });
      } finally {
        clock.travel(new Date());
      }
    });
  });

  describe('finding 14: a production boot refuses weak secrets', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: join(tmpdir(), 'campaign-security-staff'),
      PUBLIC_URL: 'https://campaign.example.com',
      SMS_PROVIDER: 'sparrow',
      CAPTCHA: 'off',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'owner@brand.example',
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...production, ...env });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      return 'booted';
    };

    it('ADMIN_PASSWORD: shorter than 12, few characters, or common (whatever its case) is refused, naming the variable and never its value', () => {
      expect(refusal({ ADMIN_PASSWORD: 'aaaaaaaaaa' })).toMatch(
        /^Invalid configuration:\n {2}ADMIN_PASSWORD: must be at least 12 characters when NODE_ENV=production$/,
      );
      expect(refusal({ ADMIN_PASSWORD: 'aaaaaaaaaaaa' })).toMatch(/ADMIN_PASSWORD: is too simple/);
      for (const common of [
        'Password@123',
        'PASSWORD@123',
        'administrator',
        'ADMINISTRATOR',
        'P@ssw0rd2082!',
        '123456789012',
        'Kathmandu@2082',
        'qwertyuiop!!',
        'passwordpassword',
      ]) {
        const message = refusal({ ADMIN_PASSWORD: common });
        expect([common, message]).toEqual([common, expect.stringMatching(/ADMIN_PASSWORD: is a common password/)]);
        expect(message).not.toContain(common);
      }
      expect(refusal({ ADMIN_PASSWORD: 'Sita-Ram-Bagmati-71' })).toBe('booted');
      expect(loadConfig({ ...production, ADMIN_PASSWORD: 'Sita-Ram-Bagmati-71' }).app.bootstrapAdmin).toEqual({
        email: 'owner@brand.example',
        password: 'Sita-Ram-Bagmati-71',
      });
    });

    it('JWT_SECRET and IDENTITY_KEY: a low-entropy key is refused; generated ones (hex or base64) boot', () => {
      for (const [weak, why] of [
        ['a'.repeat(32), /fewer than 8 different characters/],
        ['abcd'.repeat(10), /fewer than 8 different characters/],
        ['abcdefgh'.repeat(5), /a repeated pattern/],
        ['abcdefghijklmnopqrstuvwxyz012345', /runs of consecutive characters/],
        ['my-own-jwt-secret-for-production-2082', /looks typed, not generated/],
      ] as const) {
        expect([weak, refusal({ JWT_SECRET: weak })]).toEqual([
          weak,
          expect.stringMatching(new RegExp(`^Invalid configuration:\\n {2}JWT_SECRET: .*${why.source}`)),
        ]);
      }
      expect(refusal({ IDENTITY_KEY: 'x'.repeat(40) })).toMatch(/IDENTITY_KEY: has too little entropy/);
      // Both named at once.
      expect(
        refusal({ ADMIN_PASSWORD: 'aaaaaaaaaa', JWT_SECRET: 'b'.repeat(32) })
          .split('\n')
          .map((l) => l.trim().split(':')[0]),
      ).toEqual(['Invalid configuration', 'ADMIN_PASSWORD', 'JWT_SECRET']);
      for (let i = 0; i < 200; i++) {
        expect(refusal({ JWT_SECRET: randomBytes(16).toString('hex'), IDENTITY_KEY: randomBytes(48).toString('base64') })).toBe('booted');
      }
      // Outside production nothing changes (a developer's machine).
      expect(
        loadConfig({ ...production, NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'aaaaaaaaaa' }).auth.jwtSecret,
      ).toBe('x'.repeat(32));
    });

    it('the built app started in production with them exits before it listens, saying which', async () => {
      await expect(
        startChildApp({
          databaseUrl: 'postgres://campaign:none@127.0.0.1:9/none',
          jwtSecret: 'z'.repeat(48),
          env: {
            NODE_ENV: 'production',
            PUBLIC_URL: 'https://campaign.example.com',
            SMS_PROVIDER: 'sparrow',
            CAPTCHA: 'off',
            ADMIN_EMAIL: 'owner@brand.example',
            ADMIN_PASSWORD: 'aaaaaaaaaa',
          },
          readyTimeoutMs: 60_000,
        }),
      ).rejects.toThrow(
        /exited before it was ready[\s\S]*ADMIN_PASSWORD: must be at least 12 characters[\s\S]*JWT_SECRET: has too little entropy/,
      );
    });
  });

  describe('finding 14: token lifetime and logout', () => {
    let adminId: number;
    beforeAll(async () => {
      adminId = (await t.db.query(`SELECT id FROM "user" WHERE email = 'admin@example.com'`))[0].id;
    });
    const now = () => Math.floor(Date.now() / 1000);
    const claims = async () => ({
      sub: adminId,
      tv: (await t.db.query(`SELECT token_version FROM "user" WHERE id = $1`, [adminId]))[0].token_version as number,
      jti: randomUUID(),
    });
    const sign = (payload: object, opts: { noTimestamp?: boolean } = {}) =>
      new JwtService({ secret }).sign(payload, { algorithm: 'HS256', ...opts });
    const me = (token: string) => t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
    const logout = (token: string) => t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`);
    const DAY = 24 * 3600;

    it('a token signed with the key but living longer than a login issues (30 days) is refused 401, and so is its logout; 30 days exactly is accepted', async () => {
      const control = sign({ ...(await claims()), exp: now() + 600 });
      expect((await me(control)).status).toBe(200);
      const remember = sign({ ...(await claims()), iat: now(), exp: now() + 30 * DAY });
      expect((await me(remember)).status).toBe(200);

      const far = await claims();
      const forever = sign({ ...far, exp: now() + 10 * 365 * DAY });
      const res = await me(forever);
      expect([res.status, res.body]).toEqual([401, { message: 'Unauthenticated.' }]);
      expect((await me(sign({ ...(await claims()), iat: now(), exp: now() + 30 * DAY + 1 }))).status).toBe(401);
      // A lifetime within bounds but issued in the future (the same far-future expiry).
      expect((await me(sign({ ...(await claims()), iat: now() + 365 * DAY, exp: now() + 365 * DAY + 600 }))).status).toBe(401);
      // Without iat its lifetime is unknown.
      expect((await me(sign({ ...(await claims()), exp: now() + 600 }, { noTimestamp: true }))).status).toBe(401);

      const out = await logout(forever);
      expect([out.status, out.body]).toEqual([401, { message: 'Unauthenticated.' }]);
      expect(await t.db.query(`SELECT jti FROM revoked_token WHERE jti = $1`, [far.jti])).toEqual([]);
    });

    it('logout with an odd token answers 401, never 500; with a real one 200, and the token is refused after', async () => {
      const odd = [
        sign({ ...(await claims()), jti: 'a'.repeat(36), exp: now() + 600 }),
        sign({ ...(await claims()), jti: '-'.repeat(36), exp: now() + 600 }),
        sign({ ...(await claims()), sub: 2 ** 31, exp: now() + 600 }),
        sign({ ...(await claims()), sub: Number.MAX_SAFE_INTEGER, exp: now() + 600 }),
        sign({ ...(await claims()), sub: -1, exp: now() + 600 }),
        sign({ ...(await claims()), exp: 1e300 }),
        sign({ ...(await claims()), iat: -1e15, exp: -1e15 + 600 }),
        'not.a.token',
        `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{not json').toString('base64url')}.sig`,
      ];
      for (const token of odd) {
        for (const res of [await me(token), await logout(token)]) expect([token, res.status]).toEqual([token, 401]);
      }
      expect(t.errors.filter((e) => /uuid|out of range|timestamp/i.test(e))).toEqual([]);

      const token = await loginToken(t, 'staff2@example.com');
      expect((await logout(token)).status).toBe(200);
      expect((await me(token)).status).toBe(401);
      expect((await logout(token)).status).toBe(401);
    });
  });
});
