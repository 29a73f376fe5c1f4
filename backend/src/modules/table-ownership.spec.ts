import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Each table has one owning module, and only that module's code names it in SQL or a query
 * builder; other modules ask the owner (a method, or a hook such as BranchCounters). The owner
 * of an entity's table is the module folder of its @Entity; tables without an entity are
 * declared here. Migrations and seeds (under src/database) are not modules and are not read.
 */
const MODULES = __dirname;
const TABLES_WITHOUT_ENTITY: Record<string, string> = {
  draw: 'draw',
  draw_day: 'fairness',
  setting: 'setting',
  sms_outbox: 'sms',
  signin_code: 'auth',
  geo_province: 'geography',
  geo_district: 'geography',
  geo_local_level: 'geography',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const moduleOf = (path: string) => relative(MODULES, path).split('/')[0];

function owners(): Record<string, string> {
  const out: Record<string, string> = { ...TABLES_WITHOUT_ENTITY };
  for (const path of sources(MODULES)) {
    for (const m of readFileSync(path, 'utf8').matchAll(/@Entity\(\s*'([a-z_]+)'/g)) out[m[1]] = moduleOf(path);
  }
  return out;
}

/** Every place a file names a table: SQL (FROM, JOIN, UPDATE, INTO) or a query builder's from/join/insert/update. */
function namedTables(text: string, tables: string[]): Array<{ table: string; line: number }> {
  const names = tables.join('|');
  const sql = new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\\s+"?(${names})"?(?![\\w.])`, 'g');
  const builder = new RegExp(`\\.(?:from|leftJoin|innerJoin|leftJoinAndSelect|innerJoinAndSelect|leftJoinAndMapOne|update|insert|into|delete)\\(\\s*['"\`](${names})['"\`]`, 'g');
  const dynamic = /\b(?:FROM|JOIN|UPDATE|INTO)\s+\$\{/g;
  const found: Array<{ table: string; line: number }> = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const re of [sql, builder]) for (const m of text.matchAll(re)) found.push({ table: m[1], line: lineOf(m.index!) });
  for (const m of text.matchAll(dynamic)) found.push({ table: '${...} (a table named by a variable cannot be checked)', line: lineOf(m.index!) });
  return found;
}

describe('table ownership', () => {
  const tableOwners = owners();

  it('knows the owner of every table the app has', () => {
    expect(Object.keys(tableOwners).sort()).toEqual(
      expect.arrayContaining(['allocation', 'branch', 'draw', 'preregistration', 'registration', 'setting', 'sms_batch', 'sms_outbox', 'test_ride', 'user']),
    );
  });

  it('lets no module name another module’s table', () => {
    const foreign: string[] = [];
    for (const path of sources(MODULES)) {
      const mine = moduleOf(path);
      for (const { table, line } of namedTables(readFileSync(path, 'utf8'), Object.keys(tableOwners))) {
        if (tableOwners[table] !== mine) foreign.push(`${relative(MODULES, path)}:${line} names ${table} (owned by ${tableOwners[table] ?? 'nobody'})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('catches a foreign table in SQL and in a query builder', () => {
    const tables = Object.keys(tableOwners);
    expect(namedTables("em.query(`UPDATE preregistration SET purchased = true`)", tables)).toEqual([{ table: 'preregistration', line: 1 }]);
    expect(namedTables("qb.from('registration', 'r')\n.leftJoin('draw', 'd', 'd.id = r.id')", tables)).toEqual([
      { table: 'registration', line: 1 },
      { table: 'draw', line: 2 },
    ]);
    expect(namedTables('`SELECT 1 FROM "user" u`', tables)).toEqual([{ table: 'user', line: 1 }]);
    expect(namedTables('`SELECT 1 FROM ${table}`', tables)).toHaveLength(1);
    expect(namedTables("'preregistration.prize' and the registration's prize", tables)).toEqual([]);
  });
});
