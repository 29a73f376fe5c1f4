import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales: the purchase registration made from a verified pre-registration, with its
 * purchase coupon (the second draw) and the code the customer shows at key hand-over.
 * The traffic-source link (referred_by → referrer) is added by SalesReferrerLink, which
 * runs after the referrer table exists.
 */
export class SalesSchema1763800003000 implements MigrationInterface {
  name = 'SalesSchema1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE registration (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        bill_no text NOT NULL CONSTRAINT registration_bill_no_uq UNIQUE,
        preregistration_id int NOT NULL CONSTRAINT registration_preregistration_uq UNIQUE
          REFERENCES preregistration(id) ON DELETE RESTRICT,
        name text NOT NULL,
        address text NOT NULL,
        citizenship_no text NOT NULL,
        pan text,
        email text,
        phone text NOT NULL,
        roadie text,
        shared boolean NOT NULL DEFAULT false,
        bike_model_id int NOT NULL REFERENCES bike_model(id) ON DELETE RESTRICT,
        engine_no text CONSTRAINT registration_engine_no_uq UNIQUE CHECK (engine_no = upper(engine_no)),
        chasis_no text CONSTRAINT registration_chasis_no_uq UNIQUE CHECK (chasis_no = upper(chasis_no)),
        registration_no text,
        payment_mode text NOT NULL DEFAULT 'CASH'
          CHECK (payment_mode IN ('CASH','CASH_EXCHANGE','FINANCE','FINANCE_EXCHANGE','SELF_FINANCE','SELF_FINANCE_EXCHANGE')),
        note text NOT NULL DEFAULT '',
        branch_id int NOT NULL REFERENCES branch(id) ON DELETE RESTRICT,
        registration_id int REFERENCES registration(id) ON DELETE SET NULL,
        referred_by int,
        send_sms boolean NOT NULL DEFAULT true,
        coupon_amount int CHECK (coupon_amount >= 0),
        coupon_code text CHECK (coupon_code ~ '^[0-9]{6}$'),
        coupon_code_expires_at timestamptz,
        coupon_code_sent_at timestamptz,
        coupon_attempts int NOT NULL DEFAULT 0 CHECK (coupon_attempts >= 0),
        coupon_verified_at timestamptz,
        created_by int REFERENCES "user"(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CONSTRAINT registration_not_self_referring CHECK (registration_id <> id)
      )`);
    // Every filter and sort of the table (live rows) and of the deleted list.
    await q.query(
      `CREATE INDEX registration_branch_created_idx ON registration (branch_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX registration_created_idx ON registration (created_at DESC, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX registration_payment_mode_idx ON registration (payment_mode, created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX registration_bike_model_idx ON registration (bike_model_id, created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX registration_coupon_amount_idx ON registration (coupon_amount) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX registration_deleted_idx ON registration (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL`);
    await q.query(`CREATE INDEX registration_referring_idx ON registration (registration_id) WHERE registration_id IS NOT NULL`);
    await q.query(`CREATE INDEX registration_referred_by_idx ON registration (referred_by, created_at) WHERE referred_by IS NOT NULL`);
    await q.query(`CREATE INDEX registration_name_trgm ON registration USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX registration_phone_trgm ON registration USING gin (phone gin_trgm_ops)`);
    await q.query(`CREATE INDEX registration_bill_no_trgm ON registration USING gin (bill_no gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE registration`);
  }
}
