/**
 * How many SMS a text takes (what the gateway bills), shared with the admin through
 * `POST /sms/preview` and the bulk-send answer.
 *
 * - GSM-7 (the GSM 03.38 default alphabet): 160 septets in one SMS, 153 per part once it
 *   is split (7 go to the concatenation header). Characters of the extension table
 *   (`^ { } \ [ ~ ] | €` and form feed) take two septets, and the pair is never split
 *   between two parts.
 * - Anything else (Nepali, emoji...) goes as UCS-2: 70 UTF-16 units in one SMS, 67 per
 *   part; a character outside the BMP (an emoji) takes two units and is never split.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  segments: number;
  encoding: SmsEncoding;
  /** Characters as the user typed them (code points). */
  characters: number;
}

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export const GSM_SINGLE = 160;
export const GSM_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

/** Whether every character of `text` is in the GSM-7 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENDED.has(ch)) return false;
  return true;
}

/** Parts needed for units of the given sizes, never splitting one unit across two parts. */
function pack(sizes: number[], single: number, part: number): number {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  if (total <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const s of sizes) {
    if (used + s > part) {
      parts += 1;
      used = 0;
    }
    used += s;
  }
  return parts;
}

/** Segments, encoding and character count of an SMS text (an empty text is 0 segments). */
export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  if (isGsm7(text)) {
    return {
      segments: pack(
        chars.map((c) => (EXTENDED.has(c) ? 2 : 1)),
        GSM_SINGLE,
        GSM_PART,
      ),
      encoding: 'GSM-7',
      characters: chars.length,
    };
  }
  return {
    segments: pack(
      chars.map((c) => c.length),
      UCS2_SINGLE,
      UCS2_PART,
    ),
    encoding: 'UCS-2',
    characters: chars.length,
  };
}
