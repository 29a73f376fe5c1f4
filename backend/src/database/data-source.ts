import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** TypeORM options for a PostgreSQL URL. Migrations build the schema; synchronize is never used. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      connectionTimeoutMillis: 5000,
      // Keep the pool healthy when the server restarts: idle clients are dropped and re-made.
      idleTimeoutMillis: 30000,
    },
  };
}

/** Applies pending migrations with a short-lived connection. */
export async function runMigrations(url: string): Promise<string[]> {
  const ds = new DataSource({ ...dataSourceOptions(url, 2), migrationsTransactionMode: 'each' });
  await ds.initialize();
  try {
    const done = await ds.runMigrations();
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
