/** Client-side input filtering of the pre-registration form (names, addresses, phones and other numbers: `filterPersonName`, `filterAddress`, `mobileDigits` and `digitsOf` of @campaign/domain, the server's own rules). */

/** Email: letters, digits, hyphen, dot, underscore and @. */
export function filterEmail(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._@]/g, '');
}

