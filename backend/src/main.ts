import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/configuration';
import { runMigrations } from './database/data-source';
import { EmbeddedDatabase, startEmbeddedDatabase } from './database/embedded';
import { DEMO_LOGINS } from './database/seeds/demo-data';
import { SeedService } from './database/seeds/seed.service';

/**
 * The old generation may grow to 1.5 times what was live after the last full GC before the
 * next one (V8 picks up to 4 times when GC looks cheap). A 200,000-row export promotes its
 * short-lived rows steadily; with V8's own factor the process grew by 110-125 MB of garbage
 * during one download, with this one by about 25 MB, at the same speed (docs/benchmarks.md).
 */
setFlagsFromString('--heap-growing-percent=50');

async function bootstrap() {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let embedded: EmbeddedDatabase | undefined;
  if (!config.database.url) {
    embedded = await startEmbeddedDatabase(config.database.embeddedDir, config.database.poolSize + 4);
    config.database.url = embedded.url;
  }
  const applied = await runMigrations(config.database.url!);
  if (applied.length) Logger.log(`migrations applied: ${applied.join(', ')}`, 'Database');

  const app = await createApp(config);
  const seeds = app.get(SeedService);
  await seeds.ensureRoles();
  if (config.app.bootstrapAdmin) await seeds.ensureAdmin(config.app.bootstrapAdmin.email, config.app.bootstrapAdmin.password);
  const seeded = config.app.seedDemo ? await seeds.seedDemoIfEmpty() : false;
  await app.listen(config.app.port, config.app.host);
  const url = `http://localhost:${config.app.port}`;

  const lines = [
    '',
    `  Campaign is ready in ${((Date.now() - started) / 1000).toFixed(1)} s${seeded ? ' (demo data seeded)' : ''}`,
    '',
    `  Public site   ${url}/`,
    `  Admin         ${url}/admin   (sign in at ${url}/login)`,
    `  API docs      ${config.app.apiDocs ? `${url}/api/docs` : 'off (API_DOCS=on serves them)'}`,
    `  Database      ${embedded ? `embedded PostgreSQL in ${config.database.embeddedDir}` : 'DATABASE_URL'}`,
  ];
  if (config.app.seedDemo) {
    lines.push('', '  Demo logins:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(22)} ${l.password.padEnd(13)} ${l.role}`);
  }
  console.log(lines.join('\n') + '\n');
  if (config.captcha.offOnPurpose) {
    Logger.warn('CAPTCHA=off: the public forms run without a captcha (the Super Admin dashboard shows this too)', 'Captcha');
  }

  const stop = async () => {
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

bootstrap().catch((e) => {
  console.error(e);
  process.exit(1);
});
