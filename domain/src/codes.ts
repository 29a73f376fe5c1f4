/**
 * One-time code timings: the server enforces them, the public site's "Resend code" button
 * counts down the same wait, so both read them here.
 */
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
