/**
 * Builds the embedded database's starting point at build time (npm run build): PGlite's
 * initdb plus every migration (schema and Nepal's geography), dumped as a gzipped tar next to
 * the build. A first `npm start` on an empty data folder restores it instead of running
 * initdb and the migrations in WebAssembly, which was most of its start-up time
 * (docs/benchmarks.md). Migrations still run at boot: any newer than the template apply then.
 *
 *   node dist/database/embedded-template.js [out]   (default: dist/pglite-template.tar.gz)
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMigrations } from './data-source';

export const EMBEDDED_TEMPLATE = resolve(__dirname, '..', 'pglite-template.tar.gz');

export async function buildEmbeddedTemplate(out = EMBEDDED_TEMPLATE): Promise<{ bytes: number; migrations: string[] }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = (await import('@electric-sql/pglite/contrib/pg_trgm' as string)) as { pg_trgm: never };
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  try {
    const migrations = await runMigrations(`postgres://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`);
    await db.exec('CHECKPOINT');
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(out, bytes);
    return { bytes: bytes.length, migrations };
  } finally {
    await server.stop();
    await db.close();
  }
}

if (require.main === module) {
  const out = process.argv[2] ? resolve(process.argv[2]) : EMBEDDED_TEMPLATE;
  const started = Date.now();
  buildEmbeddedTemplate(out)
    .then(({ bytes, migrations }) => {
      process.stdout.write(`embedded database template: ${migrations.length} migrations, ${(bytes / 2 ** 20).toFixed(1)} MB, ${join(out)} (${Date.now() - started} ms)\n`);
      process.exit(0);
    })
    .catch((e) => {
      process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
      process.exit(1);
    });
}
