import { randomBytes } from 'node:crypto';

/** Unguessable URL slug: 16 URL-safe characters (96 bits) from the system CSPRNG. */
export function newSlug(): string {
  return randomBytes(12).toString('base64url');
}
