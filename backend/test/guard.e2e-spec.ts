import { ALL_PERMISSIONS, Permission } from '../src/common/auth/permission.enum';
import { hashPassword } from '../src/common/auth/password';
import { appRoutes } from './harness/routes';
import { startTestApp, TestApp } from './harness/test-app';
import { ROUTE_PERMISSIONS } from './route-permissions';

describe('the permission guard', () => {
  let t: TestApp;
  const roleTokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A head-office user whose role has every permission except `missing`. */
  async function tokenWithout(missing: Permission[]): Promise<string> {
    const key = missing.join(',') || 'none-missing';
    if (roleTokens.has(key)) return roleTokens.get(key)!;
    const title = `without ${key}`;
    const [role] = await t.db.query(`INSERT INTO role (title, head_office, permissions) VALUES ($1, true, $2) RETURNING id`, [
      title,
      ALL_PERMISSIONS.filter((p) => !missing.includes(p)),
    ]);
    const email = `without-${roleTokens.size}@example.com`;
    await t.db.query(`INSERT INTO "user" (slug, first_name, last_name, email, password, role_id) VALUES ($1, 'No', 'Perm', $2, $3, $4)`, [
      `slug-without-${roleTokens.size}`,
      email,
      await hashPassword('Without@2082'),
      role.id,
    ]);
    const token = await t.token(email, 'Without@2082');
    roleTokens.set(key, token);
    return token;
  }

  it('knows every route the app serves, and no route it does not', () => {
    expect(appRoutes(t)).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
  });

  const rows = Object.entries(ROUTE_PERMISSIONS).filter(([, need]) => need !== 'public');
  it.each(rows)('%s: anonymous 401, lacking its permission 403', async (route, need) => {
    const [method, path] = route.split(' ');
    const url = path.replace(/:(\w+)/g, 'unknown-$1');
    const call = () => (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method.toLowerCase()](url);
    const anon = await call();
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ message: 'Unauthenticated.' });
    if (need === 'login') return;
    const denied = await call().set('Authorization', `Bearer ${await tokenWithout(need as Permission[])}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'You do not have permission to do this.' });
  });
});
