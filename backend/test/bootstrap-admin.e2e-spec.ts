import { SeedService } from '../src/database/seeds/seed.service';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * The first Super Admin from ADMIN_EMAIL / ADMIN_PASSWORD, made by every replica at boot: when
 * replicas start together on an empty database, one makes it and the others start too (the
 * rehearsal's cold start once saw a replica stop on the email's unique index).
 */
describe('the Super Admin of ADMIN_EMAIL, made by replicas booting at once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ template: 'empty' });
  });
  afterAll(() => t.close());

  it('is made once, whoever asks at the same moment, and every boot goes on', async () => {
    const seeds = t.app.get(SeedService);
    await seeds.ensureRoles();
    const made = await Promise.all(Array.from({ length: 8 }, () => seeds.ensureAdmin('Ops@Boot.example.com', 'a long enough password 2082')));
    expect(made.filter(Boolean)).toEqual([true]);
    const rows = await t.db.query(`SELECT email FROM "user" WHERE lower(email) = 'ops@boot.example.com'`);
    expect(rows).toEqual([{ email: 'ops@boot.example.com' }]);
    // A later boot finds it and makes nothing.
    expect(await seeds.ensureAdmin('ops@boot.example.com', 'another password 2082')).toBe(false);
    // Another replica's insert of the same email, not yet committed when this boot looks: this
    // one finds no user, waits on the unique index, and goes on once the other commits.
    const other = t.db.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    await other.query(
      `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id) SELECT 'boot-race', 'Super', 'Admin', 'race@boot.example.com', 'x', id FROM role WHERE title = 'Super Admin'`,
    );
    const racing = seeds.ensureAdmin('race@boot.example.com', 'a long enough password 2082');
    await new Promise((r) => setTimeout(r, 500));
    await other.commitTransaction();
    await other.release();
    expect(await racing).toBe(false);
    expect(await t.db.query(`SELECT slug FROM "user" WHERE email = 'race@boot.example.com'`)).toEqual([{ slug: 'boot-race' }]);
    const signIn = await t.http().post('/api/v1/auth/login').send({ email: 'ops@boot.example.com', password: 'a long enough password 2082' });
    expect(signIn.status).toBe(200);
  });
});
