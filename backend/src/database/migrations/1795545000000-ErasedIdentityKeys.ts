import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An erased customer is still one person. Erasure blanks the phone and the citizenship
 * number, so the rules kept per person (one pre-registration per phone and per
 * citizenship number, one enquiry draw per phone) would no longer find them, and the same
 * phone could register and draw again. The erased record keeps a keyed hash of each
 * (HMAC-SHA256 under IDENTITY_KEY; never the number itself), which those rules match too.
 */
export class ErasedIdentityKeys1795545000000 implements MigrationInterface {
  name = 'ErasedIdentityKeys1795545000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE preregistration ADD COLUMN erased_phone_key text, ADD COLUMN erased_citizenship_key text`);
    await q.query(`CREATE INDEX preregistration_erased_phone_key_idx ON preregistration (erased_phone_key) WHERE erased_phone_key IS NOT NULL`);
    await q.query(`CREATE INDEX preregistration_erased_citizenship_key_idx ON preregistration (erased_citizenship_key) WHERE erased_citizenship_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE preregistration DROP COLUMN erased_phone_key, DROP COLUMN erased_citizenship_key`);
  }
}
