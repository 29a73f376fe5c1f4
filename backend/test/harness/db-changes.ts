import { DataSource } from 'typeorm';

/**
 * A test-only change counter: a row trigger on every table of the test's own database
 * (rate_limit aside: counting a refused request is its job) bumps one counter on every
 * committed INSERT, UPDATE or DELETE, and logs the change with the statement that made it.
 * "Nothing stored from a refused request" is then one cheap read before and after, and a
 * finding says which code wrote (changesSince): a rolled-back transaction rolls both back too.
 */
export async function installChangeCounter(db: DataSource): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS zz_test_changes (n bigint NOT NULL)`);
  await db.query(`INSERT INTO zz_test_changes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM zz_test_changes)`);
  await db.query(`CREATE TABLE IF NOT EXISTS zz_test_change_log (n bigint NOT NULL, change text NOT NULL, statement text)`);
  await db.query(`
    CREATE OR REPLACE FUNCTION zz_test_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE k bigint;
    BEGIN
      UPDATE zz_test_changes SET n = n + 1 RETURNING n INTO k;
      INSERT INTO zz_test_change_log VALUES (k, TG_TABLE_NAME || ' ' || TG_OP, left(regexp_replace(current_query(), '[[:space:]]+', ' ', 'g'), 240));
      RETURN NULL;
    END $$`);
  const tables: Array<{ name: string }> = await db.query(
    `SELECT tablename AS name FROM pg_tables
      WHERE schemaname = current_schema() AND tablename NOT IN ('rate_limit', 'zz_test_changes', 'zz_test_change_log', 'migrations')`,
  );
  for (const { name } of tables) {
    await db.query(`DROP TRIGGER IF EXISTS zz_test_changes ON "${name}"`);
    await db.query(`CREATE TRIGGER zz_test_changes AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION zz_test_count_change()`);
  }
}

/** The committed changes after the `n`th, each as 'table OP: statement' (the first `limit`). */
export async function changesSince(db: DataSource, n: number, limit = 5): Promise<string[]> {
  const rows: Array<{ change: string; statement: string | null }> = await db.query(
    `SELECT change, statement FROM zz_test_change_log WHERE n > $1 ORDER BY n LIMIT $2`,
    [n, limit],
  );
  return rows.map((r) => `${r.change}: ${r.statement ?? ''}`);
}

/** Committed row changes so far (see installChangeCounter). */
export async function changeCount(db: DataSource): Promise<number> {
  const [row] = await db.query(`SELECT n FROM zz_test_changes`);
  return Number(row.n);
}
