import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/**
 * A table with a repository (src/repositories/<table>.repository.ts, `-` for `_`) is named in
 * SQL or a query builder only by that file; every other code asks the repository
 * (docs/architecture.md, "The floors"). A table without one yet has one owning module, and
 * only that module's code names it; other modules ask the owner's methods. The owner of an entity's table is the module folder of its @Entity; tables
 * without an entity are declared here. Migrations and seeds (under src/database) are not
 * modules and are not read.
 */
const MODULES = __dirname;
const REPOSITORIES = join(__dirname, '..', 'repositories');
const TABLES_WITHOUT_ENTITY: Record<string, string> = {
  draw: 'draw',
  draw_day: 'fairness',
  setting: 'setting',
  sms_outbox: 'sms',
  signin_code: 'auth',
  enquiry_claim: 'preregistration',
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

/** Table -> the repository file that holds it (relative to src/). */
function repositories(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of sources(REPOSITORIES)) {
    const m = /^([a-z-]+)\.repository\.ts$/.exec(basename(path));
    if (m) out[m[1].replace(/-/g, '_')] = relative(join(MODULES, '..'), path);
  }
  return out;
}

/** Why `path` may not name `table`, or null when it may. */
function refusal(path: string, table: string, tableOwners: Record<string, string>, tableRepositories: Record<string, string>): string | null {
  const file = relative(join(MODULES, '..'), path);
  const repository = tableRepositories[table];
  if (repository) {
    if (file === repository) return null;
    return `owned by ${repository}`;
  }
  if (file.startsWith('modules/') && tableOwners[table] === moduleOf(path)) return null;
  return `owned by ${tableOwners[table] ?? 'nobody'}`;
}

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

  it('lets no module name another module’s table, and no code but its repository a table that has one', () => {
    const tableRepositories = repositories();
    const foreign: string[] = [];
    for (const path of [...sources(MODULES), ...sources(REPOSITORIES)]) {
      for (const { table, line } of namedTables(readFileSync(path, 'utf8'), Object.keys(tableOwners))) {
        const why = refusal(path, table, tableOwners, tableRepositories);
        if (why) foreign.push(`${relative(join(MODULES, '..'), path)}:${line} names ${table} (${why})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it("has a repository for every table but the geography's reference tables (read-only, seeded by their migration)", () => {
    const tableRepositories = repositories();
    expect(Object.keys(tableOwners).filter((table) => !tableRepositories[table]).sort()).toEqual(['geo_district', 'geo_local_level', 'geo_province']);
  });

  it('finds the repositories and refuses their tables to the modules', () => {
    const tableRepositories = repositories();
    expect(tableRepositories).toMatchObject({ registration: 'repositories/registration.repository.ts', test_ride: 'repositories/test-ride.repository.ts' });
    const inModule = join(MODULES, 'registration', 'x.service.ts');
    expect(refusal(inModule, 'registration', tableOwners, tableRepositories)).toBe('owned by repositories/registration.repository.ts');
    expect(refusal(join(REPOSITORIES, 'registration.repository.ts'), 'registration', tableOwners, tableRepositories)).toBeNull();
    expect(refusal(join(REPOSITORIES, 'registration.repository.ts'), 'branch', tableOwners, tableRepositories)).toBe('owned by repositories/branch.repository.ts');
    expect(refusal(join(MODULES, 'branch', 'x.service.ts'), 'branch', tableOwners, tableRepositories)).toBe('owned by repositories/branch.repository.ts');
    // A table without a repository (the geography's reference tables) stays its module's.
    expect(refusal(join(REPOSITORIES, 'registration.repository.ts'), 'geo_province', tableOwners, tableRepositories)).toBe('owned by geography');
    expect(refusal(join(MODULES, 'geography', 'x.service.ts'), 'geo_province', tableOwners, tableRepositories)).toBeNull();
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
