import { startTestApp, TestApp } from './harness/test-app';

describe('dealer users (/api/v1/user)', () => {
  let t: TestApp;
  let auth: string;
  let branchId: number;
  let staffRole: number;
  beforeAll(async () => {
    t = await startTestApp();
    auth = `Bearer ${await t.token('admin@example.com')}`;
    branchId = (await t.db.query(`SELECT id FROM branch ORDER BY "order" LIMIT 1`))[0].id;
    staffRole = (await t.db.query(`SELECT id FROM role WHERE title = 'Branch Staff'`))[0].id;
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    first_name: 'Sita',
    last_name: 'Sharma',
    email: 'sita@example.com',
    phone: '9841234567',
    sex: 'FEMALE',
    address: 'Teku',
    password: 'Sita@20820',
    password_confirmation: 'Sita@20820',
    branch_id: branchId,
    role_id: staffRole,
    ...over,
  });

  it('creates a branch user who can then sign in, reads it by slug, updates and deletes it', async () => {
    const created = await t.http().post('/api/v1/user').set('Authorization', auth).send(body());
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('User created successfully.');
    expect(created.body.data).toMatchObject({ name: 'Sita Sharma', email: 'sita@example.com', role: { title: 'Branch Staff' }, branch: { id: branchId } });
    expect(created.body.data.slug).toMatch(/^[\w-]{16}$/);
    expect(created.body.data).not.toHaveProperty('password');
    const slug = created.body.data.slug;

    expect((await t.http().post('/api/v1/auth/login').send({ email: 'sita@example.com', password: 'Sita@20820' })).status).toBe(200);

    const read = await t.http().get(`/api/v1/user/${slug}`).set('Authorization', auth);
    expect(read.body.data.email).toBe('sita@example.com');

    const updated = await t.http().post(`/api/v1/user/${slug}`).set('Authorization', auth).send({ first_name: 'Gita' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: 'User updated successfully.', data: { name: 'Gita Sharma' } });

    const deleted = await t.http().delete(`/api/v1/user/${slug}`).set('Authorization', auth);
    expect(deleted.body).toEqual({ message: 'User deleted successfully.' });
    expect((await t.http().get(`/api/v1/user/${slug}`).set('Authorization', auth)).status).toBe(404);
    expect((await t.http().post('/api/v1/auth/login').send({ email: 'sita@example.com', password: 'Sita@20820' })).status).toBe(401);
  });

  it('answers 422 under each bad field and stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM "user"`))[0].n;
    const res = await t
      .http()
      .post('/api/v1/user')
      .set('Authorization', auth)
      .send(body({ email: 'not-an-email', password_confirmation: 'different', first_name: '', sex: 'ROBOT' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['The email must be a valid email address.']);
    expect(res.body.errors.first_name).toEqual(['The first name field is required.']);
    expect(res.body.errors.sex).toEqual(['The selected sex is invalid.']);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM "user"`))[0].n).toBe(before);
  });

  it('refuses a taken email, a branch role without a branch, and a head-office role with one', async () => {
    const taken = await t.http().post('/api/v1/user').set('Authorization', auth).send(body({ email: 'STAFF@example.com' }));
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
    const noBranch = await t.http().post('/api/v1/user').set('Authorization', auth).send(body({ email: 'a@example.com', branch_id: null }));
    expect(noBranch.body.errors.branch_id).toEqual(['A Branch Staff user needs a branch.']);
    const superRole = (await t.db.query(`SELECT id FROM role WHERE title = 'Super Admin'`))[0].id;
    const withBranch = await t.http().post('/api/v1/user').set('Authorization', auth).send(body({ email: 'b@example.com', role_id: superRole }));
    expect(withBranch.body.errors.branch_id).toEqual(['A Super Admin user has no branch.']);
  });

  it('refuses fields a form must not set', async () => {
    const res = await t.http().post('/api/v1/user').set('Authorization', auth).send(body({ email: 'c@example.com', token_version: 5, isAdmin: true }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['isAdmin', 'token_version']);
  });

  it('lists roles', async () => {
    const res = await t.http().get('/api/v1/role').set('Authorization', auth);
    expect(res.body.data.map((r: { title: string }) => r.title)).toEqual(['Super Admin', 'Head Office', 'Branch Manager', 'Branch Staff']);
  });
});
