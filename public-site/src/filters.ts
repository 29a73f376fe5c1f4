/** Client-side input filtering of the pre-registration form. */

/** Name and address: letters (any script, with their combining marks), digits, underscore and whitespace. */
export function filterText(value: string): string {
  return value.replace(/[^\p{L}\p{M}\p{Nd}_\s]/gu, '');
}

/** Phone and citizenship_no: digits only. */
export function filterDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** Email: letters, digits, hyphen, dot, underscore and @. */
export function filterEmail(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._@]/g, '');
}

/** A pasted international number (977 + 10 digits) is sent as the 10-digit national number. */
export function nationalPhone(digits: string): string {
  return /^977\d{10}$/.test(digits) ? digits.slice(3) : digits;
}
