import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/configuration';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * The route limits (@Throttle) count in PostgreSQL: two app instances on one database share
 * each address's count, and an instance started later (a restart) finds it.
 */
describe('route limits shared by every instance on one database', () => {
  let t: TestApp;
  const others: INestApplication[] = [];
  const dirs: string[] = [];

  /** Another instance of the app on the same database (its own process state, same tables). */
  async function instance(env: Record<string, string> = {}): Promise<INestApplication> {
    const dataDir = mkdtempSync(join(tmpdir(), 'campaign-shared-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: t.databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SMS_WORKER: 'false',
      TRUST_PROXY: 'loopback',
      ...env,
    });
    const app = await createApp(config, { logger: false });
    await app.init();
    others.push(app);
    return app;
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback', SMS_WORKER: 'false' } });
  });
  afterAll(async () => {
    for (const app of others) await app.close().catch(() => undefined);
    await t.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const login = (app: INestApplication, ip: string) =>
    request(app.getHttpServer()).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send({});

  it('alternating two instances, one address meets the login limit (30 a minute) at request 31; another address does not', async () => {
    const a = t.app;
    const b = await instance();
    const statuses: number[] = [];
    for (let n = 1; n <= 31; n++) statuses.push((await login(n % 2 ? a : b, '10.60.0.1')).status);
    expect(statuses.slice(0, 30).filter((s) => s === 429)).toEqual([]);
    const last = await login(b, '10.60.0.1');
    expect(statuses[30]).toBe(429);
    expect(last.status).toBe(429);
    expect(last.body).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login(a, '10.60.0.2')).status).toBe(422);
  });

  it('an instance started afterwards (a restart) still refuses that address', async () => {
    const restarted = await instance();
    expect((await login(restarted, '10.60.0.1')).status).toBe(429);
  });

  it('RATE_LIMIT_DISABLED turns the route limits off on the instance that sets it (the load bench)', async () => {
    const bench = await instance({ RATE_LIMIT_DISABLED: 'true' });
    expect((await login(bench, '10.60.0.1')).status).toBe(422);
  });
});
