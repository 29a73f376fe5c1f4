import { randomBytes } from 'node:crypto';
import { migrate } from '../src/database/migrate';
import { MIGRATIONS } from '../src/database/migrations';
import { admin, withDatabase } from './harness/templates';

/** `npm run db:migrate` (README): the schema of an empty PostgreSQL database, applied once. */
describe('npm run db:migrate', () => {
  const server = () => process.env.CAMPAIGN_TEST_PG as string;
  const name = `t_migrate_${randomBytes(4).toString('hex')}`;
  beforeAll(() => admin(server(), (c) => c.query(`CREATE DATABASE ${name}`)));
  afterAll(() => admin(server(), (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

  it('applies every migration to an empty database, then none on a second run', async () => {
    const url = withDatabase(server(), name);
    expect(await migrate({ DATABASE_URL: url, NODE_ENV: 'test' })).toEqual(MIGRATIONS.map((m) => new m().name));
    expect(await migrate({ DATABASE_URL: url, NODE_ENV: 'test' })).toEqual([]);
    const tables = await admin(url, (c) => c.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('preregistration', 'registration', 'branch')`));
    expect(tables.rows[0].n).toBe(3);
  });

  it('names the missing variable instead of migrating nothing', async () => {
    await expect(migrate({ NODE_ENV: 'test' })).rejects.toThrow('DATABASE_URL is not set');
  });
});
