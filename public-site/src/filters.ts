/** Client-side input filtering of the pre-registration form (names, addresses, phones and other numbers: `filterPersonName`, `filterAddress`, `mobileDigits` and `digitsOf` of @campaign/domain, the server's own rules). */
import { isNepalMobile } from '@campaign/domain';
import type { Text } from './i18n';

/**
 * What a public form says of a phone that cannot be a Nepal mobile, at Submit, before any dialog
 * or request: the server's own words (nepalMobileMessage of @campaign/domain), translated.
 */
export function phoneProblem(value: string): Text | undefined {
  return isNepalMobile(value) ? undefined : 'The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).';
}

/** Email: letters, digits, hyphen, dot, underscore and @. */
export function filterEmail(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._@]/g, '');
}

