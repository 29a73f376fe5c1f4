/**
 * The small parts of the provably fair draw (docs/fairness.md) that screens need without its
 * hashing: the client seed a browser makes, and the public draw id as people read and type it.
 * Kept apart from fairness.ts so that a page showing a draw id does not load a hash library.
 */
import { toLatinDigits } from './amount';

/** A client seed: 16-64 letters, digits, '-' or '_' (the browser sends 32 hex characters). */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A new client seed: 16 random bytes as hex, from the platform's secure random source
 * (Web Crypto's getRandomValues, which browsers offer over plain HTTP too, and Node's).
 */
export function newClientSeed(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A public draw id: 12 characters of Crockford's base32, shown as XXXX-XXXX-XXXX. */
export const DRAW_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new public draw id from 12 random bytes (the caller's random source: node:crypto or Web Crypto). */
export function drawIdFrom(random: Uint8Array): string {
  if (random.length < 12) throw new Error('drawIdFrom: 12 random bytes are needed');
  let id = '';
  for (let i = 0; i < 12; i++) id += BASE32[random[i] & 31];
  return id;
}

/** A draw id as people type it: dashes and spaces dropped, upper case, I/L read as 1 and O as 0. */
export function normaliseDrawId(typed: string): string {
  // As a Nepali keyboard types its digits too.
  return toLatinDigits(typed)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** XXXX-XXXX-XXXX. */
export const formatDrawId = (id: string) => id.replace(/(.{4})(?=.)/g, '$1-');

