import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

/**
 * One connection per transaction, enforced (docs/decisions.md, "One connection per transaction").
 *
 * Code that holds a transaction and asks the data source for another connection (a repository
 * injected from the data source, `dataSource.query`, a second `dataSource.transaction`) waits
 * for a connection while keeping its own. On the embedded database, which serves one
 * connection at a time, that wait never ends: the request hangs and every later one answers
 * 503. On a PostgreSQL server with a pool it only bites under load (N such requests on a pool
 * of N), which is why a suite on a server never saw it.
 *
 * So the data source refuses, everywhere and at once, to hand out a new connection to code
 * running inside one of its transactions: the fault is a thrown error that names it on the
 * first test that takes the path, on either database, instead of a hang on one of them.
 * Work started inside a transaction and left running after it ends (a background send) is
 * free again once the transaction has ended.
 */
interface OpenTransaction {
  open: boolean;
  /** The transaction's own manager: what the repositories run on while it is open. */
  em: EntityManager;
}

const current = new AsyncLocalStorage<OpenTransaction>();

export class SecondConnectionInTransaction extends Error {
  constructor(what: string) {
    super(
      `${what} was asked for a new database connection inside a transaction: read and write through the transaction's EntityManager ` +
        `(a second connection deadlocks the embedded database and starves the pool under load)`,
    );
    this.name = 'SecondConnectionInTransaction';
  }
}

/** Whether the calling code runs inside a transaction of a guarded data source. */
export function inTransaction(): boolean {
  return current.getStore()?.open === true;
}

/** The manager of the transaction the calling code runs in, if any (the repositories' floor runs on it). */
export function transactionManager(): EntityManager | undefined {
  const tx = current.getStore();
  return tx?.open ? tx.em : undefined;
}

/** Installs the guard on a data source (before or after it is initialized); returns it. */
export function guardTransactions(dataSource: DataSource): DataSource {
  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = ((mode?: 'master' | 'slave') => {
    if (inTransaction()) throw new SecondConnectionInTransaction('The data source');
    return createQueryRunner(mode);
  }) as DataSource['createQueryRunner'];

  // Every transaction of the data source goes through its manager (DataSource.transaction and
  // repositories' managers are this object). The callback runs in a context marked open.
  const manager: EntityManager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = (async (...args: unknown[]) => {
    if (inTransaction()) throw new SecondConnectionInTransaction('A second transaction');
    const runAt = typeof args[0] === 'function' ? 0 : 1;
    const run = args[runAt] as (em: EntityManager) => Promise<unknown>;
    let state: OpenTransaction | undefined;
    const inner = [...args];
    inner[runAt] = (em: EntityManager) => {
      state = { open: true, em };
      return current.run(state, () => run(em));
    };
    try {
      return await transaction(...inner);
    } finally {
      if (state) state.open = false;
    }
  }) as EntityManager['transaction'];
  return dataSource;
}
