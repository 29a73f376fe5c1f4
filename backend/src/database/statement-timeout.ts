/**
 * The app's connections end any statement that runs past DATABASE_STATEMENT_TIMEOUT_MS (15 s by
 * default, data-source.ts): a request cannot hold a connection and a core for minutes. A few
 * statements are long by nature and not a user's to repeat at will: an export's batches over a
 * campaign's rows (audited, one stream per request), the retention purge of every record (a
 * background job, once), a bulk SMS queued for every customer (once per send). Their
 * transaction lifts the limit to this for its own statements only (SET LOCAL ends with it).
 */
export const LONG_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** Lifts the statement timeout to LONG_STATEMENT_TIMEOUT_MS for the rest of the current transaction. */
export async function allowLongStatements(runner: { query(sql: string): Promise<unknown> }): Promise<void> {
  await runner.query(`SET LOCAL statement_timeout = ${LONG_STATEMENT_TIMEOUT_MS}`);
}
