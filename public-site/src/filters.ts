/** Client-side input filtering of the pre-registration form (phone fields: `mobileDigits` of @campaign/domain). */
import { toLatinDigits } from '@campaign/domain';

/** Name and address: letters (any script, with their combining marks), digits, underscore and whitespace. */
export function filterText(value: string): string {
  return value.replace(/[^\p{L}\p{M}\p{Nd}_\s]/gu, '');
}

/** Citizenship_no and codes: digits only, Devanagari ones (a Nepali keyboard's) turned into Latin. */
export function filterDigits(value: string): string {
  return toLatinDigits(value).replace(/[^0-9]/g, '');
}

/** Email: letters, digits, hyphen, dot, underscore and @. */
export function filterEmail(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._@]/g, '');
}

