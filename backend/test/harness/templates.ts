import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { SeedService } from '../../src/database/seeds/seed.service';

/** Two template databases cloned per test file: migrated and empty, or migrated with the demo seed. */
export const TEMPLATES = { empty: 'campaign_tpl_empty', demo: 'campaign_tpl_demo' } as const;
export type TemplateName = keyof typeof TEMPLATES;

export function withDatabase(adminUrl: string, db: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function admin<T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function buildTemplates(adminUrl: string) {
  for (const [kind, name] of Object.entries(TEMPLATES)) {
    await admin(adminUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.query(`CREATE DATABASE ${name}`);
    });
    const ds = new DataSource(dataSourceOptions(withDatabase(adminUrl, name), 2));
    await ds.initialize();
    await ds.runMigrations();
    const seeds = new SeedService(ds);
    if (kind === 'demo') await seeds.seedDemoIfEmpty();
    else await seeds.ensureRoles();
    await ds.destroy();
  }
}
