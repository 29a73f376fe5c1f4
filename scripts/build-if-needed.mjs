// Builds each workspace whose dist is missing or older than its sources
// (`node scripts/build-if-needed.mjs [workspace...]` limits it to those named).
// The shared package comes first: the three apps compile it into their own builds, so its
// sources count as theirs.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const domain = ['domain/src', 'domain/tsconfig.json', 'domain/tsconfig.build.json', 'domain/package.json'];
const workspaces = [
  { name: 'domain', out: 'domain/dist/index.js', src: domain },
  { name: 'backend', out: 'backend/dist/main.js', src: ['backend/src', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'backend/package.json', ...domain] },
  { name: 'admin', out: 'admin/dist/index.html', src: ['admin/src', 'admin/index.html', 'admin/public', 'admin/vite.config.ts', 'scripts/chunk-graph.ts', 'admin/tsconfig.json', 'admin/package.json', ...domain] },
  { name: 'public-site', out: 'public-site/dist/index.html', src: ['public-site/src', 'public-site/index.html', 'public-site/vite.config.ts', 'scripts/chunk-graph.ts', 'public-site/tsconfig.json', 'public-site/public', 'public-site/package.json', ...domain] },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

export function staleWorkspaces(only = []) {
  return workspaces
    .filter((w) => !only.length || only.includes(w.name))
    .filter((w) => {
      const out = join(root, w.out);
      if (!existsSync(out)) return true;
      const built = statSync(out).mtimeMs;
      return w.src.some((s) => newest(join(root, s)) > built);
    })
    .map((w) => w.name);
}

export function buildIfNeeded(only = []) {
  const stale = staleWorkspaces(only);
  if (!stale.length) return;
  console.log(`Building ${stale.join(', ')} ...`);
  execSync(`npx nx run-many -t build --projects=${stale.join(',')} --parallel=1 --outputStyle=static`, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'true' },
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) buildIfNeeded(process.argv.slice(2));
