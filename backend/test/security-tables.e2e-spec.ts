import request from 'supertest';
import { QueryRunner } from 'typeorm';
import { ALL_ROWS_BATCH, ALL_ROWS_MAX } from '../src/common/paging/paging';
import { STATEMENT_TIMEOUT_MESSAGE } from '../src/common/http/http-exception.filter';
import { SitePage } from '../src/modules/site-page/site-page';
import { bikeModelId, branchIds } from './factories/campaign';
import { makePreregistration } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * Issue #32, findings 5-7: a staff table answers every row (`length=-1`) only while there are
 * at most 10,000 of them on the tables that grow, a statement past the timeout answers 503,
 * one user's requests run a few at a time, and the public page is made once whatever the
 * Host header says.
 */

/** Waits until `check` holds (polling), or fails naming `what`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Holds `table` locked (ACCESS EXCLUSIVE) on a connection of its own: every read of it waits until `release`. */
async function lockTable(t: TestApp, table: string): Promise<{ release: () => Promise<void> }> {
  const runner: QueryRunner = t.db.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await runner.commitTransaction();
      await runner.release();
    },
  };
}

/** Statements of this database waiting for a lock whose text starts with `prefix`. */
async function waitingOnLock(t: TestApp, prefix: string): Promise<number> {
  const [{ n }] = await t.db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
    [`${prefix}%`],
  );
  return n;
}

describe('length=-1 (every row) on the staff tables', () => {
  let t: TestApp;
  let admin: string;
  /** Pre-registrations added to the demo's: more than ALL_ROWS_MAX in all, PART_B of them named 'Bulk B ...'. */
  const ADDED = ALL_ROWS_MAX + 50;
  const PART_B = 4_050;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    // One INSERT ... SELECT: the columns a valid row needs (factories/campaign.ts), phones of their own (96 + 8 digits).
    await t.db.query(
      `INSERT INTO preregistration (slug, name, phone, status, created_at)
       SELECT 'bulk' || g, CASE WHEN g <= $2 THEN 'Bulk B ' ELSE 'Bulk A ' END || g, '96' || lpad(g::text, 8, '0'), 'pending',
              now() - make_interval(secs => g)
         FROM generate_series(1, $1::int) AS g`,
      [ADDED, PART_B],
    );
    const [branch] = await branchIds(t.db);
    const model = await bikeModelId(t.db);
    await t.db.query(
      `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, created_at)
       SELECT 'ride' || g, 'Rider ' || g, '96' || lpad(g::text, 8, '0'), 'Bagmati', 'Kathmandu', 'Kathmandu', $2, $3, now() - make_interval(secs => g)
         FROM generate_series(1, $1::int) AS g`,
      [ADDED, branch, model],
    );
    await t.db.query('ANALYZE preregistration');
    await t.db.query('ANALYZE test_ride');
  });
  afterAll(() => t?.close());

  const table = (path: string, query: Record<string, unknown>) => t.http().get(`/api/v1/${path}`).query(query).set('Authorization', admin);
  const count = async (sql: string) => (await t.db.query(sql))[0].n as number;

  it('answers every row of a small table (bike models, users, branches, videos: no bound)', async () => {
    for (let i = 0; i < 25; i++) await bikeModelId(t.db, `Every Row Model ${i}`);
    const cases: Array<[string, string]> = [
      ['bike-model', `SELECT count(*)::int AS n FROM bike_model`],
      ['user', `SELECT count(*)::int AS n FROM "user" WHERE deleted_at IS NULL`],
    ];
    for (const [path, sql] of cases) {
      const res = await table(path, { start: 0, length: -1 });
      expect(res.status).toBe(200);
      const n = await count(sql);
      expect(n).toBeGreaterThan(0);
      expect(res.body.data).toHaveLength(n);
      expect(res.body.recordsFiltered).toBe(n);
      expect(res.body.input.length).toBe(-1);
    }
    for (const path of ['branch', 'video']) {
      const res = await table(path, { start: 0, length: -1 });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(res.body.recordsFiltered);
    }

  });

  it(`refuses every row of more than ${ALL_ROWS_MAX.toLocaleString('en-US')} pre-registrations or test rides: 422 under length, saying to narrow or download`, async () => {
    expect(await count(`SELECT count(*)::int AS n FROM preregistration WHERE deleted_at IS NULL`)).toBeGreaterThan(ALL_ROWS_MAX);
    for (const path of ['preregistration', 'test-ride']) {
      const res = await table(path, { draw: 4, start: 0, length: -1 });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['length']);
      expect(res.body.errors.length[0]).toMatch(/more than 10,000 rows/);
      expect(res.body.errors.length[0]).toMatch(/Narrow the filters .* or download the Excel export/);
      expect(res.body.message).toBe(res.body.errors.length[0]);
      expect(res.body).not.toHaveProperty('data');
    }
    // A length above the bound is no way round it.
    const big = await table('preregistration', { start: 0, length: 20_000 });
    expect(big.status).toBe(422);
    expect(Object.keys(big.body.errors)).toEqual(['length']);
    // The download still holds them all (it streams through a cursor).
    const download = await t.http().get('/api/v1/test-ride/download').set('Authorization', admin);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('answers every row, with the true recordsFiltered, once the filters match at most 10,000', async () => {
    const res = await table('preregistration', { draw: 5, start: 0, length: -1, 'search[value]': 'Bulk B' });
    expect(res.status).toBe(200);
    expect(res.body.draw).toBe(5);
    expect(res.body.recordsFiltered).toBe(PART_B);
    expect(res.body.recordsTotal).toBe(await count(`SELECT count(*)::int AS n FROM preregistration WHERE deleted_at IS NULL`));
    expect(res.body.data).toHaveLength(PART_B);
    expect(new Set(res.body.data.map((r: { slug: string }) => r.slug)).size).toBe(PART_B);
    expect(res.body.data.every((r: { name: string }) => r.name.startsWith('Bulk B '))).toBe(true);
    // Written a batch at a time (ALL_ROWS_BATCH), still one JSON answer in the table's order (newest first) across the batches.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const names = res.body.data.map((r: { name: string }) => r.name);
    expect(names.slice(0, 2)).toEqual(['Bulk B 1', 'Bulk B 2']);
    expect(names.slice(ALL_ROWS_BATCH - 1, ALL_ROWS_BATCH + 1)).toEqual([`Bulk B ${ALL_ROWS_BATCH}`, `Bulk B ${ALL_ROWS_BATCH + 1}`]);
    expect(names[PART_B - 1]).toBe(`Bulk B ${PART_B}`);

    // 'Rider 77' matches Rider 77, 770-779 and 7700-7799.
    const rides = await table('test-ride', { start: 0, length: -1, 'search[value]': 'Rider 77' });
    expect(rides.status).toBe(200);
    const want = await count(`SELECT count(*)::int AS n FROM test_ride WHERE deleted_at IS NULL AND name ILIKE '%Rider 77%'`);
    expect(want).toBe(111);
    expect(rides.body.recordsFiltered).toBe(want);
    expect(rides.body.data).toHaveLength(want);
  });

  it('answers the print page’s read (registrations, length=-1) while there are at most 10,000', async () => {
    const res = await table('registration', { start: 0, length: -1 });
    expect(res.status).toBe(200);
    const n = await count(`SELECT count(*)::int AS n FROM registration WHERE deleted_at IS NULL`);
    expect(res.body.recordsFiltered).toBe(n);
    expect(res.body.data).toHaveLength(n);
  });
});

describe('searches of one or two letters on the tables that grow', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    const [A] = await branchIds(t.db);
    for (const name of ['Qamar Rai', 'Rai Qamar', 'Om Thapa', 'Tom Ommi']) await makePreregistration(t.db, { branchId: A, name });
  });
  afterAll(() => t?.close());

  const names = async (q: string) => {
    const res = await request(t.app.getHttpServer()).get('/api/v1/preregistration').query({ start: 0, length: 100, 'search[value]': q }).set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.recordsFiltered).toBe(res.body.data.length);
    return (res.body.data as Array<{ name: string }>).map((r) => r.name).sort();
  };

  it('match the start of a name or phone (one or two letters, any case), and three or more anywhere', async () => {
    expect(await names('q')).toEqual(['Qamar Rai']);
    expect(await names('OM')).toEqual(['Om Thapa']);
    expect(await names('qam')).toEqual(['Qamar Rai', 'Rai Qamar']);
    expect(await names('omm')).toEqual(['Tom Ommi']);
    // Wildcards typed are letters like any other.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('read the prefix indexes, not every row', async () => {
    // One connection, told to avoid reading the table whole (the demo's tables are small enough for the planner to prefer it).
    const runner = t.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SET enable_seqscan = off`);
      for (const [table, columns] of Object.entries({ preregistration: ['name', 'phone'], registration: ['name', 'phone', 'bill_no'], test_ride: ['name', 'phone', 'email'] })) {
        for (const column of columns) {
          const plan = JSON.stringify(await runner.query(`EXPLAIN (FORMAT JSON) SELECT id FROM ${table} WHERE lower(${column}::text) LIKE 'q%'`));
          expect({ table, column, index: plan.includes(`"${table}_${column}_prefix"`) }).toEqual({ table, column, index: true });
        }
      }
    } finally {
      await runner.release();
    }
  });
});

describe('the statement timeout', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '500' } });
    admin = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t?.close());

  it('ends a statement that runs past it: 503 with Retry-After and a message, never a 500', async () => {
    const lock = await lockTable(t, 'test_ride');
    try {
      const started = Date.now();
      const res = await t.http().get('/api/v1/test-ride').query({ start: 0, length: 10 }).set('Authorization', admin);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: STATEMENT_TIMEOUT_MESSAGE });
      expect(res.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await lock.release();
    }
    expect(t.errors).toEqual([]);
    // The connection is whole again: the next read answers.
    expect((await t.http().get('/api/v1/test-ride').query({ start: 0, length: 10 }).set('Authorization', admin)).status).toBe(200);
  });

  it('leaves an export (a long read by nature) to run past it', async () => {
    const lock = await lockTable(t, 'test_ride');
    let download: Promise<request.Response> | undefined;
    try {
      download = t
        .http()
        .get('/api/v1/test-ride/download')
        .set('Authorization', admin)
        .then((r) => r);
      await until('the export to wait for the lock', async () => (await waitingOnLock(t, 'DECLARE export_cursor')) === 1);
      // Past the 500 ms timeout while it waits.
      await new Promise((r) => setTimeout(r, 1_200));
    } finally {
      await lock.release();
    }
    const res = await download!;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  });
});

describe('requests in flight per signed-in user', () => {
  let t: TestApp;
  let staff: string;
  let manager: string;
  let admin: string;
  beforeAll(async () => {
    // 4 running, 2 waiting (the default queue is 64: a small one keeps the test short).
    t = await startTestApp({ listen: true, env: { USER_REQUESTS_IN_FLIGHT: '4', USER_REQUESTS_QUEUED: '2', DATABASE_POOL_SIZE: '20' } });
    staff = `Bearer ${await t.token('staff@example.com')}`;
    // A user of their own for the full lists: the staff user's last search may still be resting.
    manager = `Bearer ${await t.token('manager@example.com')}`;
    admin = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t?.close());

  const get = (path: string, auth: string) => request(t.url).get(`/api/v1/${path}`).query({ start: 0, length: 10 }).set('Authorization', auth);

  it('runs 4 of one user’s requests, queues 2, answers 429 with Retry-After to the rest, and holds nobody else back', async () => {
    const lock = await lockTable(t, 'test_ride');
    const answered: number[] = [];
    let held: Array<Promise<request.Response>> | undefined;
    try {
      // Eight slow reads at once from one staff token: each waits on the locked table.
      held = Array.from({ length: 8 }, () =>
        get('test-ride', staff).then((r) => {
          answered.push(r.status);
          return r;
        }),
      );
      await until('the two requests over the cap to be answered', () => answered.length >= 2);
      await new Promise((r) => setTimeout(r, 200));
      expect(answered).toEqual([429, 429]);

      // The same user, on a table nobody locked: still over the cap (4 running, 2 waiting).
      const more = await get('preregistration', staff);
      expect(more.status).toBe(429);
      expect(more.headers['retry-after']).toBe('5');
      expect(more.body.message).toMatch(/^Too many of your requests are running at once \(at most 4, with 2 more waiting their turn\)/);
      // Another user is not held back by them.
      const other = await get('user', admin);
      expect(other.status).toBe(200);
      expect(other.body.recordsTotal).toBeGreaterThan(0);
    } finally {
      await lock.release();
    }
    const statuses = (await Promise.all(held!)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Every turn was given back.
    const after = await Promise.all(Array.from({ length: 4 }, () => get('test-ride', staff)));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('runs one search of a user at a time: their next searches wait (2 here, then 429), their other requests and other users go on', async () => {
    const lock = await lockTable(t, 'preregistration');
    const answered: number[] = [];
    let held: Array<Promise<request.Response>> | undefined;
    try {
      const search = (q: string) => get('preregistration', staff).query({ 'search[value]': q });
      // One search runs (it waits on the locked table), two wait their turn, the fourth is refused.
      held = ['ra', 'sh', 'th'].map((q) =>
        search(q).then((r) => {
          answered.push(r.status);
          return r;
        }),
      );
      await until('the first search to wait on the lock', async () => (await waitingOnLock(t, 'SELECT')) >= 1);
      const fourth = await search('gu');
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toMatch(/^Too many of your searches \(or full lists\) are running at once \(at most 1, with 2 more waiting their turn\)/);
      expect(answered).toEqual([]);
      // The same user's table read without a search, and another user's search, are not held back.
      expect((await get('test-ride', staff)).status).toBe(200);
      const others = await get('user', admin).query({ 'search[value]': 'a' });
      expect(others.status).toBe(200);
      // Only one of the user's searches reached the database.
      expect(await waitingOnLock(t, 'SELECT')).toBe(1);
    } finally {
      await lock.release();
    }
    expect((await Promise.all(held!)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('runs a full list (length=-1) in the same lane as the user’s searches: the next wait their turn, other reads and users go on', async () => {
    const lock = await lockTable(t, 'test_ride');
    let held: Array<Promise<request.Response>> | undefined;
    try {
      // One runs (it waits on the locked table), two wait their turn, the fourth is refused.
      held = [{ length: '-1' }, { 'search[value]': 'ra' }, { length: '-1', 'search[value]': 'sh' }].map((q) => get('test-ride', manager).query(q).then((r) => r));
      await until('the first to wait on the lock', async () => (await waitingOnLock(t, 'SELECT')) >= 1);
      // Any spelling the tables read as -1 is a full list too (`-01` and `-1.0` once went round the lane), a HEAD
      // (Express runs the GET's handler, the whole read, and drops the body) is the GET, and the search route's
      // path matches in any case, as the router does.
      const lane = /^Too many of your searches \(or full lists\) are running at once \(at most 1, with 2 more waiting their turn\)/;
      for (const length of ['-1', '-01', '-1.0']) {
        const refused = await get('registration', manager).query({ length });
        expect({ length, status: refused.status, message: refused.body.message }).toEqual({ length, status: 429, message: expect.stringMatching(lane) });
      }
      // The registrations' own `?all` (every row of the filters, as length=-1) takes the same turn.
      const all = await request(t.url).get('/api/v1/registration').query({ all: 1 }).set('Authorization', manager);
      expect({ status: all.status, message: all.body.message }).toEqual({ status: 429, message: expect.stringMatching(lane) });
      const head = await request(t.url).head('/api/v1/registration').query({ length: -1 }).set('Authorization', manager);
      const upper = await request(t.url).post('/api/v1/registration/SEARCH').set('Authorization', manager).send({ q: 'ra' });
      expect({ head: head.status, upper: upper.status, message: upper.body.message }).toEqual({ head: 429, upper: 429, message: expect.stringMatching(lane) });
      // A page of a table, and another user's full list, are not held back.
      expect((await get('preregistration', manager)).status).toBe(200);
      expect((await get('user', admin).query({ length: '-1' })).status).toBe(200);
      // Only one of the user's reads reached the database.
      expect(await waitingOnLock(t, 'SELECT')).toBe(1);
    } finally {
      await lock.release();
    }
    expect((await Promise.all(held!)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('leaves anonymous requests to the per-address limits', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(t.url).get('/api/v1/health')));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
  });
});

describe('one host: the public page', () => {
  let t: TestApp;
  const SITE = 'https://campaign.example.com';
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: `${SITE}/` } });
  });
  afterAll(() => t?.close());

  it('is made once, for PUBLIC_URL, and every other Host header gets the same bytes', async () => {
    const sitePage = t.app.get(SitePage);
    await sitePage.warmed();
    // Each render reads the built index.html through templateOf, once.
    const renders = jest.spyOn(sitePage as unknown as { templateOf(file: string): Promise<unknown> }, 'templateOf');
    const hosts = [
      'campaign.example.com',
      ...Array.from({ length: 100 }, (_, i) => `probe-${i}.example.net:${8000 + i}`),
      '127.0.0.1:3000',
      '[::1]:8080',
      'evil.example/"><script>',
    ];
    const pages: Array<{ text: string; etag: string }> = [];
    for (const host of hosts) {
      const res = await t.http().get('/').set('Host', host);
      expect(res.status).toBe(200);
      pages.push({ text: res.text, etag: res.headers.etag });
    }
    expect(new Set(pages.map((p) => p.text)).size).toBe(1);
    expect(new Set(pages.map((p) => p.etag)).size).toBe(1);
    expect(renders).toHaveBeenCalledTimes(1);
    const html = pages[0].text;
    expect(/<meta property="og:url" content="([^"]*)"/.exec(html)?.[1]).toBe(`${SITE}/`);
    expect(html).not.toContain('probe-');
    expect(html).not.toContain('evil.example');
    renders.mockRestore();
  });
});
