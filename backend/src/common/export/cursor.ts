import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { allowLongStatements } from '../../database/statement-timeout';

/**
 * Reads a query's raw rows through a server-side cursor, `batchSize` at a time, in one
 * read-only snapshot: an export of 200,000 rows holds one batch in memory, scans the table
 * once whatever the order, and sees exactly the rows the same query would return.
 * The connection is held until the iteration ends (or is abandoned: `return()` closes it).
 * Its statements may run past the app's statement timeout (a first batch that sorts the
 * campaign's rows): the transaction lifts it (database/statement-timeout.ts).
 */
export async function* cursorRows<R = Record<string, unknown>>(
  dataSource: DataSource,
  qb: SelectQueryBuilder<ObjectLiteral>,
  batchSize = 1000,
): AsyncGenerator<R> {
  const [sql, params] = qb.getQueryAndParameters();
  const runner = dataSource.createQueryRunner();
  // The driver's own client: TypeORM's query() wraps every result in objects of its own, and at
  // 200 batches an export that was a third of its memory growth.
  const client: { query: (sql: string, params?: unknown[]) => Promise<{ rows: R[] }> } = await runner.connect();
  let open = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    await allowLongStatements(client);
    await client.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const { rows } = await client.query(`FETCH FORWARD ${Math.max(1, Math.floor(batchSize))} FROM export_cursor`);
      for (const row of rows) yield row;
      if (rows.length < batchSize) break;
    }
    await client.query('COMMIT');
    open = false;
  } finally {
    if (open) await client.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}
