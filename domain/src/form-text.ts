/**
 * The rules for what people type in the forms' text fields, declared once: the server checks
 * them (422 under the field) and both front ends filter with them as the user types, so what
 * a form keeps is what the server accepts.
 */

/**
 * A person's name as the public may type it (the enquiry and the test-ride forms): letters
 * of any script with their combining marks (Devanagari vowel signs are marks), spaces, and
 * `.`, `'` (or the typographic ’ phones type) and `-`, at least one letter, at most 60
 * characters. No digits, `/` or `:`, so a name cannot carry a link or a message: its text is
 * sent to the visitor's phone and the branch's mobile by the brand's SMS sender.
 */
export const PERSON_NAME_MAX = 60;
export const PERSON_NAME_RE = /^(?=.*\p{L})[\p{L}\p{M} .'\u2019-]+$/u;
export const PERSON_NAME_MESSAGES = {
  required: 'The name field is required.',
  type: 'The name must be text.',
  tooLong: `The name may not be greater than ${PERSON_NAME_MAX} characters.`,
  pattern: 'The name may only contain letters, spaces, dots, apostrophes and hyphens.',
} as const;

/** The one message for a submitted name, or null when it is a name. */
export function personNameProblem(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return PERSON_NAME_MESSAGES.required;
  if (typeof v !== 'string') return PERSON_NAME_MESSAGES.type;
  if (v.length > PERSON_NAME_MAX) return PERSON_NAME_MESSAGES.tooLong;
  if (!PERSON_NAME_RE.test(v)) return PERSON_NAME_MESSAGES.pattern;
  return null;
}

/** A name as it is typed: only the characters the rule allows, at most PERSON_NAME_MAX of them. */
export function filterPersonName(value: string): string {
  return value.replace(/[^\p{L}\p{M} .'\u2019-]/gu, '').slice(0, PERSON_NAME_MAX);
}

/**
 * An address: letters of any script with their marks, digits, underscore, spaces, and the
 * comma, dot, slash and hyphen of 'Lakeside-6, Pokhara' or 'Ward 4/5' (the older filter
 * kept letters, digits, underscore and spaces only, and turned that address into
 * 'Lakeside6 Pokhara': docs/decisions.md, "Addresses keep").
 */
export const ADDRESS_RE = /^[\p{L}\p{M}\p{Nd}_\s,./-]+$/u;
export const ADDRESS_MESSAGE = 'The address may only contain letters, numbers, spaces and , . / - _';

/** An address as it is typed: only the characters ADDRESS_RE allows. */
export function filterAddress(value: string): string {
  return value.replace(/[^\p{L}\p{M}\p{Nd}_\s,./-]/gu, '');
}
