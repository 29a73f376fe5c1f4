import { loadConfig } from '../config/configuration';
import { runMigrations } from './data-source';

/**
 * `npm run db:migrate`: applies the pending migrations to DATABASE_URL and returns their names.
 * The embedded database needs no command: `npm start` migrates it at boot.
 */
export async function migrate(env: Record<string, string | undefined> = process.env): Promise<string[]> {
  const url = loadConfig(env).database.url;
  if (!url) throw new Error('DATABASE_URL is not set: npm start migrates the embedded database itself.');
  return runMigrations(url);
}

if (require.main === module) {
  migrate()
    .then((done) => console.log(done.length ? `Applied ${done.length} migration(s):\n  ${done.join('\n  ')}` : 'The database is up to date.'))
    .catch((e: Error) => {
      console.error(e.message);
      process.exit(1);
    });
}
