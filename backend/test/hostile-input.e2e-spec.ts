import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { request, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { BUDGET, BUDGET_MESSAGES, BudgetCap } from '../src/common/http/request-budget';
import { changeCount, changesSince, installChangeCounter } from './harness/db-changes';
import { appRoutes } from './harness/routes';
import { startTestApp, TestApp } from './harness/test-app';
import { ROUTE_PERMISSIONS } from './route-permissions';

/**
 * Requests built to be expensive, sent to every route of the app: bodies to every write
 * route (anonymous and signed in), query strings to every read route (the public ones and
 * every table, export and count), multipart fields to every upload route. Each one is
 * refused by the request budget with its cap's one message and 413, before any work: no
 * committed row changes, no error (stack trace) in the log. Answers, not times, are
 * asserted here; the times are the bench's "hostile requests" row.
 */

/** A token of the right shape signed with a key this server does not hold. */
function forgedToken(): string {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 1, exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${head}.${createHmac('sha256', 'not-this-servers-key-not-this-servers-key').update(head).digest('base64url')}`;
}

/** A POST whose body is sent in chunks, with no Content-Length header (on an ephemeral port, as supertest does). */
async function chunkedPost(server: Server, path: string, body: string): Promise<{ status: number; body: unknown }> {
  const listening = server.listen(0, '127.0.0.1');
  await once(listening, 'listening');
  const { port } = listening.address() as AddressInfo;
  const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) }));
    });
    req.on('error', reject);
    for (let i = 0; i < body.length; i += 4096) req.write(body.slice(i, i + 4096));
    req.end();
  });
  await new Promise((resolve) => listening.close(resolve));
  return answer;
}

/** A JSON object of n keys with short names, written directly (so the test does not build it twice). */
const manyKeys = (n: number, extra = '') => `{${extra}${Array.from({ length: n }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;

/**
 * Each body, the cap a staff request meets (null: none, the body is honest for staff), and
 * the cap an anonymous one meets (32 KB comes first for a larger body).
 */
const JSON_BODIES: Array<[string, string, BudgetCap | null, BudgetCap]> = [
  ['110,000 unknown keys in one object (under 1 MB)', manyKeys(110_000, '"email":"a@b.c","password":"x",'), 'keysPerObject', 'anonymousBodyBytes'],
  ['101 keys in one object', manyKeys(BUDGET.keysPerObject + 1), 'keysPerObject', 'keysPerObject'],
  ['1,500 keys spread over 30 objects', `{"a":[${Array.from({ length: 30 }, () => manyKeys(50)).join(',')}]}`, 'totalKeys', 'totalKeys'],
  ['a list of 200,000 items', `{"registrants":[${new Array(200_000).fill(1).join(',')}]}`, 'arrayItems', 'anonymousBodyBytes'],
  ['a list of 10,001 items', `{"registrants":[${new Array(BUDGET.arrayItems + 1).fill(1).join(',')}]}`, 'arrayItems', 'arrayItems'],
  ['3 lists of 9,000 items', `{"a":[${new Array(9000).fill(0).join(',')}],"b":[${new Array(9000).fill(0).join(',')}],"c":[${new Array(9000).fill(0).join(',')}]}`, 'totalValues', 'anonymousBodyBytes'],
  ['lists nested 3,000 deep', `{"name":${'['.repeat(3000)}${']'.repeat(3000)}}`, 'depth', 'depth'],
  ['objects nested 3,000 deep', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, 'depth', 'depth'],
  ['objects nested 9 deep', `${'{"a":'.repeat(BUDGET.depth + 1)}1${'}'.repeat(BUDGET.depth + 1)}`, 'depth', 'depth'],
  ['a string of 2 million characters', JSON.stringify({ name: 'x'.repeat(2_000_000) }), 'bodyBytes', 'anonymousBodyBytes'],
  ['a string of 40,000 characters', JSON.stringify({ name: 'x'.repeat(40_000) }), null, 'anonymousBodyBytes'],
];

const FORM_BODIES: Array<[string, string, BudgetCap]> = [
  ['5,000 form fields', Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join('&'), 'totalKeys'],
  ['a form field nested 10 deep', `a${'[b]'.repeat(10)}=1`, 'depth'],
  ['a form field with index 100,000,000', 'a[100000000]=1', 'arrayItems'],
  ['a form field with an encoded index 100,000,000', 'a%5B100000000%5D=1', 'arrayItems'],
  ['a form of 2 million characters', `name=${'x'.repeat(2_000_000)}`, 'bodyBytes'],
];

const QUERIES: Array<[string, string, BudgetCap]> = [
  ['order index 100,000,000', 'draw=1&order[100000000][column]=0&order[100000000][dir]=asc', 'arrayItems'],
  ['columns index 2^31', 'columns[2147483648][data]=name', 'arrayItems'],
  ['a 20-digit index', `order[${'9'.repeat(20)}][column]=0`, 'arrayItems'],
  ['1,500 parameters', Array.from({ length: 1500 }, (_, i) => `q${i}=1`).join('&'), 'totalKeys'],
  ['a parameter nested 10 deep', `columns[0]${'[search]'.repeat(10)}=x`, 'depth'],
  ['an encoded parameter nested 10 deep', `columns%5B0%5D${'%5Bsearch%5D'.repeat(10)}=x`, 'depth'],
];

/** Routes that take a multipart form (FileInterceptor), and their file field. */
const UPLOAD_ROUTES: Array<[string, string]> = [
  ['POST /api/v1/enquiry', 'screenshot'],
  ['POST /api/v1/preregistration', 'screenshot'],
  ['POST /api/v1/preregistration/:slug', 'screenshot'],
  ['POST /api/v1/bike-model', 'thumbnail'],
  ['POST /api/v1/bike-model/:slug', 'thumbnail'],
  ['POST /api/v1/upload', 'files[]'],
];

const MULTIPART: Array<[string, Array<[string, string]>, BudgetCap]> = [
  ['200 fields', Array.from({ length: 200 }, (_, i) => [`f${i}`, '1'] as [string, string]), 'keysPerObject'],
  ['a field nested 10 deep', [[`a${'[b]'.repeat(10)}`, '1']], 'depth'],
  ['a field with index 100,000,000', [['a[100000000]', '1']], 'arrayItems'],
];

describe('hostile input: every route refuses an expensive request by the budget', () => {
  let t: TestApp;
  let admin: string;
  /** Creating a pre-registration is for branch users: head office is refused by the access rule before the body is read. */
  let branchUser: string;
  let routes: string[];
  /** A real path for a route pattern: the budget answers before routing, so any id will do. */
  const pathOf = (route: string) => route.split(' ')[1].replace(/:(\w+)/g, (_, p: string) => (p === 'id' ? '1' : 'x'));

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    branchUser = `Bearer ${await t.token('manager@example.com')}`;
    await installChangeCounter(t.db);
    routes = appRoutes(t);
  });
  afterAll(() => t.close());

  /** Sends each request and checks the cap's answer; then checks that nothing was stored and nothing logged. */
  async function expectRefused(send: () => Promise<{ status: number; body: unknown }>, cap: BudgetCap, what: string) {
    const res = await send();
    expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 413, body: { message: BUDGET_MESSAGES[cap] } });
  }
  let changesBefore = 0;
  let errorsBefore = 0;
  beforeEach(async () => {
    changesBefore = await changeCount(t.db);
    errorsBefore = t.errors.length;
  });
  afterEach(async () => {
    expect(await changesSince(t.db, changesBefore)).toEqual([]);
    expect(t.errors.slice(errorsBefore)).toEqual([]);
  });

  it('knows every route of the app, and which are public', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => ROUTE_PERMISSIONS[r] === 'public').length).toBeGreaterThan(10);
    for (const [route] of UPLOAD_ROUTES) expect(routes).toContain(route);
  });

  const writes = () => routes.filter((r) => !r.startsWith('GET '));
  const reads = () => routes.filter((r) => r.startsWith('GET '));

  it.each(JSON_BODIES)('JSON body with %s: 413 on every write route, signed in or not', async (what, raw, staffCap, anonymousCap) => {
    // A token this server did not sign is anonymous: it gets the anonymous cap.
    const forged = `Bearer ${forgedToken()}`;
    for (const route of writes()) {
      const method = route.split(' ')[0].toLowerCase() as 'post' | 'patch' | 'put' | 'delete';
      for (const auth of [undefined, forged, admin]) {
        const req = t.http()[method](pathOf(route)).set('Content-Type', 'application/json');
        if (auth) req.set('Authorization', auth);
        const who = auth === admin ? 'admin' : auth ? 'forged token' : 'anonymous';
        const cap = auth === admin ? staffCap : anonymousCap;
        // A body honest for staff (a rich text of 40,000 characters) is their routes' to answer; the budget's tests end there.
        if (cap) await expectRefused(() => req.send(raw), cap, `${route} ${who}`);
      }
    }
  });

  it('refuses an anonymous body over 32 KB from its declared length, and sent in chunks without one', async () => {
    const raw = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(BUDGET.anonymousBodyBytes) });
    await expectRefused(() => t.http().post('/api/v1/auth/login').set('Content-Type', 'application/json').send(raw), 'anonymousBodyBytes', 'declared length');
    const chunked = await chunkedPost(t.app.getHttpServer(), '/api/v1/auth/login', raw);
    expect(chunked).toEqual({ status: 413, body: { message: BUDGET_MESSAGES.anonymousBodyBytes } });
    // A staff body of the same size is read and answered by its route.
    const staff = await t.http().post('/api/v1/auth/password').set('Authorization', admin).set('Content-Type', 'application/json').send(raw);
    expect(staff.status).toBe(422);
  });

  it.each(FORM_BODIES)('form body with %s: 413 on every write route', async (what, raw, cap) => {
    for (const route of writes()) {
      const method = route.split(' ')[0].toLowerCase() as 'post' | 'patch' | 'put' | 'delete';
      const req = t.http()[method](pathOf(route)).set('Content-Type', 'application/x-www-form-urlencoded').set('Authorization', admin);
      await expectRefused(() => req.send(raw), cap, route);
    }
  });

  it.each(QUERIES)('query string with %s: 413 on every read route (public, tables, exports, counts)', async (what, query, cap) => {
    for (const route of reads()) {
      await expectRefused(() => t.http().get(`${pathOf(route)}?${query}`).set('Authorization', admin), cap, route);
    }
    // And on a write route: a query string is read before the body.
    await expectRefused(() => t.http().post(`/api/v1/auth/login?${query}`).send({ email: 'admin@example.com', password: 'x' }), cap, 'login');
  });

  it.each(MULTIPART)('multipart form with %s: 413 on every upload route', async (what, fields, cap) => {
    for (const [route, file] of UPLOAD_ROUTES) {
      const req = t.http().post(pathOf(route)).set('Authorization', route === 'POST /api/v1/preregistration' ? branchUser : admin);
      for (const [k, v] of fields) req.field(k, v);
      req.attach(file, Buffer.from('not an image'), 'x.png');
      await expectRefused(() => req, cap, route);
    }
  });

  it('lets the largest honest request through: a bulk SMS to 10,000 chosen customers passes the budget', async () => {
    // 10,000 ids is the bulk form's own limit; the answer is the form's (ids unknown), not the budget's.
    const res = await t
      .http()
      .post('/api/v1/sms/preview')
      .set('Authorization', admin)
      .send({ type: 'REGISTRANTS', registrants: Array.from({ length: BUDGET.arrayItems }, (_, i) => i + 1), text: 'Hello' });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('answers a query string longer than 16 kB with 431 from Node itself, before the app', async () => {
    const res = await t.http().get(`/api/v1/branch?search[value]=${'x'.repeat(20_000)}`).set('Authorization', admin);
    expect(res.status).toBe(431);
  });
});
