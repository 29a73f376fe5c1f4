import { randomInt, timingSafeEqual } from 'node:crypto';

/** One-time code rules (DESIGN section 3). */
export const OTP = {
  /** A code is valid this long. */
  ttlSeconds: 600,
  /** Wrong tries before a new code is needed. */
  maxAttempts: 5,
  /** Wait between two codes to one phone. */
  resendSeconds: 60,
  /** Codes one phone may receive per Nepal day. */
  perPhonePerDay: 5,
} as const;

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
