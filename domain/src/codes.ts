/**
 * One-time code timings: the server enforces them, the public site's "Resend code" button
 * counts down the same wait, so both read them here.
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
