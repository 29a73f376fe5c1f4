import { binaryParser, loginToken } from './factories/authz';
import { appRoutes } from './harness/routes';
import { startTestApp, TestApp } from './harness/test-app';

/** A route that hands out a file of records: its path ends in /export or /download. */
const isExport = (route: string) => /^GET \S+\/(export|download)$/.test(route);

/**
 * Every export or download is on the audit trail: who took which file with which filters.
 * Checked on the routes the app really serves (a new download route is caught too): a
 * download by a branch manager and by head office each leaves one audit row with the
 * query (the effect of @AuditExport() on the handler); a customer download's search and
 * personal filters are kept as '[personal]'.
 */
describe('audit of exports and downloads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  const exportRoutes = () => appRoutes(t).filter(isExport);

  it('finds the export routes', () => {
    expect(exportRoutes().length).toBeGreaterThanOrEqual(4);
  });

  it.each([['office@example.com'], ['manager@example.com']])('records each download by %s with its filters', async (email) => {
    const token = await loginToken(t, email);
    for (const route of exportRoutes()) {
      const path = route.split(' ')[1];
      const before = (await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND user_email = $2`, [route, email]))[0].n;
      const res = await t.http().get(path).query({ search: 'Thapa', ...(path.includes('preregistration') ? { phone: '9841' } : {}) }).set('Authorization', `Bearer ${token}`).buffer(true).parse(binaryParser as never);
      if (res.status === 403) continue; // a route this role may not use (branch export for staff)
      expect([route, res.status]).toEqual([route, 200]);
      // A streamed download is recorded when its stream ends, just after the last byte left.
      let rows: Array<{ fields: unknown; status: number }> = [];
      for (let i = 0; i < 50; i++) {
        rows = await t.db.query(`SELECT fields, status FROM audit_log WHERE action = $1 AND user_email = $2 ORDER BY id`, [route, email]);
        if (rows.length > before) break;
        await new Promise((r) => setTimeout(r, 40));
      }
      expect([route, rows.length - before]).toEqual([route, 1]);
      // A customer download keeps which filters were applied, never a person's name or phone typed into them.
      const customer = !path.startsWith('/api/v1/branch');
      const expected = customer ? { search: '[personal]', ...(path.includes('preregistration') ? { phone: '[personal]' } : {}) } : { search: 'Thapa' };
      expect([route, rows[rows.length - 1]]).toMatchObject([route, { status: 200, fields: { query: expected } }]);
      expect(JSON.stringify(rows[rows.length - 1].fields)).toEqual(customer ? expect.not.stringMatching(/Thapa|9841/) : expect.any(String));
    }
  });
});
