import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy: consent, erasure on request, and retention.
 *
 * - Consent: a public record (an enquiry: no `created_by`; every test ride) stores when the
 *   visitor agreed, by submitting the form under its line that links the terms and the
 *   privacy policy, and which terms they saw: `terms_version` is the first 12 hex digits of
 *   the md5 of the terms setting as stored at that moment ('default' while the terms were
 *   never saved). Set by a trigger on insert, so every path that stores a public record
 *   records it and none can forget.
 * - Erasure: `erased_at` marks a record whose personal fields were blanked (on request, or
 *   by the retention job for citizenship numbers and screenshots). An erased
 *   pre-registration or test ride has no phone (NULL), which the phone rules allow only
 *   then; a registration keeps NOT NULL columns as ''.
 */
export class Privacy1795544041987 implements MigrationInterface {
  name = 'Privacy1795544041987';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['preregistration', 'test_ride']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN consent_at timestamptz, ADD COLUMN terms_version text, ADD COLUMN erased_at timestamptz`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN phone DROP NOT NULL`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_phone_unless_erased CHECK (phone IS NOT NULL OR erased_at IS NOT NULL)`);
    }
    await q.query(`ALTER TABLE registration ADD COLUMN erased_at timestamptz`);
    await q.query(`
      CREATE FUNCTION record_public_consent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A pre-registration typed in by staff is not the visitor's own submission.
        IF TG_TABLE_NAME = 'preregistration' THEN
          IF NEW.created_by IS NOT NULL THEN RETURN NEW; END IF;
        END IF;
        NEW.consent_at := COALESCE(NEW.consent_at, now());
        NEW.terms_version := COALESCE(NEW.terms_version,
          (SELECT left(md5(value::text), 12) FROM setting WHERE key = 'terms'), 'default');
        RETURN NEW;
      END $$`);
    for (const table of ['preregistration', 'test_ride']) {
      await q.query(`CREATE TRIGGER ${table}_consent BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION record_public_consent()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['preregistration', 'test_ride']) {
      await q.query(`DROP TRIGGER ${table}_consent ON ${table}`);
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_phone_unless_erased`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN consent_at, DROP COLUMN terms_version, DROP COLUMN erased_at`);
    }
    await q.query(`DROP FUNCTION record_public_consent()`);
    await q.query(`ALTER TABLE registration DROP COLUMN erased_at`);
  }
}
