import { createHmac } from 'node:crypto';

/** The identity fields a person is recognised by, and the column an erased record keeps each one's hash in. */
export const ERASED_KEY_COLUMN = { phone: 'erased_phone_key', citizenship_no: 'erased_citizenship_key' } as const;
export type IdentityField = keyof typeof ERASED_KEY_COLUMN;

/**
 * The keyed hash an erased record keeps of a phone or citizenship number, so the rules kept
 * per person (one pre-registration, one enquiry draw) still find them: HMAC-SHA256 under
 * IDENTITY_KEY of `field:value`. Without the key it reveals nothing; with it, a number can
 * only be checked, not read back, one guess at a time.
 */
export function erasedIdentityKey(key: string, field: IdentityField, value: string): string {
  return createHmac('sha256', key).update(`${field}:${value}`).digest('hex');
}
