import { startTestApp, TestApp } from './harness/test-app';

describe('audit trail (/api/v1/audit)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t.close());

  it('records a staff write with who, what, which record and the fields sent, secrets redacted', async () => {
    const role = (await t.db.query(`SELECT id FROM role WHERE title = 'Head Office'`))[0].id;
    const created = await t
      .http()
      .post('/api/v1/user')
      .set('Authorization', admin)
      .send({ first_name: 'Audit', last_name: 'Me', email: 'audit@example.com', password: 'Audit@20820', password_confirmation: 'Audit@20820', role_id: role });
    expect(created.status).toBe(200);
    await t.http().post(`/api/v1/user/${created.body.data.slug}`).set('Authorization', admin).send({ last_name: 'Again' });

    const res = await t.http().get('/api/v1/audit').query({ resource: 'user' }).set('Authorization', admin);
    expect(res.status).toBe(200);
    const [update, create] = res.body.data;
    // A create names the record it made, as its later edits do (the Record column of the trail).
    expect(create).toMatchObject({ user_email: 'admin@example.com', action: 'POST /api/v1/user', resource: 'user', record_key: created.body.data.slug, status: 200 });
    expect(create.fields).toMatchObject({ first_name: 'Audit', email: 'audit@example.com', password: '[redacted]', password_confirmation: '[redacted]' });
    expect(update).toMatchObject({ action: 'POST /api/v1/user/:id', record_key: created.body.data.slug, fields: { last_name: 'Again' } });
  });

  it('names the record a create made by its id where it has no slug (an allocation), and none for an answer without a record', async () => {
    const open = new Date(Date.now() + 345 * 60000 + 2 * 86_400_000).toISOString().slice(0, 10);
    const made = await t.http().post('/api/v1/allocation').set('Authorization', admin).send({ type: 'preregistration_public', date: open, amount: 3500 });
    expect(made.status).toBe(200);
    // Another user's session: the admin's token is the one every test here uses.
    await t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${await t.token('office@example.com')}`);
    const rows = await t.db.query(`SELECT action, record_key FROM audit_log WHERE action IN ('POST /api/v1/allocation', 'POST /api/v1/auth/logout') ORDER BY id`);
    expect(rows).toEqual([
      { action: 'POST /api/v1/allocation', record_key: String(made.body.data.id) },
      { action: 'POST /api/v1/auth/logout', record_key: null },
    ]);
  });

  it('does not record refused writes or reads', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
    await t.http().post('/api/v1/user').set('Authorization', admin).send({ email: 'bad' });
    await t.http().get('/api/v1/user').set('Authorization', admin);
    // A HEAD is the GET's read without its body (Express runs the GET's handler): a read, not a write.
    expect((await t.http().head('/api/v1/user').set('Authorization', admin)).status).toBe(200);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(before);
  });

  it('filters by user and date (Nepal days)', async () => {
    const today = await t.http().get('/api/v1/audit').query({ user: 'admin@example.com', from: '2000-01-01' }).set('Authorization', admin);
    expect(today.body.recordsTotal).toBeGreaterThanOrEqual(2);
    const none = await t.http().get('/api/v1/audit').query({ user: 'nobody@example.com' }).set('Authorization', admin);
    expect(none.body.recordsTotal).toBe(0);
    const past = await t.http().get('/api/v1/audit').query({ to: '2000-01-01' }).set('Authorization', admin);
    expect(past.body.recordsTotal).toBe(0);
  });

  it('is for head office only', async () => {
    await t.db.query(`UPDATE role SET permissions = array_append(permissions, 'read-user') WHERE title = 'Branch Manager'`);
    const res = await t.http().get('/api/v1/audit').set('Authorization', `Bearer ${await t.token('manager@example.com')}`);
    expect(res.status).toBe(403);
  });

  it('cannot be edited or deleted, even with SQL from the app’s connection', async () => {
    await expect(t.db.query(`UPDATE audit_log SET user_email = 'someone@else'`)).rejects.toThrow('audit_log is append-only');
    await expect(t.db.query(`DELETE FROM audit_log`)).rejects.toThrow('audit_log is append-only');
  });
});
