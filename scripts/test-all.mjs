// `npm test`: builds, runs every workspace's tests, and ends with one line counting them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'campaign-test-results-'));
buildIfNeeded();

const suites = [
  { name: 'domain', cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(out, 'domain.json')}`], cwd: 'domain', file: 'domain.json' },
  { name: 'admin', cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(out, 'admin.json')}`], cwd: 'admin', file: 'admin.json' },
  { name: 'public-site', cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(out, 'public-site.json')}`], cwd: 'public-site', file: 'public-site.json' },
  { name: 'backend', cmd: ['npx', 'jest', '--json', `--outputFile=${join(out, 'backend.json')}`, ...process.argv.slice(2)], cwd: 'backend', file: 'backend.json' },
  // The embedded database as `npm start` runs it (PGlite, one transaction at a time): every route and the
  // scheme journey in Chromium. PGlite loads its WebAssembly with import(), which jest's VM allows with this flag.
  { name: 'backend-embedded', cmd: ['npx', 'jest', '-c', 'jest.embedded.config.js', '--runInBand', '--json', `--outputFile=${join(out, 'backend-embedded.json')}`], cwd: 'backend', file: 'backend-embedded.json', env: { NODE_OPTIONS: '--experimental-vm-modules' } },
  // Fault tests (database stopped mid-load, SIGKILL/SIGTERM, two instances): child processes, one file at a time.
  { name: 'backend-faults', cmd: ['npx', 'jest', '-c', 'jest.faults.config.js', '--runInBand', '--json', `--outputFile=${join(out, 'backend-faults.json')}`], cwd: 'backend', file: 'backend-faults.json' },
];

let passed = 0;
let failed = 0;
const lines = [];
// Each failed test's name and the start of its message, printed again beside the count: a long
// run's log is read from its end (CI keeps only its tail), where jest's own report has scrolled away.
const failures = [];
const firstLines = (text, n = 30) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim() && !/node_modules|\(<anonymous>\)/.test(l))
    .slice(0, n)
    .map((l) => `    ${l}`)
    .join('\n');

// Each workspace type-checked, tests included: the answers' shapes live once in @campaign/domain
// (api.ts), so a field the backend renames or makes nullable fails the screen that reads it here.
// One test per workspace (vite builds the front ends without checking types).
console.log('\n=== types ===');
const typeFailures = [];
for (const w of ['domain', 'backend', 'admin', 'public-site']) {
  const r = spawnSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: join(root, w), stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  if (r.status === 0) passed += 1;
  else typeFailures.push(w);
}
failed += typeFailures.length;
lines.push(`types: ${4 - typeFailures.length} passed, ${typeFailures.length} failed${typeFailures.length ? ` (${typeFailures.join(', ')})` : ''}`);

for (const s of suites) {
  console.log(`\n=== ${s.name} ===`);
  const r = spawnSync(s.cmd[0], s.cmd.slice(1), { cwd: join(root, s.cwd), stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...s.env } });
  const file = join(out, s.file);
  if (!existsSync(file)) {
    failed += 1;
    lines.push(`${s.name}: did not report (exit ${r.status})`);
    continue;
  }
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const p = json.numPassedTests ?? 0;
  let f = json.numFailedTests ?? 0;
  // A suite that failed to run (syntax error, setup failure) counts as a failure too.
  const broken = json.numRuntimeErrorTestSuites ?? 0;
  f += broken;
  if (r.status !== 0 && f === 0) f = 1;
  for (const file of json.testResults ?? []) {
    const where = `${s.name} ${file.name.replace(root, '')}`;
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failures.push(`${where}: ${t.fullName ?? t.title}\n${firstLines((t.failureMessages ?? []).join('\n'))}`);
    if (!tests.length && file.status === 'failed') failures.push(`${where}: did not run\n${firstLines(file.message)}`);
  }
  passed += p;
  failed += f;
  lines.push(`${s.name}: ${p} passed, ${f} failed${broken ? ` (${broken} suites did not run)` : ''}`);
}
rmSync(out, { recursive: true, force: true });

// The production path rehearsed (backend/rehearsal/run.ts, docs/deployment.md): nginx in front of two
// production replicas and a PostgreSQL server; cold start, rolling restart, a replica killed and the
// database restarted under traffic, each scenario asserting counts only (lost writes, stock, rows).
console.log('\n=== rehearsal (short) ===');
{
  const r = spawnSync(process.execPath, ['bench/register.js', 'rehearsal/run.ts', '--short'], {
    cwd: join(root, 'backend'),
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout ?? '');
  process.stderr.write(r.stderr ?? '');
  const m = /rehearsal: (\d+) scenarios passed, (\d+) failed/.exec(r.stdout ?? '');
  const p = m ? Number(m[1]) : 0;
  const f = m ? Number(m[2]) : 1;
  if (!m || r.status !== 0) failures.push(`rehearsal: ${m ? `${f} scenarios failed` : `did not report (exit ${r.status})`}\n${firstLines((r.stdout ?? '').split('\n').slice(-40).join('\n') + (r.stderr ?? ''))}`);
  passed += p;
  failed += m && r.status !== 0 && f === 0 ? 1 : f;
  lines.push(`rehearsal: ${p} passed, ${m ? f : 1} failed${m ? '' : ' (did not report)'}`);
}

if (failures.length) console.log(`\n=== failed ===\n${failures.join('\n\n')}`);
console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
