import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from './pg-cluster';

export const STATE_FILE = join(tmpdir(), `campaign-test-${process.pid}.json`);

/** Starts PostgreSQL (or uses TEST_DATABASE_URL) and builds the template databases, once per run. */
export default async function globalSetup() {
  // This setup (it seeds the templates) and the apps the fault and browser tests start run
  // on plain Node, which loads @campaign/domain from its build: build it when stale. The
  // test files themselves compile its source (jest.config.js).
  execFileSync(process.execPath, [join(__dirname, '../../../scripts/build-if-needed.mjs'), 'domain'], { stdio: 'inherit' });
  const { buildTemplates } = await import('./templates');
  const cluster = process.env.TEST_DATABASE_URL ? { adminUrl: process.env.TEST_DATABASE_URL } : await startCluster();
  await buildTemplates(cluster.adminUrl);
  process.env.CAMPAIGN_TEST_PG = cluster.adminUrl;
  (globalThis as Record<string, unknown>).__campaignCluster = cluster;
  writeFileSync(STATE_FILE, JSON.stringify(cluster));
}
