import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './index';

/**
 * The migration rule (docs/decisions.md, "Migrations expand, then contract"):
 * during a deploy the previous release keeps serving on the database the new one has just
 * migrated (`npm run rehearse`, scenario 7). So a migration's `up` only adds what the previous
 * release can ignore; what it would miss (a dropped or renamed column or table, a changed type,
 * a new NOT NULL it does not fill) goes in a later release, in a migration that says so with a
 * `contract:` comment naming the earlier migration after which nothing reads or writes it.
 *
 * The rule holds from the first migration written under it on; the ones before were deployed
 * with every replica stopped.
 */
const FIRST_UNDER_THE_RULE = 1795550700000;

/** What in a migration's `up` would break the release before it, each with why. */
const BREAKING: { pattern: RegExp; why: string }[] = [
  { pattern: /\bDROP\s+(COLUMN|TABLE)\b/i, why: 'drops what the previous release still reads or writes' },
  { pattern: /\bRENAME\b/i, why: 'renames what the previous release still names' },
  { pattern: /\bALTER\s+COLUMN\s+("?\w+"?)\s+(SET\s+DATA\s+)?TYPE\b/i, why: 'changes a type the previous release writes' },
  { pattern: /\bSET\s+NOT\s+NULL\b/i, why: 'makes a column required that the previous release leaves empty' },
  { pattern: /\bADD\s+(COLUMN\s+)?("?\w+"?)\s+[\w ()]+?\bNOT\s+NULL\b(?![^,;`]*\bDEFAULT\b)/i, why: 'adds a required column without a default, which the previous release does not fill' },
];

/** The `up` method's text (up to `down`), where the rule applies: `down` contracts by nature. */
function upOf(source: string): string {
  const start = source.search(/\basync\s+up\s*\(/);
  const end = source.search(/\basync\s+down\s*\(/);
  return start < 0 ? '' : source.slice(start, end > start ? end : undefined);
}

/** The rule's findings for one migration's source: empty when it keeps the previous release working. */
export function expandContractFindings(source: string, earlier: string[]): string[] {
  const contract = /contract:[^\n]*?\b([A-Z]\w*\d{13})\b/.exec(source);
  if (contract) return earlier.includes(contract[1]) ? [] : [`its contract: comment names ${contract[1]}, which is not an earlier migration`];
  const up = upOf(source);
  return BREAKING.filter((b) => b.pattern.test(up)).map((b) => `its up ${b.why} (${b.pattern.exec(up)![0].trim()})`);
}

describe('migrations: expand, then contract a release later', () => {
  const dir = __dirname;
  const files = readdirSync(dir).filter((f) => /^\d{13}-\w+\.ts$/.test(f));
  const ordered = MIGRATIONS.map((m) => m.name);

  it('every migration file is in the list, and the list is in time order', () => {
    const stamp = (name: string) => Number(/(\d{13})$/.exec(name)![1]);
    expect(files.map((f) => Number(f.slice(0, 13))).sort()).toEqual(ordered.map(stamp).sort());
    expect(ordered.map(stamp)).toEqual(ordered.map(stamp).sort((a, b) => a - b));
  });

  it('every migration since the rule keeps the previous release working, or says which expand it contracts', () => {
    const findings: string[] = [];
    for (const file of files.filter((f) => Number(f.slice(0, 13)) >= FIRST_UNDER_THE_RULE)) {
      const source = readFileSync(join(dir, file), 'utf8');
      const name = ordered.find((n) => n.endsWith(file.slice(0, 13)))!;
      for (const f of expandContractFindings(source, ordered.slice(0, ordered.indexOf(name)))) findings.push(`${file}: ${f}`);
    }
    expect(findings).toEqual([]);
  });

  it('the check finds what would break the previous release, and lets a named contract through', () => {
    const migration = (up: string, comment = '') => `/** ${comment} */\nexport class X {\n  async up(q) {\n    await q.query(\`${up}\`);\n  }\n  async down(q) {\n    await q.query(\`ALTER TABLE t DROP COLUMN a\`);\n  }\n}`;
    const earlier = ['NepaliNames1795550700000'];
    expect(expandContractFindings(migration('ALTER TABLE t ADD COLUMN a text'), earlier)).toEqual([]);
    expect(expandContractFindings(migration('ALTER TABLE t ADD COLUMN a int NOT NULL DEFAULT 0'), earlier)).toEqual([]);
    expect(expandContractFindings(migration('CREATE INDEX ON t (a)'), earlier)).toEqual([]);
    for (const breaking of [
      'ALTER TABLE t DROP COLUMN a',
      'DROP TABLE t',
      'ALTER TABLE t RENAME COLUMN a TO b',
      'ALTER TABLE t ALTER COLUMN a TYPE bigint',
      'ALTER TABLE t ALTER COLUMN a SET NOT NULL',
      'ALTER TABLE t ADD COLUMN a int NOT NULL',
    ]) {
      expect(expandContractFindings(migration(breaking), earlier)).toHaveLength(1);
    }
    expect(expandContractFindings(migration('ALTER TABLE t DROP COLUMN a', 'contract: t.a, unread since NepaliNames1795550700000'), earlier)).toEqual([]);
    expect(expandContractFindings(migration('ALTER TABLE t DROP COLUMN a', 'contract: t.a, unread since Later1899999999999'), earlier)).toEqual([
      'its contract: comment names Later1899999999999, which is not an earlier migration',
    ]);
  });
});
