import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaign: pre-registrations (enquiries) with their OTP, the prize scheme
 * (allocations), the draw ledger (one row per drawn record: the idempotency key and the
 * audit) and the SMS outbox (written in the same transaction as the change that causes a
 * message, delivered by the worker). Constraints are the backstop of the service rules.
 */
export class CampaignSchema1763800002000 implements MigrationInterface {
  name = 'CampaignSchema1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE preregistration (
        id serial PRIMARY KEY,
        slug text NOT NULL CONSTRAINT preregistration_slug_uq UNIQUE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        address text CHECK (length(address) <= 255),
        phone text NOT NULL CHECK (phone ~ '^9[678][0-9]{8}$'),
        email text CHECK (length(email) <= 255),
        citizenship_no text CHECK (citizenship_no ~ '^[0-9]{1,30}$'),
        bike_model_id int REFERENCES bike_model(id) ON DELETE RESTRICT,
        branch_id int REFERENCES branch(id) ON DELETE RESTRICT,
        nearest_branch_id int REFERENCES branch(id) ON DELETE RESTRICT,
        source text,
        roadie text,
        note text,
        shared boolean NOT NULL DEFAULT false,
        screenshot_id int REFERENCES file(id) ON DELETE SET NULL,
        send_sms boolean NOT NULL DEFAULT true,
        utm_source text CHECK (length(utm_source) <= 100),
        code text CHECK (code ~ '^[0-9]{6}$'),
        code_expires_at timestamptz,
        code_attempts int NOT NULL DEFAULT 0 CHECK (code_attempts BETWEEN 0 AND 5),
        code_sent_at timestamptz,
        is_verified boolean NOT NULL DEFAULT false,
        verified_at timestamptz,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'purchased')),
        purchased boolean NOT NULL DEFAULT false,
        prize int CHECK (prize > 0),
        created_by int REFERENCES "user"(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CONSTRAINT preregistration_verified_at CHECK (is_verified = (verified_at IS NOT NULL)),
        CONSTRAINT preregistration_purchase_needs_verification CHECK (NOT purchased OR is_verified),
        CONSTRAINT preregistration_prize_needs_verification CHECK (prize IS NULL OR is_verified),
        CONSTRAINT preregistration_code_expiry CHECK ((code IS NULL) = (code_expires_at IS NULL))
      )`);
    // One open (not purchased, not deleted) pre-registration per phone and per citizenship number.
    await q.query(`CREATE UNIQUE INDEX preregistration_phone_open_uq ON preregistration (phone) WHERE NOT purchased AND deleted_at IS NULL`);
    await q.query(
      `CREATE UNIQUE INDEX preregistration_citizenship_open_uq ON preregistration (citizenship_no) WHERE NOT purchased AND deleted_at IS NULL AND citizenship_no IS NOT NULL`,
    );
    // The staff table: branch scope + default order, phone lookups, name/phone search, date range, prize and model filters.
    await q.query(`CREATE INDEX preregistration_branch_created_idx ON preregistration (branch_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX preregistration_created_idx ON preregistration (created_at DESC, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX preregistration_phone_idx ON preregistration (phone)`);
    await q.query(`CREATE INDEX preregistration_name_trgm ON preregistration USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX preregistration_phone_trgm ON preregistration USING gin (phone gin_trgm_ops)`);
    await q.query(`CREATE INDEX preregistration_prize_idx ON preregistration (prize, created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX preregistration_bike_model_idx ON preregistration (bike_model_id, created_at DESC)`);
    await q.query(`CREATE INDEX preregistration_nearest_branch_idx ON preregistration (nearest_branch_id)`);
    await q.query(`CREATE INDEX preregistration_screenshot_idx ON preregistration (screenshot_id) WHERE screenshot_id IS NOT NULL`);
    await q.query(`CREATE INDEX preregistration_created_by_idx ON preregistration (created_by) WHERE created_by IS NOT NULL`);

    await q.query(`
      CREATE TABLE allocation (
        id serial PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('preregistration_public', 'preregistration_branch', 'registration_branch')),
        branch_id int REFERENCES branch(id) ON DELETE RESTRICT,
        date date NOT NULL,
        count int NOT NULL DEFAULT 1 CHECK (count BETWEEN 1 AND 5),
        remaining int NOT NULL,
        amount int NOT NULL CHECK (amount > 0),
        probability numeric(5, 2) NOT NULL DEFAULT 0 CHECK (probability >= 0 AND probability <= 100),
        created_by int REFERENCES "user"(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT allocation_stock CHECK (remaining >= 0 AND remaining <= count),
        CONSTRAINT allocation_branch_matches_type CHECK ((branch_id IS NULL) = (type = 'preregistration_public'))
      )`);
    // The draw's lookup: today's allocations of a type (and branch) with stock left, highest amount first.
    await q.query(`CREATE INDEX allocation_draw_idx ON allocation (date, type, branch_id, amount DESC) WHERE remaining > 0`);
    await q.query(`CREATE INDEX allocation_date_idx ON allocation (date DESC, id DESC)`);
    await q.query(`CREATE INDEX allocation_branch_idx ON allocation (branch_id, date DESC) WHERE branch_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE draw (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('preregistration', 'registration')),
        record_id int NOT NULL,
        amount int NOT NULL CHECK (amount > 0),
        allocation_id int REFERENCES allocation(id) ON DELETE RESTRICT,
        audit jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT draw_once_per_record UNIQUE (kind, record_id)
      )`);
    await q.query(`CREATE INDEX draw_allocation_idx ON draw (allocation_id) WHERE allocation_id IS NOT NULL`);
    await q.query(`CREATE INDEX draw_created_idx ON draw (created_at DESC)`);

    await q.query(`
      CREATE TABLE sms_outbox (
        id bigserial PRIMARY KEY,
        phone text NOT NULL,
        text text NOT NULL CHECK (length(text) BETWEEN 1 AND 1600),
        kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,30}$'),
        batch_id int,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_by text,
        locked_until timestamptz,
        provider text,
        provider_response jsonb,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sms_outbox_due_idx ON sms_outbox (status, next_attempt_at)`);
    await q.query(`CREATE INDEX sms_outbox_lock_idx ON sms_outbox (locked_until) WHERE status = 'sending'`);
    // Per-phone OTP limits (60 s between codes, 5 per Nepal day) count the OTP messages of a phone.
    await q.query(`CREATE INDEX sms_outbox_otp_idx ON sms_outbox (phone, created_at DESC) WHERE kind = 'otp'`);
    await q.query(`CREATE INDEX sms_outbox_batch_idx ON sms_outbox (batch_id) WHERE batch_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['sms_outbox', 'draw', 'allocation', 'preregistration']) await q.query(`DROP TABLE ${t}`);
  }
}
