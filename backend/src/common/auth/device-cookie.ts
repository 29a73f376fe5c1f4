import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@campaign/domain';

/**
 * The device cookie of OWASP's "Slow down online guessing attacks with device cookies": a
 * browser that has signed in to an account keeps a cookie the server signed, naming the
 * account and a random nonce. A sign-in that carries a valid one for its account is limited
 * on its own (per account's trusted devices), never by strangers' failures; one without
 * goes through the account's budget for untrusted attempts (modules/auth/auth.service.ts).
 *
 * Value: `v1.<user id>.<issued at, epoch seconds>.<nonce>.<signature>`, the signature an
 * HMAC-SHA256 of the rest under a key derived from JWT_SECRET (`deviceCookieKey`). One
 * cookie per account (`signin_device_<user id>`), so a showroom PC shared by several staff
 * stays trusted for each of them. HttpOnly, SameSite=Strict, Secure in production, sent
 * only to the auth routes, kept 180 days (and refused by the server after that).
 */
export const DEVICE_COOKIE_PREFIX = 'signin_device_';
export const DEVICE_COOKIE_PATH = `${API_BASE}/auth`;
export const DEVICE_COOKIE_DAYS = 180;
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 3600;
/** Cookies of a request looked at, at most: a header stuffed with thousands costs no more than this. */
const MAX_COOKIES_READ = 50;

export interface DeviceCookie {
  userId: number;
  nonce: string;
  issuedAt: number;
}

/** The HMAC key of device cookies, derived from the JWT secret (a cookie is no token). */
export function deviceCookieKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('signin-device-cookie/v1').digest();
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new device cookie for `userId`: its name, value and the options to set it with. */
export function issueDeviceCookie(key: Buffer, userId: number, secure: boolean, now = Date.now()) {
  const payload = `v1.${userId}.${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
  return {
    name: `${DEVICE_COOKIE_PREFIX}${userId}`,
    value: `${payload}.${sign(key, payload)}`,
    options: { httpOnly: true, secure, sameSite: 'strict' as const, path: DEVICE_COOKIE_PATH, maxAge: MAX_AGE_SECONDS * 1000 },
  };
}

/** The valid, unexpired device cookies of a Cookie header (a forged, altered or old one is not among them). */
export function readDeviceCookies(header: string | string[] | undefined, key: Buffer, now = Date.now()): DeviceCookie[] {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return [];
  const found: DeviceCookie[] = [];
  for (const part of text.split(';').slice(0, MAX_COOKIES_READ)) {
    const eq = part.indexOf('=');
    if (eq === -1 || !part.slice(0, eq).trim().startsWith(DEVICE_COOKIE_PREFIX)) continue;
    const cookie = verify(part.slice(eq + 1).trim(), key, now);
    if (cookie && part.slice(0, eq).trim() === `${DEVICE_COOKIE_PREFIX}${cookie.userId}`) found.push(cookie);
  }
  return found;
}

/** The request's valid device cookie for `userId`, if it has one. */
export function deviceCookieFor(header: string | string[] | undefined, key: Buffer, userId: number, now = Date.now()): DeviceCookie | undefined {
  return readDeviceCookies(header, key, now).find((c) => c.userId === userId);
}

function verify(value: string, key: Buffer, now: number): DeviceCookie | undefined {
  const m = /^(v1\.(\d{1,10})\.(\d{1,12})\.([\w-]{22}))\.([\w-]{43})$/.exec(value);
  if (!m) return undefined;
  const given = Buffer.from(m[5]);
  const expected = Buffer.from(sign(key, m[1]));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const issuedAt = Number(m[3]);
  const age = Math.floor(now / 1000) - issuedAt;
  // Older than its lifetime, or from the future (a clock far off): not trusted.
  if (age > MAX_AGE_SECONDS || age < -300) return undefined;
  return { userId: Number(m[2]), nonce: m[4], issuedAt };
}
