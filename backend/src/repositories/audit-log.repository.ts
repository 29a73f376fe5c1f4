import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { AuditLogEntity } from '../modules/audit/audit-log.entity';
import { Db } from './db';

/** One row of the append-only audit trail: who did what to which record, and how it was answered. */
export interface AuditEntry {
  user_id: number | null;
  user_email: string;
  branch_id: number | null;
  action: string;
  resource: string;
  record_key: string | null;
  fields: Record<string, unknown>;
  status: number;
  ip: string | null;
}

/**
 * The audit trail's table (audit_log, append-only: no statement here changes or deletes a
 * row): the interceptor, a record's move and the retention job append through it, on the
 * caller's transaction when one is open (db.ts); head office reads it.
 */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly db: Db) {}

  /** Appends a row to the trail. */
  async append(e: AuditEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_log (user_id, user_email, branch_id, action, resource, record_key, fields, status, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [e.user_id, e.user_email, e.branch_id, e.action, e.resource, e.record_key, e.fields, e.status, e.ip],
    );
  }

  /** The whole trail (alias `a`), for the table's filters and paging. */
  table(): SelectQueryBuilder<AuditLogEntity> {
    return this.db.em.getRepository(AuditLogEntity).createQueryBuilder('a');
  }
}
