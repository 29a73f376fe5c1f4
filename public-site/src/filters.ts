/** Client-side input filtering of the pre-registration form (names, addresses and phones: `filterPersonName`, `filterAddress` and `mobileDigits` of @campaign/domain, the server's own rules). */
import { toLatinDigits } from '@campaign/domain';


/** Citizenship_no and codes: digits only, Devanagari ones (a Nepali keyboard's) turned into Latin. */
export function filterDigits(value: string): string {
  return toLatinDigits(value).replace(/[^0-9]/g, '');
}

/** Email: letters, digits, hyphen, dot, underscore and @. */
export function filterEmail(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._@]/g, '');
}

