import { AUTHZ_MATRIX } from './authz-matrix';
import { appRoutes } from './harness/routes';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * Every public write (a route anonymous callers may POST to) has a per-address limit: from
 * one address, a burst of requests meets a 429 with Retry-After. The routes come from the app
 * and the authorization matrix, so a new public write without @Throttle fails here.
 */
describe('per-address limits on every public write', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback', SMS_WORKER: 'false' } });
  });
  afterAll(() => t.close());

  const publicWrites = () => appRoutes(t).filter((r) => !r.startsWith('GET ') && AUTHZ_MATRIX[r]?.expect.anon === 'ok');

  it('finds the public writes', () => {
    expect(publicWrites()).toEqual(['POST /api/v1/auth/login', 'POST /api/v1/enquiry', 'POST /api/v1/enquiry/:slug/resend', 'POST /api/v1/enquiry/:slug/verify', 'POST /api/v1/enquiry/return', 'POST /api/v1/enquiry/return/verify', 'POST /api/v1/test-ride']);
  });

  it('each answers 429 with Retry-After within 100 requests from one address', async () => {
    const seen: Record<string, number> = {};
    for (const [i, route] of publicWrites().entries()) {
      const [method, path] = route.split(' ');
      const url = path.replace(/:\w+/g, 'no-such-record');
      let limitedAt = 0;
      for (let n = 1; n <= 100 && !limitedAt; n++) {
        const res = await (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method.toLowerCase()](url).set('X-Forwarded-For', `10.70.0.${i + 1}`).send({});
        if (res.status === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(typeof res.body.message).toBe('string');
          limitedAt = n;
        }
      }
      seen[route] = limitedAt;
    }
    expect(Object.entries(seen).filter(([, n]) => n === 0)).toEqual([]);
    console.log(`public writes limited per address: ${JSON.stringify(seen)} (the request that met the 429)`);
  });
});
