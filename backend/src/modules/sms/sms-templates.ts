import { SETTING_KEYS, type Lang, type SettingKey } from '@campaign/domain';

/*
 * How every SMS the app writes is rendered (codes, prizes, coupons, test rides, bulk): the
 * texts are settings (`sms_template_*`, read through SettingService), filled here.
 */

/** An SMS text in the visitor's language: `<key>_ne` for Nepali where there is one, else the English `<key>`. */
export function smsTemplateKey<K extends SettingKey>(key: K, lang: Lang): SettingKey {
  const nepali = `${key}_ne` as SettingKey;
  return lang === 'ne' && SETTING_KEYS.includes(nepali) ? nepali : key;
}

/**
 * Fills `{placeholder}`s; an unknown one is left as written. The one render function of
 * every SMS the app writes (codes, prizes, coupons, test rides). An inserted value is text
 * someone typed (a visitor's name above all) going out under the brand's sender, so it is
 * made unable to carry a message of its own (smsValue).
 */
export function fillTemplate(
  template: string,
  values: Record<string, string | number | null | undefined>,
  /** Values the app made itself from its configuration (the code SMS's {link}): inserted as they are, never a visitor's text. */
  trusted: Record<string, string> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) =>
    Object.hasOwn(trusted, k) ? trusted[k] : values[k] === undefined || values[k] === null ? m : smsValue(values[k]),
  );
}

/**
 * A prize text carries the day's fingerprint (docs/fairness.md, "The chain"): a template that
 * leaves out {proof} (one saved before it existed) gets it at the end, so every customer holds
 * a copy of the commitment made before the day's seed was known.
 */
export const withProof = (template: string) => (template.includes('{proof}') ? template : `${template} Proof {proof}`);

/** Longest inserted value (characters): a stored name (100) or a campaign name (100). */
export const SMS_VALUE_MAX = 100;
/** C0/C1 controls, line and paragraph separators, bidi overrides and isolates, zero-width space, BOM. ZWJ/ZWNJ stay: Devanagari uses them. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const SMS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\ufeff]/g;
/** A full stop (or its ideographic and full-width forms) between two letters: what makes `evil.example` a link. */
const LINK_DOT = /(\p{L}\p{M}*)([.\u3002\uff0e\uff61])(?=\p{L})/gu;

/**
 * One value as an SMS carries it: controls become spaces, runs of spaces one space, at most
 * SMS_VALUE_MAX characters, and a dot between two letters is followed by a space, so no
 * phone shows it as a link (`evil.example/x` goes out as `evil. example/x`).
 */
export function smsValue(v: string | number): string {
  const text = Array.from(String(v).replace(SMS_CONTROL, ' ').replace(/\s+/g, ' ').trim()).slice(0, SMS_VALUE_MAX).join('').trim();
  return text.replace(LINK_DOT, '$1$2 ');
}
