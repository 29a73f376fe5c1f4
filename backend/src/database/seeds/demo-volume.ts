/**
 * Inserts N realistic purchases (default 10,000), each with its verified pre-registration
 * and both draws, into the database at DATABASE_URL, by set-based SQL in batches of 10,000.
 * For measuring the registration table and download at volume:
 *
 *   DATABASE_URL=postgres://... npm run seed:demo-volume -w backend -- 200000
 *
 * The database must hold the demo (branches and bike models): boot the app on it once first.
 * Migrations are applied if pending.
 */
import { DataSource } from 'typeorm';
import { loadConfig } from '../../config/configuration';
import { dataSourceOptions, runMigrations } from '../data-source';
import { insertDemoSales } from './sales.seed';

const BATCH = 10_000;

async function main() {
  const count = Number(process.argv[2] ?? 10_000);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) throw new Error('usage: demo-volume [count 1..5000000]');
  const { database } = loadConfig();
  if (!database.url) throw new Error('DATABASE_URL must name the database to fill (the embedded database is not used here)');
  await runMigrations(database.url);
  const ds = new DataSource(dataSourceOptions(database.url, 2));
  await ds.initialize();
  try {
    const branchIds: number[] = (await ds.query(`SELECT id FROM branch ORDER BY "order", id`)).map((r: { id: number }) => r.id);
    const [{ models }] = await ds.query(`SELECT count(*)::int AS models FROM bike_model`);
    if (!branchIds.length || !models) throw new Error('no branches or bike models: boot the app once on this database to seed the demo');
    const started = Date.now();
    let done = 0;
    while (done < count) {
      const n = Math.min(BATCH, count - done);
      await ds.transaction((em) =>
        insertDemoSales((sql, params) => em.query(sql, params), { count: n, branchIds, days: 30, purchased: true, tag: 'DV' }),
      );
      done += n;
      process.stdout.write(`\r${done}/${count} registrations`);
    }
    await ds.query(`ANALYZE preregistration; ANALYZE registration; ANALYZE draw`);
    process.stdout.write(
      `\n${count} registrations with their pre-registrations and draws in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
