/**
 * How many SMS a text takes, the rule of the server (backend/src/modules/sms/sms-segments.ts,
 * which bills and stores it), so the counter under the message box agrees with the batch:
 *
 * - GSM-7 (GSM 03.38's default alphabet): 160 septets in one SMS, 153 per part once split.
 *   Characters of the extension table (`^ { } \ [ ~ ] | €` and form feed) take two septets
 *   and the pair is never split between parts.
 * - Anything else (Nepali, curly quotes, emoji) goes as UCS-2: 70 UTF-16 units in one SMS,
 *   67 per part; a character outside the BMP (an emoji) takes two units, never split.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  segments: number;
  encoding: SmsEncoding;
  /** Characters as typed (code points). */
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
/** Longest bulk text the server takes (backend SMS_TEXT_MAX). */
export const SMS_TEXT_MAX = 1000;

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

/** Segments, encoding and characters of a text; an empty text is 0 segments. Windows line ends count once, as the server stores them. */
export function smsSegments(input: string): SmsSegments {
  const text = input.replace(/\r\n?/g, '\n');
  const chars = [...text];
  if (isGsm7(text)) {
    return { segments: pack(chars.map((c) => (EXTENDED.has(c) ? 2 : 1)), GSM_SINGLE, GSM_PART), encoding: 'GSM-7', characters: chars.length };
  }
  return { segments: pack(chars.map((c) => c.length), UCS2_SINGLE, UCS2_PART), encoding: 'UCS-2', characters: chars.length };
}

/** The line under the message box: '120 characters · 1 SMS (GSM-7, 160 per SMS)'. */
export function segmentSummary({ segments, encoding, characters }: SmsSegments): string {
  const chars = `${characters} ${characters === 1 ? 'character' : 'characters'}`;
  if (segments === 0) return chars;
  const per =
    encoding === 'GSM-7'
      ? segments > 1
        ? `GSM-7, ${GSM_PART} per part`
        : `GSM-7, ${GSM_SINGLE} per SMS`
      : segments > 1
        ? `Nepali/Unicode, ${UCS2_PART} per part`
        : `Nepali/Unicode, ${UCS2_SINGLE} per SMS`;
  return `${chars} · ${segments} SMS (${per})`;
}
