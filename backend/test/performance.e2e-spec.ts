import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countRows, ESTIMATE_ONLY_FROM, EXACT_COUNT_UP_TO, withoutUnusedJoins } from '../src/common/paging/paging';
import { PreregistrationEntity } from '../src/modules/preregistration/preregistration.entity';
import { enquiryBody, uniquePhone } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/** What the bench relies on (docs/benchmarks.md): cached public reads, paging at volume, limits off for a loopback load. */
describe('landing page reads: cached in memory, ETag, dropped on write', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t.close());

  it.each(['/api/v1/settings', '/api/v1/branches', '/api/v1/bike-models', '/api/v1/videos'])('%s answers an ETag a CDN may keep 30 s, and 304 when it matches', async (path) => {
    const first = await t.http().get(path);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.body).toHaveProperty('data');
    const again = await t.http().get(path).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();
  });

  it('a new, renamed or deleted branch shows on /branches at once', async () => {
    const before = await t.http().get('/api/v1/branches');
    const created = await t.http().post('/api/v1/branch').set('Authorization', admin).send({ title: 'Cache Test Motors', state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City' });
    expect(created.status).toBe(200);
    const after = await t.http().get('/api/v1/branches');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.data.data.map((b: { title: string }) => b.title)).toContain('Cache Test Motors');
    await t.http().post(`/api/v1/branch/${created.body.data.slug}`).set('Authorization', admin).send({ title: 'Cache Test Renamed' });
    expect((await t.http().get('/api/v1/branches')).body.data.data.map((b: { title: string }) => b.title)).toContain('Cache Test Renamed');
    await t.http().delete(`/api/v1/branch/${created.body.data.slug}`).set('Authorization', admin);
    const titles = (await t.http().get('/api/v1/branches')).body.data.data.map((b: { title: string }) => b.title);
    expect(titles).not.toContain('Cache Test Renamed');
  });

  it('a bike model and a video written by staff show on the public lists at once', async () => {
    await t.http().get('/api/v1/bike-models');
    await t.http().get('/api/v1/videos');
    const model = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'Cache Test 150' });
    expect(model.status).toBe(200);
    expect((await t.http().get('/api/v1/bike-models')).body.data.map((m: { title: string }) => m.title)).toContain('Cache Test 150');
    const video = await t.http().post('/api/v1/video').set('Authorization', admin).send({ title: 'Cache Test Winner', url: 'https://www.example.com/v/1', amount: 50000 });
    expect(video.status).toBe(200);
    expect((await t.http().get('/api/v1/videos')).body.data.map((v: { title: string }) => v.title)).toContain('Cache Test Winner');
    await t.http().delete(`/api/v1/video/${video.body.data.id}`).set('Authorization', admin);
    expect((await t.http().get('/api/v1/videos')).body.data.map((v: { title: string }) => v.title)).not.toContain('Cache Test Winner');
  });

  it('a settings change shows on /settings at once', async () => {
    await t.http().get('/api/v1/settings');
    const res = await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_name: 'Cache Test Campaign' });
    expect(res.status).toBe(200);
    expect((await t.http().get('/api/v1/settings')).body.data.campaign_name).toBe('Cache Test Campaign');
  });
});

describe('compressed answers for phones on slow networks', () => {
  let t: TestApp;
  const dist = join(__dirname, '..', '..', 'public-site', 'dist');
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(() => t.close());

  const get = (path: string, encoding?: string) => fetch(t.url + path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

  it.each(['br', 'gzip'])('the landing page and its script go out %s-compressed, with their own type, and read back as sent uncompressed', async (encoding) => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const page = await get('/', encoding);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe(encoding);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('vary')).toMatch(/Accept-Encoding/);
    // The page is the built one with the brand written in (site-page.ts): the same text either way.
    expect(await page.text()).toBe(await (await get('/', 'identity')).text());
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1];
    const js = await get(script, encoding);
    expect(js.headers.get('content-encoding')).toBe(encoding);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(readFileSync(join(dist, script), 'utf8'));
  });

  it('a client that takes no compression gets the page uncompressed, built from the built page', async () => {
    const page = await get('/', 'identity');
    expect(page.headers.get('content-encoding')).toBeNull();
    const text = await page.text();
    const built = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(text).toContain(/<script type="module" crossorigin src="[^"]+"><\/script>/.exec(built)![0]);
    expect(text).toContain('<h1 id="hero-title" data-t="hero.title">Win a cash discount on your new bike</h1>');
  });

  it('the public settings (the largest landing answer) go out compressed, and still answer 304 to their ETag', async () => {
    const plain = await get('/api/v1/settings', 'identity');
    const body = await plain.json();
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/v1/settings', encoding);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.json()).toEqual(body);
      const again = await t.http().get('/api/v1/settings').set('Accept-Encoding', encoding).set('If-None-Match', res.headers.get('etag')!);
      expect(again.status).toBe(304);
    }
  });
});

describe('paging at volume: deep pages and bounded counts', () => {
  let t: TestApp;
  let admin: string;
  const N = 260;
  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    await t.db.query(
      `INSERT INTO preregistration (slug, name, phone, status, created_at)
       SELECT 'vol' || g, 'Volume ' || g, '9' || (CASE WHEN g % 2 = 0 THEN '8' ELSE '7' END) || lpad((g * 7919)::text, 8, '0'), 'pending',
              now() - make_interval(mins => (g * 37) % 500)
         FROM generate_series(1, $1::int) AS g`,
      [N],
    );
    await t.db.query('ANALYZE preregistration');
  });
  afterAll(() => t.close());

  const expected = async (start: number, length: number) =>
    (await t.db.query(`SELECT slug FROM preregistration WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`, [start, length])).map((r: { slug: string }) => r.slug);

  it.each([0, 150, 200, 250, 259, 300])('a page at start %i holds the rows that position holds, in order', async (start) => {
    const res = await t.http().get('/api/v1/preregistration').query({ start, length: 10 }).set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { slug: string }) => r.slug)).toEqual(await expected(start, 10));
    expect(res.body.recordsTotal).toBe(N);
    expect(res.body.recordsFiltered).toBe(N);
  });

  it('a deep page keeps the order asked for and the search', async () => {
    const res = await t.http().get('/api/v1/preregistration').query({ start: 201, length: 5, 'search[value]': 'Volume', 'columns[0][data]': 'name', 'order[0][column]': 0, 'order[0][dir]': 'asc' }).set('Authorization', admin);
    const want = (await t.db.query(`SELECT slug FROM preregistration WHERE name ILIKE '%Volume%' ORDER BY name ASC, id ASC OFFSET 201 LIMIT 5`)).map((r: { slug: string }) => r.slug);
    expect(res.body.data.map((r: { slug: string }) => r.slug)).toEqual(want);
    expect(res.body.recordsFiltered).toBe(N);
  });

  it('a deep page ordered or searched by a joined table keeps that join, for a branch user too', async () => {
    await t.db.query(`UPDATE preregistration SET nearest_branch_id = (SELECT id FROM branch ORDER BY id LIMIT 1 OFFSET (preregistration.id % 3)) WHERE slug LIKE 'vol%'`);
    const [{ id: own }] = await t.db.query(`SELECT branch_id AS id FROM "user" WHERE email = 'staff@example.com'`);
    const staff = `Bearer ${await t.token('staff@example.com')}`;
    const query = { start: 201, length: 5, 'columns[0][data]': 'nearest_branch.title', 'order[0][column]': 0, 'order[0][dir]': 'desc' };
    const sql = (scope: string) =>
      `SELECT p.slug FROM preregistration p LEFT JOIN branch nb ON nb.id = p.nearest_branch_id
        WHERE p.deleted_at IS NULL ${scope} ORDER BY nb.title DESC, p.id DESC OFFSET 201 LIMIT 5`;
    const asAdmin = await t.http().get('/api/v1/preregistration').query(query).set('Authorization', admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.map((r: { slug: string }) => r.slug)).toEqual((await t.db.query(sql(''))).map((r: { slug: string }) => r.slug));
    const ownRows = (await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE COALESCE(branch_id, nearest_branch_id) = $1 AND deleted_at IS NULL`, [own]))[0].n;
    const asStaff = await t.http().get('/api/v1/preregistration').query({ ...query, start: 0, length: 300 }).set('Authorization', staff);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.recordsTotal).toBe(ownRows);
    expect(asStaff.body.data.map((r: { slug: string }) => r.slug)).toEqual(
      (await t.db.query(sql(`AND COALESCE(p.branch_id, p.nearest_branch_id) = ${Number(own)}`).replace('OFFSET 201 LIMIT 5', 'LIMIT 300'))).map((r: { slug: string }) => r.slug),
    );
  });

  it('a count or a deep page reads no table it does not need: unused joins to one row are left out, used ones kept', () => {
    const qb = () =>
      t.db
        .getRepository(PreregistrationEntity)
        .createQueryBuilder('p')
        .leftJoinAndSelect('p.branch', 'branch')
        .leftJoinAndSelect('p.nearest_branch', 'nearest_branch')
        .leftJoin('bike_model', 'bike_model', 'bike_model.id = p.bike_model_id')
        .leftJoin('sms_outbox', 'sms', 'sms.phone = p.phone');
    const count = withoutUnusedJoins(qb().select('1', 'one')).getQuery();
    expect(count).not.toMatch(/JOIN "branch"|JOIN "bike_model"/);
    // Not known to match one row at most (a join on another table's non-key column): kept.
    expect(count).toMatch(/JOIN "sms_outbox"/);
    const ordered = withoutUnusedJoins(qb().select('p.id').andWhere('bike_model.title = :t', { t: 'x' }).orderBy('nearest_branch.title')).getQuery();
    expect(ordered).toMatch(/JOIN "branch" "nearest_branch"/);
    expect(ordered).toMatch(/JOIN "bike_model"/);
    expect(ordered).not.toMatch(/JOIN "branch" "branch"/);
    expect(withoutUnusedJoins(qb()).getQuery()).toMatch(/JOIN "branch" "branch".*JOIN "branch" "nearest_branch"/);
  });

  it('counts exactly up to the bound and estimates above it, never below the bound', async () => {
    const qb = () => t.db.getRepository(PreregistrationEntity).createQueryBuilder('p').leftJoin('p.branch', 'branch');
    expect(EXACT_COUNT_UP_TO).toBe(100_000);
    expect(await countRows(qb())).toBe(N);
    expect(await countRows(qb().andWhere('p.name = :n', { n: 'Volume 7' }))).toBe(1);
    const estimated = await countRows(qb(), 100);
    expect(estimated).toBeGreaterThanOrEqual(101);
    expect(estimated).toBeLessThan(N * 3);
    // Planned at 5 times the bound or more: the estimate alone, still above the bound.
    expect(ESTIMATE_ONLY_FROM).toBe(5);
    const planned = await countRows(qb(), 20);
    expect(planned).toBeGreaterThanOrEqual(100);
    expect(planned).toBeLessThan(N * 3);
  });
});

describe('RATE_LIMIT_DISABLED (the load bench on loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(() => t.close());

  it('lets one address send more enquiries than its per-address limit (10 in 10 minutes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await t.http().post('/api/v1/enquiry').send(await enquiryBody(t.db, { phone: uniquePhone() }))).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });
});
