import { OTP } from '@campaign/domain';

const key = (slug: string) => `otp-sent:${slug}`;

/** When the last code was sent for a pre-registration: the server allows a resend after OTP.resendSeconds. */
export function markCodeSent(slug: string, waitSeconds: number = OTP.resendSeconds, now = Date.now()) {
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
