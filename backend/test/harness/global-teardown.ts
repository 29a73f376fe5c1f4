import { rmSync } from 'node:fs';
import { Cluster, stopCluster } from './pg-cluster';
import { STATE_FILE } from './global-setup';

export default async function globalTeardown() {
  const cluster = (globalThis as Record<string, unknown>).__campaignCluster as Cluster | undefined;
  if (cluster) stopCluster(cluster);
  rmSync(STATE_FILE, { force: true });
}
