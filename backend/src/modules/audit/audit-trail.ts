import { DataSource, EntityManager } from 'typeorm';

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

/** Appends a row to the trail (the audit module owns the table; the interceptor and system jobs write through here). */
export async function appendAudit(db: EntityManager | DataSource, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (user_id, user_email, branch_id, action, resource, record_key, fields, status, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [e.user_id, e.user_email, e.branch_id, e.action, e.resource, e.record_key, e.fields, e.status, e.ip],
  );
}
