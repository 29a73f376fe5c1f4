/** When the last OTP was sent for a pre-registration (the server allows a resend after 60 s). */
export const RESEND_SECONDS = 60;
const key = (slug: string) => `otp-sent:${slug}`;

export function markCodeSent(slug: string, waitSeconds = RESEND_SECONDS, now = Date.now()) {
  try {
    sessionStorage.setItem(key(slug), String(now + waitSeconds * 1000));
  } catch {
    /* ignore */
  }
}

/** Seconds left before "Resend code" may be used again. */
export function secondsUntilResend(slug: string, now = Date.now()): number {
  try {
    const until = Number(sessionStorage.getItem(key(slug)));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  } catch {
    return 0;
  }
}
