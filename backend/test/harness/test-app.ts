import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication, LoggerService } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/configuration';
import { runMigrations } from '../../src/database/data-source';
import { startEmbeddedDatabase } from '../../src/database/embedded';
import { SeedService } from '../../src/database/seeds/seed.service';
import { admin, TemplateName, TEMPLATES, withDatabase } from './templates';

export interface TestApp {
  app: INestApplication;
  /** Base URL when started with listen: true (browser tests). */
  url: string;
  db: DataSource;
  databaseUrl: string;
  dataDir: string;
  http: () => ReturnType<typeof request>;
  /** What the app logged as errors (a 500's stack), newest last: named in a test's findings. */
  errors: string[];
  /** Bearer token for a login (cached per email). */
  token(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const DEMO_PASSWORDS: Record<string, string> = {
  'admin@example.com': 'Admin@2082',
  'office@example.com': 'Office@2082',
  'manager@example.com': 'Manager@2082',
  'staff@example.com': 'Staff@2082',
  'staff2@example.com': 'Staff@2082',
};

function adminUrl(): string {
  const url = process.env.CAMPAIGN_TEST_PG;
  if (!url) throw new Error('CAMPAIGN_TEST_PG is not set: run the tests through jest (global-setup starts PostgreSQL)');
  return url;
}

/** A fresh database cloned from a template; dropped by the returned function. */
export async function createTestDatabase(template: TemplateName = 'demo'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl(), (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATES[template]}`));
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => admin(adminUrl(), (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * The embedded database exactly as `npm start` runs it without DATABASE_URL (src/main.ts):
 * PGlite under the data folder behind its socket server, migrated, with the demo seeded the
 * way a first start seeds it. Dropped with the folder.
 */
async function startEmbedded(dataDir: string, template: TemplateName): Promise<{ url: string; seed: (app: INestApplication) => Promise<void>; drop: () => Promise<void> }> {
  const embedded = await startEmbeddedDatabase(join(dataDir, 'pgdata'), loadConfig({ NODE_ENV: 'test' }).database.poolSize + 4);
  await runMigrations(embedded.url);
  return {
    url: embedded.url,
    seed: async (app) => {
      const seeds = app.get(SeedService);
      if (template === 'demo') await seeds.seedDemoIfEmpty();
      else await seeds.ensureRoles();
    },
    drop: () => embedded.stop(),
  };
}

/**
 * Boots the real AppModule against its own database. Only the outside world is replaced (via env).
 * `database: 'embedded'` runs it on the embedded PGlite that `npm start` uses (test/embedded).
 */
export async function startTestApp(
  opts: { template?: TemplateName; listen?: boolean; env?: Record<string, string>; database?: 'server' | 'embedded' } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'campaign-data-'));
  const embedded = opts.database === 'embedded' ? await startEmbedded(dataDir, opts.template ?? 'demo') : undefined;
  const database = embedded ?? (await createTestDatabase(opts.template ?? 'demo'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SMS_WORKER_INTERVAL_MS: '50',
    // No commitment timer: a test's scheme is committed by its day's first draw, or by the
    // test calling FairnessService.commitDue() at the time it set (test/fairness.e2e-spec.ts).
    FAIRNESS_COMMIT_INTERVAL_MS: '0',
    ...opts.env,
  });
  const errors: string[] = [];
  const keep = (message: unknown, ...rest: unknown[]) => {
    errors.push([message, ...rest].map(String).join(' ').slice(0, 2000));
    if (errors.length > 20) errors.shift();
  };
  // Silent, except that errors are kept so a test that meets a 500 can say why.
  const logger: LoggerService = { log: () => undefined, warn: () => undefined, error: keep, fatal: keep };
  const app = await createApp(config, { logger });
  await app.init();
  await embedded?.seed(app);
  let url = '';
  if (opts.listen) {
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  }
  const tokens = new Map<string, string>();
  const http = () => request(app.getHttpServer());
  return {
    app,
    url,
    db: app.get(DataSource),
    databaseUrl: database.url,
    dataDir,
    errors,
    http,
    async token(email, password = DEMO_PASSWORDS[email]) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await http().post('/api/v1/auth/login').send({ email, password });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      tokens.set(email, res.body.access_token);
      return res.body.access_token;
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
