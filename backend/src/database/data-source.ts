import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM options for a PostgreSQL URL. Migrations build the schema; synchronize is never used.
 * `statementTimeoutMs` (the app's pool only; migrations and seeds pass none): PostgreSQL ends any
 * statement of these connections that runs longer (SQLSTATE 57014, answered 503 by the exception
 * filter), so one expensive request cannot hold a connection and a core for minutes. Exports raise
 * it for their own transaction (common/export/cursor.ts). The embedded PGlite ignores it.
 */
export function dataSourceOptions(url: string, poolSize = 10, statementTimeoutMs = 0): DataSourceOptions {
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
      // Sent with each connection's start-up (node-postgres), so it holds from the first statement.
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    },
  };
}

/** The advisory lock a boot's migrations hold: one replica migrates, the others wait and find nothing left to do. */
const MIGRATION_LOCK = 20820002;

/**
 * Applies pending migrations with one short-lived connection, under a session advisory lock.
 * TypeORM takes no lock of its own: two replicas booting at once both ran the first migration,
 * and the second died on `CREATE EXTENSION pg_trgm` (unique violation), which the production
 * rehearsal's cold start found. One connection (pool of 1) makes the lock, the migrations and
 * the unlock one session; PGlite's single connection works the same way.
 */
export async function runMigrations(url: string): Promise<string[]> {
  const ds = new DataSource({ ...dataSourceOptions(url, 1), migrationsTransactionMode: 'each' });
  await ds.initialize();
  try {
    await ds.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      const done = await ds.runMigrations();
      return done.map((m) => m.name);
    } finally {
      await ds.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await ds.destroy();
  }
}
