/**
 * How many SMS a text takes: the rule the server stores and bills (@campaign/domain), so the
 * counter under the message box can never disagree with the batch. GSM-7: 160 in one SMS,
 * 153 per part; anything else (Nepali, curly quotes, emoji) goes as Unicode: 70 in one SMS,
 * 67 per part.
 */
import { GSM_PART, GSM_SINGLE, smsSegments as serverSegments, type SmsSegments, UCS2_PART, UCS2_SINGLE } from '@campaign/domain';

/** Longest bulk text the server takes (backend SMS_TEXT_MAX in dto/create-sms.dto.ts). */
export const SMS_TEXT_MAX = 1000;

/** Segments, encoding and characters of a text; Windows line ends count once, as the server stores them (its DTO normalises them). */
export function smsSegments(text: string): SmsSegments {
  return serverSegments(text.replace(/\r\n?/g, '\n'));
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
