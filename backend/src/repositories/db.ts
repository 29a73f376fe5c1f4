import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import { transactionManager } from '../database/transaction-guard';

/**
 * The one way the repositories reach the database: `em` is the caller's transaction when one
 * is open (carried by AsyncLocalStorage, database/transaction-guard.ts), else the data
 * source's manager. So a repository method called inside `db.transaction(...)` runs on that
 * transaction's connection without being handed it, and never takes a second connection (which
 * would deadlock the embedded database: docs/decisions.md, "One connection per transaction").
 */
@Injectable()
export class Db {
  constructor(private readonly dataSource: DataSource) {}

  get em(): EntityManager {
    return transactionManager() ?? this.dataSource.manager;
  }

  /** A raw statement on the current connection: `$1`-numbered parameters, rows answered. */
  query<T = ObjectLiteral>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.query(sql, params);
  }

  /** Runs `work` in a transaction; the repositories called inside it run on it. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
