import { randomInt, timingSafeEqual } from 'node:crypto';

/** One-time codes; their timings (expiry, tries, resend wait, daily cap) are `OTP` in @campaign/domain. */

/** Six digits from the system CSPRNG. */
export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Constant-time comparison of the stored code and the one typed. */
export function codesMatch(stored: string | null | undefined, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
