import { digitsOf, filterAddress, mobileDigits, toLatinDigits } from '@campaign/domain';

/**
 * The client-side input filters, used as react-admin `parse` functions:
 * what the user types is filtered before it reaches the form, so the field shows the kept
 * characters only. An emptied field becomes null (react-admin's own default).
 */
const orNull = (s: string): string | null => (s === '' ? null : s);
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A staff-typed name: letters (any script, Devanagari with its vowel signs), digits, underscore and whitespace. */
export const lettersDigitsSpaces = (v: unknown) => orNull(text(v).replace(/[^\p{L}\p{M}\p{Nd}_\s]/gu, ''));

/** An address: the server's rule (@campaign/domain's filterAddress), its comma, dot, slash and hyphen kept. */
export const addressChars = (v: unknown) => orNull(filterAddress(text(v)));

/** Citizenship number, a code: digits only, Devanagari digits (as Nepali keyboards type them) read as Latin. */
export const digitsOnly = (v: unknown) => orNull(digitsOf(text(v)));

/** A free-form number (a citizenship number with its dashes): Devanagari digits read as Latin, the rest as typed. */
export const latinDigits = (v: unknown) => orNull(toLatinDigits(text(v)));

/** A phone: its digits as digitsOnly keeps them, and a pasted `+977 9851234500` its ten national ones (mobileDigits). */
export const phoneDigits = (v: unknown) => orNull(mobileDigits(text(v)));

/** Email: letters, digits, hyphen, dot, underscore and @. */
export const emailChars = (v: unknown) => orNull(text(v).replace(/[^A-Za-z0-9._@-]/g, ''));

/** Engine, chassis and registration numbers: letters, digits, hyphen, dot, underscore; upper-cased. */
export const vehicleNumber = (v: unknown) =>
  orNull(
    text(v)
      .toUpperCase()
      .replace(/[^A-Z0-9._-]/g, ''),
  );
