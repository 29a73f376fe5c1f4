import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTHZ_MATRIX } from '../authz-matrix';

/**
 * Every write route is fuzzed. The authorization matrix lists exactly the app's routes (its
 * test fails otherwise), so a write route it has and no fuzz suite names fails here.
 */
describe('bad input covers every write route', () => {
  it('each POST, PATCH and DELETE route of the app has a fuzz run', () => {
    const sources = readdirSync(__dirname)
      .filter((f) => f.endsWith('-writes.e2e-spec.ts'))
      .map((f) => readFileSync(join(__dirname, f), 'utf8'))
      .join('\n');
    const writes = Object.keys(AUTHZ_MATRIX).filter((r) => !r.startsWith('GET '));
    expect(writes.filter((r) => !sources.includes(`'${r}`))).toEqual([]);
    expect(writes.length).toBeGreaterThanOrEqual(40);
  });
});
