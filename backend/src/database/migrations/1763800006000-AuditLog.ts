import { MigrationInterface, QueryRunner } from 'typeorm';

/** Append-only trail of staff writes and personal-data exports; a trigger refuses edits. */
export class AuditLog1763800006000 implements MigrationInterface {
  name = 'AuditLog1763800006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        user_id int REFERENCES "user"(id) ON DELETE SET NULL,
        user_email text NOT NULL,
        branch_id int,
        action text NOT NULL,
        resource text NOT NULL,
        record_key text,
        fields jsonb NOT NULL DEFAULT '{}',
        status int NOT NULL,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX audit_log_resource_idx ON audit_log (resource, created_at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_edit BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_immutable()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_immutable()`);
  }
}
