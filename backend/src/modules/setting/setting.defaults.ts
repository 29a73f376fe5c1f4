import type { Lang, SocialLink } from '@campaign/domain';
/** Every setting, its type and its default (a key missing from the table reads as its default). */
export interface SettingValues {
  logo_id: number | null;
  /** The landing page's optional notice popup image. */
  notice_id: number | null;
  /** The landing page's hero picture, cropped for phones (portrait) and for wider screens; null shows the built-in drawing. */
  hero_phone_id: number | null;
  hero_desktop_id: number | null;
  /** The brand's colours (#rrggbb): buttons, headings and the built-in drawings; the secondary one for links and bands. */
  color_primary: string;
  color_secondary: string;
  /** Rich text (sanitised HTML) of the Scheme Details, Terms and Condition and Privacy Policy panels. */
  scheme: string;
  terms: string;
  policy: string;
  /** The same panels in Nepali (#15); an empty one shows the English to Nepali readers too. */
  scheme_ne: string;
  terms_ne: string;
  policy_ne: string;
  /** The notice popup for Nepali readers; null shows them the English one. */
  notice_ne_id: number | null;
  /** A video link for the landing page. */
  video: string | null;
  brand_name: string;
  campaign_name: string;
  social_links: SocialLink[];
  /** Shown on the admin verify screen and in SMS; 10-digit numbers. */
  support_phones: string[];
  official_website: string | null;
  /** The five roadies a customer may pick (placeholders until the brand names them). */
  roadies: string[];
  /** Prize when no allocation is won (DESIGN section 4); one of pre_prizes / prizes. */
  base_prize_preregistration: number;
  base_prize_registration: number;
  /** SMS texts with {placeholders} (docs/sms.md). */
  sms_template_otp: string;
  sms_template_prize: string;
  sms_template_coupon: string;
  /** The same texts in Nepali, for visitors who used the site in Nepali (#15). */
  sms_template_otp_ne: string;
  sms_template_prize_ne: string;
  /** A test ride or bike booking: the customer's text (and its Nepali), and the branch's alert ({what}, {name}, {phone}, {model}, {branch}, {city}). */
  sms_template_test_ride: string;
  sms_template_test_ride_ne: string;
  sms_template_test_ride_branch: string;
  /** The campaign's last day (YYYY-MM-DD, Nepal time), or null while it runs: retention counts from it. */
  campaign_ends_on: string | null;
  /** Days after the campaign's end that citizenship numbers and screenshots are kept (privacy.service.ts). */
  retention_days: number;
  /** HH:MM Nepal time, the evening before each day: that day's prize scheme is committed and frozen (docs/fairness.md). */
  commit_cutoff: string;
}

export type SettingKey = keyof SettingValues;

export const SETTING_DEFAULTS: Readonly<SettingValues> = Object.freeze({
  logo_id: null,
  notice_id: null,
  hero_phone_id: null,
  hero_desktop_id: null,
  color_primary: '#b91c1c',
  color_secondary: '#1e3a8a',
  scheme: '',
  terms: '',
  policy: '',
  scheme_ne: '',
  terms_ne: '',
  policy_ne: '',
  notice_ne_id: null,
  video: null,
  brand_name: 'Motorcycle',
  campaign_name: 'Campaign 2082',
  social_links: [],
  support_phones: [],
  official_website: null,
  roadies: ['Roadie One', 'Roadie Two', 'Roadie Three', 'Roadie Four', 'Roadie Five'],
  base_prize_preregistration: 3000,
  base_prize_registration: 1500,
  sms_template_otp: 'Your {campaign} verification code is {code}. It is valid for 10 minutes. Do not share it with anyone. Enter it at {link}',
  sms_template_prize: 'Congratulations {name}! You have won a cash discount of Rs. {prize} in {campaign}. Show this SMS at your {brand} showroom. Draw id {draw_id}.',
  sms_template_otp_ne: '{campaign} को तपाईंको प्रमाणीकरण कोड {code} हो। यो १० मिनेटसम्म मान्य छ। कसैलाई नदिनुहोस्। यहाँ हाल्नुहोस्: {link}',
  sms_template_prize_ne: 'बधाई छ {name}! तपाईंले {campaign} मा रु. {prize} नगद छुट जित्नुभयो। यो SMS आफ्नो {brand} शोरुममा देखाउनुहोस्। चिठ्ठा नम्बर {draw_id}।',
  sms_template_test_ride: 'Dear {name}, thank you for your {what} request for {model} at {branch}. We will contact you within 3 working days.',
  sms_template_test_ride_ne: 'प्रिय {name}, {branch} मा {model} को {what} अनुरोधका लागि धन्यवाद। हामी ३ कार्य दिनभित्र तपाईंलाई सम्पर्क गर्नेछौं।',
  sms_template_test_ride_branch: 'New {what}: {name}, {phone}, {model}, {city}.',
  campaign_ends_on: null,
  retention_days: 180,
  commit_cutoff: '22:00',
  sms_template_coupon: 'Congratulations {name}! Your purchase (bill {bill_no}) won a further Rs. {coupon}. Your total discount is Rs. {total}. Show coupon code {code} at hand-over. Thank you, {brand}.',
});

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

/** An SMS text in the visitor's language: `<key>_ne` for Nepali where there is one, else the English `<key>`. */
export function smsTemplateKey<K extends SettingKey>(key: K, lang: Lang): SettingKey {
  const nepali = `${key}_ne` as SettingKey;
  return lang === 'ne' && SETTING_KEYS.includes(nepali) ? nepali : key;
}

/** The settings that are images: `<name>_id` holds the file; a multipart upload comes under `<name>`. */
export const SETTING_IMAGES = ['logo', 'notice', 'notice_ne', 'hero_phone', 'hero_desktop'] as const;
export type SettingImage = (typeof SETTING_IMAGES)[number];

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
