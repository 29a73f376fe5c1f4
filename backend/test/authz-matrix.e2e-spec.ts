import type { Response } from 'supertest';
import { Actor, ACTORS, AUTHZ_MATRIX, Call, Expect, Listing, MatrixContext, MatrixRow, Outcome, Side, SIDES } from './authz-matrix';
import { ACTOR_EMAILS, classify, loginToken, matrixContext, sendCall, xlsxObjects } from './factories/authz';
import { CAMPAIGN_ENV, enquiryBody, nextIp } from './factories/campaign';
import { pngBuffer } from './factories/images';
import { changeCount, installChangeCounter } from './harness/db-changes';
import { appRoutes } from './harness/routes';
import { startTestApp, TestApp } from './harness/test-app';

type Tokens = Record<Exclude<Actor, 'anon'>, string>;

/**
 * The branch that owns a row: its branch_id; a public enquiry (no branch) belongs to the
 * showroom the visitor chose as nearest, whose staff follow it up.
 */
const ownerOf = (table: string) => (table === 'preregistration' ? 'COALESCE(branch_id, nearest_branch_id)' : 'branch_id');

interface CellResult {
  route: string;
  actor: Actor;
  side: Side;
  expected: Outcome;
  status: number;
  /** What the caller saw of another branch (records, rows, counts). */
  leaks: string[];
}

/**
 * Drives every cell of test/authz-matrix.ts: every route x six callers x a record of
 * branch A and of branch B. Asserts each answer, and counts cross-branch reads or writes
 * that succeeded (must be 0): a 2xx on another branch's record, or rows/counts of another
 * branch in a table, export or list.
 */
describe('authorization matrix (every route x caller x branch)', () => {
  let t: TestApp;
  let c: MatrixContext;
  let tokens: Tokens;
  const results: CellResult[] = [];

  beforeAll(async () => {
    // No SMS worker: it would change rows in the background while cells count changes.
    t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
    tokens = {} as Tokens;
    for (const [actor, email] of Object.entries(ACTOR_EMAILS)) tokens[actor as keyof Tokens] = await loginToken(t, email);
    c = await matrixContext(t, () => tokens);
    await seedScreenshots();
    await installChangeCounter(t.db);
  });
  afterAll(async () => {
    const driven = results.length;
    const crossBranch = results.filter((r) => r.leaks.length);
    const statuses = results.reduce<Record<string, number>>((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {});
    console.log(
      `authz matrix: ${Object.keys(AUTHZ_MATRIX).length} routes, ${driven} cells driven; answers ${JSON.stringify(statuses)}; cross-branch successes: ${crossBranch.length}`,
    );
    await t?.close();
  });

  /** Screenshots attached to pre-registrations of A, B and the public site (the file picker must not list them to branch staff). */
  async function seedScreenshots() {
    for (const actor of ['staffA', 'staffB'] as const) {
      const res = await t
        .http()
        .post('/api/v1/preregistration')
        .set('Authorization', `Bearer ${tokens[actor]}`)
        .field('name', 'Screenshot Customer')
        .field('address', 'Teku Kathmandu')
        .field('phone', c.make.phone())
        .field('citizenship_no', c.make.uniqueDigits(11))
        .field('send_sms', 'false')
        .attach('screenshot', await pngBuffer(32, 32, actor === 'staffA' ? '#aa0000' : '#0000aa'), 'post.png');
      if (res.status !== 200) throw new Error(`screenshot seed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const body = await enquiryBody(t.db);
    const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
    for (const [k, v] of Object.entries(body)) req.field(k, String(v));
    const res = await req.attach('screenshot', await pngBuffer(32, 32, '#00aa00'), 'shared.png');
    if (res.status !== 200) throw new Error(`public screenshot seed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  it('lists every route of the app, and no route the app does not have', () => {
    expect(appRoutes(t)).toEqual(Object.keys(AUTHZ_MATRIX).sort());
  });

  const send = (call: Call, actor: Actor): Promise<Response> => sendCall(t, call, actor === 'anon' ? undefined : tokens[actor]);

  /** Branch ids of what a listing answered, as seen by the leak check. */
  async function seenBranches(listing: Listing, res: Response): Promise<Array<number | null>> {
    switch (listing.kind) {
      case 'rows': {
        const items: Array<{ id: number }> = Array.isArray(res.body.data) ? res.body.data : [];
        if (!items.length) return [];
        const rows = await t.db.query(`SELECT ${ownerOf(listing.table)} AS branch_id FROM "${listing.table}" WHERE id = ANY($1)`, [items.map((i) => i.id)]);
        if (rows.length !== items.length) throw new Error(`${listing.table}: ${items.length} rows answered, ${rows.length} found`);
        return rows.map((r: { branch_id: number | null }) => r.branch_id);
      }
      case 'branches':
        return (res.body.data as Array<{ id: number }>).map((b) => b.id);
      case 'xlsx': {
        const titles = new Map<string, number>((await t.db.query(`SELECT id, title FROM branch`)).map((b: { id: number; title: string }) => [b.title, b.id]));
        return (await xlsxObjects(res)).map((r) => titles.get(r[listing.column]) ?? (listing.fallback ? titles.get(r[listing.fallback]) : undefined) ?? null);
      }
      case 'files': {
        const ids = (res.body.data as Array<{ id: number }>).map((f) => f.id);
        const owners = await t.db.query(`SELECT ${ownerOf('preregistration')} AS branch_id FROM preregistration WHERE screenshot_id = ANY($1)`, [ids]);
        return owners.map((o: { branch_id: number | null }) => o.branch_id);
      }
      default:
        return [];
    }
  }

  /** Counts a branch user may see, worked out from the database, against what the route answered. */
  async function countLeaks(listing: Listing, res: Response, own: number): Promise<string[]> {
    if (listing.kind === 'stats') {
      const count = async (table: string) => (await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE deleted_at IS NULL AND branch_id = $1`, [own]))[0].n;
      const d = res.body.data;
      const leaks: string[] = [];
      if (d.total > (await count('registration'))) leaks.push(`stats.total ${d.total}`);
      const [pre] = await t.db.query(`SELECT count(*)::int AS n FROM preregistration WHERE deleted_at IS NULL AND ${ownerOf('preregistration')} = $1`, [own]);
      if (d.preregistrations > pre.n) leaks.push(`stats.preregistrations ${d.preregistrations}`);
      if (d.test_rides > (await count('test_ride'))) leaks.push(`stats.test_rides ${d.test_rides}`);
      return leaks;
    }
    if (listing.kind === 'referrers') {
      const leaks: string[] = [];
      for (const r of res.body.data as Array<{ id: number; test_rides_count: number; referrals_count: number }>) {
        const [n] = await t.db.query(
          `SELECT (SELECT count(*)::int FROM test_ride WHERE referrer_id = $1 AND deleted_at IS NULL AND branch_id = $2) AS rides,
                  (SELECT count(*)::int FROM registration WHERE referred_by = $1 AND deleted_at IS NULL AND branch_id = $2) AS sales`,
          [r.id, own],
        );
        if (r.test_rides_count > n.rides || r.referrals_count > n.sales) leaks.push(`referrer ${r.id} counts ${r.test_rides_count}/${r.referrals_count}`);
      }
      return leaks;
    }
    return (await seenBranches(listing, res)).filter((b) => b !== own).map((b) => `a row of branch ${b ?? 'none (public)'}`);
  }

  async function drive(route: string, spec: MatrixRow, actor: Actor, side: Side): Promise<CellResult> {
    const expectOf = (e: Expect) => (Array.isArray(e) ? e[side === 'A' ? 0 : 1] : e);
    const expected = expectOf(spec.expect[actor]);
    const call = await spec.request(c, side, actor);
    const own = c.branchOf(actor);
    const foreignRecord = spec.branchOwned && own !== null && c.branch[side].id !== own && !spec.listing;
    const before = foreignRecord ? await changeCount(t.db) : 0;
    const res = await send(call, actor);
    const leaks: string[] = [];
    const ok = res.status >= 200 && res.status < 300;
    if (foreignRecord) {
      if (ok) leaks.push(`${res.status} on branch ${side}'s record`);
      const changed = (await changeCount(t.db)) - before;
      if (changed) leaks.push(`${changed} rows changed by a refused cross-branch call`);
    }
    if (ok && spec.listing && spec.branchOwned && own !== null) leaks.push(...(await countLeaks(spec.listing, res, own)));
    if (ok && spec.after === 'relogin' && actor !== 'anon') tokens[actor] = await loginToken(t, ACTOR_EMAILS[actor]);
    const result: CellResult = { route, actor, side, expected, status: res.status, leaks };
    results.push(result);
    if (classify(res.status) !== expected) {
      (result as CellResult & { body?: unknown }).body = call.xlsx ? '[xlsx]' : res.body;
    }
    return result;
  }

  it.each(Object.keys(AUTHZ_MATRIX).sort())('%s', async (route) => {
    const spec = AUTHZ_MATRIX[route];
    const cells: CellResult[] = [];
    for (const actor of ACTORS) for (const side of SIDES) cells.push(await drive(route, spec, actor, side));
    const wrong = cells.filter((r) => classify(r.status) !== r.expected || r.leaks.length);
    expect(wrong).toEqual([]);
  });

  it('no cross-branch read or write succeeded in any cell', () => {
    expect(results.length).toBe(Object.keys(AUTHZ_MATRIX).length * ACTORS.length * SIDES.length);
    expect(results.filter((r) => r.leaks.length)).toEqual([]);
  });
});
