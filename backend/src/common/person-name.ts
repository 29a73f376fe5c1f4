import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

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

/** The DTO field `name` of a public form: trimmed, inner spaces collapsed, then the rule above (422 under `name`). */
export const PersonNameField = () =>
  applyDecorators(
    ApiProperty({ example: 'Sita Sharma', maxLength: PERSON_NAME_MAX, pattern: PERSON_NAME_RE.source }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value)),
    ValidateBy({
      name: 'personName',
      validator: { validate: (v) => personNameProblem(v) === null, defaultMessage: (a) => personNameProblem(a?.value) ?? 'Invalid.' },
    }),
  );
