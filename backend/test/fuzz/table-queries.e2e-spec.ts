import fc from 'fast-check';
import type { Response } from 'supertest';
import { binaryParser, xlsxObjects } from '../factories/authz';
import { branchIds, nextIp } from '../factories/campaign';
import { appRoutes } from '../harness/routes';
import { FuzzApp, fuzzRoute, hostileString, INJECTIONS, pathParam, pct, report, RunStats, startFuzzApp } from './fuzz-kit';

jest.setTimeout(900_000);

const STAFF = 'staff@example.com';
const MANAGER = 'manager@example.com';
const OFFICE = 'office@example.com';
const ADMIN = 'admin@example.com';

/** The paging protocol's parameters (docs/api.md, "Conventions"). */
const PAGING = ['draw', 'start', 'length', 'search[value]', 'search', 'order[0][column]', 'order[0][dir]', 'order[1][column]', 'columns[0][data]', 'columns[1][data]', 'columns[0][name]'];

interface TableRoute {
  path: string;
  /** Who asks: a branch user where the table is branch-owned (scope is checked). */
  as: string;
  /** The table's own filters. */
  filters: string[];
  /** How to find each answered row's branch (branch-owned tables). */
  owner?: { table: string; expr?: string } | { xlsx: string };
  xlsx?: boolean;
}

/** Every table, export and filtered list of the app. */
const TABLES: TableRoute[] = [
  { path: '/api/v1/preregistration', as: STAFF, filters: ['phone', 'bike_model', 'branch', 'from', 'to', 'prize'], owner: { table: 'preregistration', expr: 'COALESCE(branch_id, nearest_branch_id)' } },
  { path: '/api/v1/preregistration/download', as: STAFF, filters: ['phone', 'bike_model', 'branch', 'from', 'to', 'prize'], owner: { xlsx: 'Branch' }, xlsx: true },
  { path: '/api/v1/registration', as: STAFF, filters: ['payment_mode', 'bike_model', 'branch', 'from', 'to', 'prize', 'pre_prize', 'post_prize', 'shared'], owner: { table: 'registration' } },
  { path: '/api/v1/registration/deleted', as: MANAGER, filters: ['branch', 'from', 'to'], owner: { table: 'registration' } },
  { path: '/api/v1/registration/download', as: STAFF, filters: ['payment_mode', 'bike_model', 'branch', 'from', 'to', 'prize', 'pre_prize', 'post_prize', 'shared'], owner: { xlsx: 'Branch' }, xlsx: true },
  { path: '/api/v1/test-ride', as: STAFF, filters: ['from', 'to', 'branch'], owner: { table: 'test_ride' } },
  { path: '/api/v1/test-ride/download', as: STAFF, filters: ['from', 'to', 'branch'], owner: { xlsx: 'Branch' }, xlsx: true },
  { path: '/api/v1/referrer', as: STAFF, filters: ['from', 'to'] },
  { path: '/api/v1/branch', as: MANAGER, filters: ['branch'], owner: { table: 'branch', expr: 'id' } },
  { path: '/api/v1/branch/export', as: MANAGER, filters: ['branch'], owner: { xlsx: 'Title' }, xlsx: true },
  { path: '/api/v1/branch-stats', as: MANAGER, filters: [] },
  { path: '/api/v1/bike-model', as: STAFF, filters: ['all'] },
  { path: '/api/v1/video', as: MANAGER, filters: ['amount'] },
  { path: '/api/v1/user', as: OFFICE, filters: ['branch', 'role'] },
  { path: '/api/v1/audit', as: OFFICE, filters: ['user', 'resource', 'from', 'to'] },
  { path: '/api/v1/allocation', as: ADMIN, filters: ['type', 'branch', 'date', 'from', 'to'] },
  { path: '/api/v1/allocation/day', as: ADMIN, filters: ['date'] },
  { path: '/api/v1/sms', as: OFFICE, filters: ['from', 'to', 'type'] },
  { path: '/api/v1/file', as: STAFF, filters: ['type'] },
  { path: '/api/v1/analytics', as: OFFICE, filters: ['from', 'to', 'branch'] },
  { path: '/api/v1/stats', as: STAFF, filters: [] },
];

/** A value for one query parameter: injection strings most of all, raw bad escapes, arrays and nested keys. */
const paramValue: fc.Arbitrary<{ raw: string } | string | string[]> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 5 },
  // Longer than ~16 kB the URL is refused by Node itself (431): up to 5,000 characters is enough.
  { arbitrary: hostileString.map((s) => s.slice(0, 5000)), weight: 3 },
  { arbitrary: fc.constantFrom('asc', 'desc', 'ASC', '0', '1', '-1', '10', '1000', '100000000000', '1e9', '0x10', 'created_at', 'name', 'id', 'branch.title', 'all', 'none', 'public', '2026-11-22', '2026-11-22 18:15', '2026-02-30', '9999-99-99'), weight: 3 },
  // Names every object inherits: a lookup that is not an own-key check treats them as known.
  { arbitrary: fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'), weight: 1 },
  { arbitrary: fc.constantFrom({ raw: '%FF%FE' }, { raw: '%' }, { raw: '%E0%A4' }, { raw: '%00' }, { raw: '%C0%AE%C0%AE' }), weight: 1 },
  { arbitrary: fc.array(fc.constantFrom(...INJECTIONS), { minLength: 1, maxLength: 3 }), weight: 1 },
);

function queryString(params: Array<[string, { raw: string } | string | string[]]>): string {
  const parts: string[] = [];
  for (const [k, v] of params) {
    if (Array.isArray(v)) for (const x of v) parts.push(`${pct(k)}[]=${pct(x)}`);
    else if (typeof v === 'object') parts.push(`${pct(k)}=${v.raw}`);
    else parts.push(`${pct(k)}=${pct(v)}`);
  }
  return parts.join('&');
}

/**
 * Injection strings (SQL, '; DROP TABLE, %, _, \, NUL, lone surrogates, long text...) in
 * every order, search and filter parameter of every table, export and filtered list:
 * 0 answers of 500 (422 for a refused parameter is fine), nothing written, and a branch
 * user's answer holds only their branch's rows.
 */
describe('bad input: table parameters (order, search, filters) and path parameters', () => {
  let app: FuzzApp;
  const stats: RunStats[] = [];
  let own: Record<string, number>;

  beforeAll(async () => {
    app = await startFuzzApp([STAFF, MANAGER, OFFICE, ADMIN]);
    const [a] = await branchIds(app.t.db);
    own = { [STAFF]: a, [MANAGER]: a };
  });
  afterAll(async () => {
    report('bad input (table parameters, path parameters)', stats);
    await app?.t.close();
  });

  it('covers every GET route with a table or filters', () => {
    const listed = new Set(TABLES.map((r) => `GET ${r.path}`));
    const gets = appRoutes(app.t).filter((r) => r.startsWith('GET ') && !r.includes(':'));
    const others = ['GET /api/v1/health', 'GET /api/v1/role', 'GET /api/v1/branches', 'GET /api/v1/bike-models', 'GET /api/v1/videos', 'GET /api/v1/settings', 'GET /api/v1/setting', 'GET /api/v1/geography', 'GET /api/v1/fairness', 'GET /api/v1/fairness/chain', 'GET /api/v1/prizes'];
    expect(gets.filter((r) => !listed.has(r) && !others.includes(r))).toEqual([]);
  });

  async function outOfScope(route: TableRoute, res: Response): Promise<string[]> {
    const branch = own[route.as];
    if (branch === undefined || !route.owner || res.status !== 200) return [];
    if ('xlsx' in route.owner) {
      const titles = new Map<string, number>((await app.t.db.query(`SELECT id, title FROM branch`)).map((b: { id: number; title: string }) => [b.title, b.id]));
      const column = route.owner.xlsx;
      const foreign = (await xlsxObjects(res)).filter((r) => titles.get(r[column]) !== branch);
      return foreign.length ? [`${foreign.length} rows of another branch in the download`] : [];
    }
    const ids = (Array.isArray(res.body?.data) ? res.body.data : []).map((r: { id: number }) => r.id);
    if (!ids.length) return [];
    const rows = await app.t.db.query(`SELECT ${route.owner.expr ?? 'branch_id'} AS b FROM "${route.owner.table}" WHERE id = ANY($1)`, [ids]);
    const foreign = rows.filter((r: { b: number | null }) => r.b !== branch);
    return foreign.length ? [`${foreign.length} rows of another branch`] : [];
  }

  it.each(TABLES.map((r) => [r.path, r] as const))('GET %s', async (_path, route) => {
    const names = [...PAGING, ...route.filters];
    const arb = fc.array(fc.tuple(fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 6 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 }), paramValue), { minLength: 1, maxLength: 5 });
    const auditRows = async () => (await app.t.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n as number;
    let audited = await auditRows();
    const { findings, stats: s } = await fuzzRoute(
      app,
      `GET ${route.path}`,
      arb,
      (params) => {
        const req = app.t.http().get(`${route.path}?${queryString(params)}`).set('Authorization', `Bearer ${app.tokens[route.as]}`).set('X-Forwarded-For', nextIp());
        return route.xlsx ? req.buffer(true).parse(binaryParser as never) : req;
      },
      {
        onSuccess: async (_p, res) => {
          const problems = await outOfScope(route, res);
          if (route.xlsx && res.headers['content-type'] !== 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') problems.push('download without the xlsx type');
          if (route.xlsx) {
            await xlsxObjects(res).catch(() => problems.push('a 200 download is not a readable workbook'));
            // Its audit row is written when the stream ends: wait for it, so it is not taken for the next request's change.
            for (let i = 0; i < 50 && (await auditRows()) === audited; i++) await new Promise((r) => setTimeout(r, 20));
            audited = await auditRows();
          }
          return problems;
        },
      },
    );
    stats.push(s);
    expect(findings).toEqual([]);
  });

  it('GET routes with a path parameter: generated ids and slugs', async () => {
    const routes = appRoutes(app.t).filter((r) => r.startsWith('GET ') && r.includes(':'));
    const arb = fc.tuple(fc.constantFrom(...routes), pathParam);
    const { findings, stats: s } = await fuzzRoute(app, 'GET <every route with a path parameter>', arb, ([route, param]) => {
      const path = route.slice(4).replace(/:\w+/, pct(param));
      return app.t.http().get(path).set('Authorization', `Bearer ${app.tokens[ADMIN]}`).set('X-Forwarded-For', nextIp());
    });
    stats.push(s);
    expect(findings).toEqual([]);
  });
});
