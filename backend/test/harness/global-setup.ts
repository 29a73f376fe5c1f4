import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from './pg-cluster';
import { buildTemplates } from './templates';

export const STATE_FILE = join(tmpdir(), `campaign-test-${process.pid}.json`);

/** Starts PostgreSQL (or uses TEST_DATABASE_URL) and builds the template databases, once per run. */
export default async function globalSetup() {
  const cluster = process.env.TEST_DATABASE_URL ? { adminUrl: process.env.TEST_DATABASE_URL } : await startCluster();
  await buildTemplates(cluster.adminUrl);
  process.env.CAMPAIGN_TEST_PG = cluster.adminUrl;
  (globalThis as Record<string, unknown>).__campaignCluster = cluster;
  writeFileSync(STATE_FILE, JSON.stringify(cluster));
}
