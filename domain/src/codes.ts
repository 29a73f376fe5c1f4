/**
 * One-time codes: their timings (the server enforces them, the public site's "Resend code"
 * button counts down the same wait, the code SMS says the lifetime) and the verdict on a
 * typed code with its words, for every code path of the server.
 */
export const OTP = {
  /** A code is valid this long. */
  ttlSeconds: 600,
  /** Wrong tries before a new code is needed: the link's budget (the code's verify page, staff's verify). */
  maxAttempts: 5,
  /**
   * Wrong tries per code through the way back by phone (POST /enquiry/return/verify): a budget
   * of its own, never spending the link's, so a stranger who knows a phone cannot lock its
   * owner out. Both together compare at most 10 guesses with one code: 10 in a million.
   */
  returnMaxAttempts: 5,
  /** Wait between two codes to one phone. */
  resendSeconds: 60,
  /** Codes one phone may receive per Nepal day; also the codes one record may be given per Nepal day, to whichever phone. */
  perPhonePerDay: 5,
} as const;

/**
 * The answers of a code's outcomes, under `code`, for both code paths (the code's verify page
 * and staff's verify, and the way back by phone), and the refusals to send another.
 */
export const CODE_MESSAGES = {
  none: 'There is no active code. Please request a new code.',
  exhausted: 'Too many incorrect codes. Please request a new code.',
  expired: 'The code has expired. Please request a new code.',
  incorrect: 'The code is incorrect.',
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  capped: (n: number) => `This phone has received ${n} codes today. Please try again tomorrow.`,
  recordCapped: (n: number) => `This pre-registration has received ${n} codes today. Please try again tomorrow.`,
} as const;

/** Why a typed code opens nothing. */
export type CodeOutcome = 'none' | 'exhausted' | 'expired' | 'incorrect';

/** A wrong try's outcome: the lock-out when it spent the last try (`attempts` counts it), else 'incorrect'. */
export function wrongTry(attempts: number, maxAttempts: number): 'exhausted' | 'incorrect' {
  return attempts >= maxAttempts ? 'exhausted' : 'incorrect';
}

/**
 * The verdict on a typed code, in this order: no code, its tries spent, expired, wrong. Each
 * wrong try counts: it returns the attempts to store, and the one that spends the last try
 * already answers the lock-out. `matches` compares the stored code with the typed one.
 */
export function codeVerdict(
  stored: { code: string | null; expiresAt: Date | null; attempts: number },
  matches: (code: string) => boolean,
  maxAttempts: number,
  now: Date,
): { ok: true } | { ok: false; outcome: CodeOutcome; attempts?: number } {
  if (!stored.code) return { ok: false, outcome: 'none' };
  if (stored.attempts >= maxAttempts) return { ok: false, outcome: 'exhausted' };
  if (!stored.expiresAt || stored.expiresAt.getTime() <= now.getTime()) return { ok: false, outcome: 'expired' };
  if (matches(stored.code)) return { ok: true };
  const attempts = stored.attempts + 1;
  return { ok: false, outcome: wrongTry(attempts, maxAttempts), attempts };
}
