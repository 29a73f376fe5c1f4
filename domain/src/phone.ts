import { digitsOf, toLatinDigits } from './amount';

/**
 * Nepal mobile numbers: 10 digits `9[678]XXXXXXXX`. Input may carry
 * +977 / 00977 / 977, spaces, dashes, dots or parentheses; we store the 10 digits.
 * The SMS worker refuses to send to anything this does not accept.
 */
export const NEPAL_MOBILE_RE = /^9[678]\d{8}$/;

/** The 10-digit mobile number, or null when `input` is not a Nepal mobile number. */
export function parseNepalMobile(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  // Nepali keyboards type Devanagari digits: '९८४१२३००११' is 9841230011.
  const raw = toLatinDigits(String(input)).trim();
  if (!raw || raw.length > 25) return null;
  // Only digits, one leading plus and the usual separators are allowed.
  if (!/^\+?[\d\s\-.()]+$/.test(raw)) return null;
  let digits = raw.replace(/[\s\-.()]/g, '');
  const plus = digits.startsWith('+');
  if (plus) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('00977')) digits = digits.slice(5);
  else if (digits.startsWith('977') && (plus || digits.length === 13)) digits = digits.slice(3);
  else if (plus) return null; // another country's code
  return NEPAL_MOBILE_RE.test(digits) ? digits : null;
}

/** The one message for a field that must hold a Nepal mobile number, the same on every form. */
export function nepalMobileMessage(field = 'phone'): string {
  return `The ${field} must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).`;
}

export function isNepalMobile(input: unknown): boolean {
  return parseNepalMobile(input) !== null;
}

/** '98******23': the first two and last two digits, for public answers and logs. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const p = String(phone);
  if (p.length <= 4) return '*'.repeat(p.length);
  return `${p.slice(0, 2)}${'*'.repeat(p.length - 4)}${p.slice(-2)}`;
}

/**
 * What a phone field keeps of what is typed or pasted, as the user types: Latin digits
 * (Devanagari ones converted), no separators, and a Nepal number's country code (977, +977,
 * 00977) dropped once ten digits follow it. '+977 985-123 4500' is 9851234500; the field's
 * validation (parseNepalMobile, NEPAL_MOBILE_RE) judges the rest.
 */
export function mobileDigits(input: string): string {
  const digits = digitsOf(input);
  return /^(?:00)?977\d{10}$/.test(digits) ? digits.slice(-10) : digits;
}
