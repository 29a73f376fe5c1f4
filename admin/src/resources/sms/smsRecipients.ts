import { isNepalMobile, SMS_TYPE_LABELS, SMS_TYPES } from '@campaign/domain';

/**
 * The SMS form's recipients and its server errors. Mobile numbers are split
 * on commas and trimmed, and errors name which number (by position) is invalid.
 */

/** The four categories, named as the server names them. */
export const SMS_TYPE_CHOICES = SMS_TYPES.map((id) => ({ id, name: SMS_TYPE_LABELS[id] }));

export type SmsType = (typeof SMS_TYPES)[number];

/** 'a, b,,c ' → ['a', 'b', 'c']: split on commas, trimmed, empty entries dropped (as the server does). */
export function splitMobiles(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
}

export { isNepalMobile };

/** 1-based positions of the entries that are not Nepal mobile numbers (the server's rule, @campaign/domain). */
export function invalidMobilePositions(text: unknown): number[] {
  return splitMobiles(text).flatMap((m, i) => (isNepalMobile(m) ? [] : [i + 1]));
}

/** '3' / '3 and 5' / '3, 5 and 9' / '3, 5, 9, 11, 12 and 4 more'. */
export function listPositions(positions: number[], shown = 5): string {
  if (positions.length <= 1) return positions.join('');
  if (positions.length > shown + 1) return `${positions.slice(0, shown).join(', ')} and ${positions.length - shown} more`;
  return `${positions.slice(0, -1).join(', ')} and ${positions[positions.length - 1]}`;
}

/** The message under the mobiles input before sending, or undefined when every entry is a mobile number. */
export function validateMobiles(text: unknown): string | undefined {
  if (!splitMobiles(text).length) return 'Type at least one mobile number.';
  const bad = invalidMobilePositions(text);
  if (!bad.length) return undefined;
  return bad.length === 1
    ? `The mobile number at position ${bad[0]} is not a valid Nepal mobile number.`
    : `The mobile numbers at positions ${listPositions(bad)} are not valid Nepal mobile numbers.`;
}

/**
 * The server's 422 `errors` (field → messages) as one message per form field. Positional
 * errors (`mobiles.3`, `registrants.2`) land under their list's field: the first one's text,
 * then the other positions named ('Also check positions 5 and 9.').
 */
export function smsFieldErrors(errors: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const positional = new Map<string, Array<{ position: number; message: string }>>();
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  for (const [key, value] of Object.entries(errors ?? {})) {
    const message = first(value);
    if (typeof message !== 'string') continue;
    const m = /^([^.]+)\.(\d+)$/.exec(key);
    if (m) {
      const list = positional.get(m[1]) ?? [];
      list.push({ position: Number(m[2]), message });
      positional.set(m[1], list);
    } else out[key] = message;
  }
  for (const [field, list] of positional) {
    list.sort((a, b) => a.position - b.position);
    const others = list.slice(1).map((e) => e.position);
    out[field] = others.length
      ? `${list[0].message} Also check ${others.length === 1 ? 'position' : 'positions'} ${listPositions(others)}.`
      : list[0].message;
  }
  return out;
}

/** The body of POST /sms: the type and only the list that type reads. */
export function smsPayload(values: { type?: SmsType; branches?: number[]; registrants?: number[]; mobiles?: string; text?: string }) {
  const type = values.type ?? 'ALL';
  return {
    type,
    ...(type === 'BRANCH' ? { branches: values.branches ?? [] } : {}),
    ...(type === 'REGISTRANTS' ? { registrants: values.registrants ?? [] } : {}),
    ...(type === 'MOBILE' ? { mobiles: splitMobiles(values.mobiles).join(',') } : {}),
    text: values.text ?? '',
  };
}
