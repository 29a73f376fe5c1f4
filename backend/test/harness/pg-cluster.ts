import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster from the machine's binaries, for one test run.
 * initdb refuses root, so as root it runs as the `postgres` user.
 */
export interface Cluster {
  adminUrl: string;
  dir?: string;
  binDir?: string;
  /** pg_ctl -o options it was started with (to start it again after pauseCluster). */
  startOptions?: string;
}

export function findPgBin(): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin');
  }
  throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql: apt-get install -y postgresql (or set TEST_DATABASE_URL)');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const isRoot = () => process.getuid?.() === 0;

function asPostgres(cmd: string, args: string[]) {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** `settings`: more server settings (`name=value`), such as the bench's statement statistics. */
export async function startCluster(settings: string[] = []): Promise<Cluster> {
  const bin = findPgBin();
  const dir = mkdtempSync(join(tmpdir(), 'campaign-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
    '-c shared_buffers=128MB',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
  asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, binDir: bin, startOptions: opts };
}

/** Stops the server but keeps its data (fault tests): `fast` ends every session, as a crash or a restart would. */
export function pauseCluster(c: Cluster, mode: 'fast' | 'immediate' = 'fast') {
  if (!c.dir || !c.binDir) throw new Error('pauseCluster needs a cluster started by startCluster');
  asPostgres(join(c.binDir, 'pg_ctl'), ['-D', join(c.dir, 'data'), '-m', mode, '-w', 'stop']);
}

/** Starts a paused cluster again on the same port and data. */
export function resumeCluster(c: Cluster) {
  if (!c.dir || !c.binDir || !c.startOptions) throw new Error('resumeCluster needs a cluster started by startCluster');
  asPostgres(join(c.binDir, 'pg_ctl'), ['-D', join(c.dir, 'data'), '-o', c.startOptions, '-l', join(c.dir, 'log'), '-w', 'start']);
}

export function stopCluster(c: Cluster) {
  if (!c.dir || !c.binDir) return;
  try {
    asPostgres(join(c.binDir, 'pg_ctl'), ['-D', join(c.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(c.dir, { recursive: true, force: true });
  }
}
