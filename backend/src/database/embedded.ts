import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_TEMPLATE } from './embedded-template';

/**
 * Zero-setup mode: an embedded PostgreSQL (PGlite) kept under DATA_DIR/pgdata,
 * exposed on a loopback socket so the app talks to it through `pg` exactly as it
 * would to a real server. One backend, one transaction at a time: fine for a demo
 * and a newcomer, not for production (set DATABASE_URL there).
 */
export interface EmbeddedDatabase {
  url: string;
  /** 'embedded PostgreSQL (PGlite) at host:port, data in dir', for the caller's log. */
  description: string;
  stop(): Promise<void>;
}

export async function startEmbeddedDatabase(dir: string, maxConnections: number): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  // Loaded lazily: only the embedded mode needs these packages in memory.
  const { PGlite } = await import('@electric-sql/pglite');
  // The contrib path is an exports-map entry that moduleResolution "node" cannot type.
  const { pg_trgm } = (await import('@electric-sql/pglite/contrib/pg_trgm' as string)) as { pg_trgm: never };
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // An empty folder starts from the build's template (initdb and the migrations done already).
  const fresh = !existsSync(join(dir, 'PG_VERSION')) && readdirSync(dir).length === 0;
  const template = fresh && existsSync(EMBEDDED_TEMPLATE) ? new Blob([readFileSync(EMBEDDED_TEMPLATE)]) : undefined;
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const conn = server.getServerConn(); // host:port
  return {
    url: `postgres://postgres:postgres@${conn}/postgres?sslmode=disable`,
    description: `embedded PostgreSQL (PGlite) at ${conn}, data in ${dir}`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
