import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Reads a query's raw rows through a server-side cursor, `batchSize` at a time, in one
 * read-only snapshot: an export of 200,000 rows holds one batch in memory, scans the table
 * once whatever the order, and sees exactly the rows the same query would return.
 * The connection is held until the iteration ends (or is abandoned: `return()` closes it).
 */
export async function* cursorRows<R = Record<string, unknown>>(
  dataSource: DataSource,
  qb: SelectQueryBuilder<ObjectLiteral>,
  batchSize = 1000,
): AsyncGenerator<R> {
  const [sql, params] = qb.getQueryAndParameters();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  let open = false;
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    await runner.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows: R[] = await runner.query(`FETCH FORWARD ${Math.max(1, Math.floor(batchSize))} FROM export_cursor`);
      for (const row of rows) yield row;
      if (rows.length < batchSize) break;
    }
    await runner.query('COMMIT');
    open = false;
  } finally {
    if (open) await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}
