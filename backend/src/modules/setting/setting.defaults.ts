/** Every setting, its type and its default (a key missing from the table reads as its default). */
export interface SocialLink {
  label: string;
  url: string;
}

export interface SettingValues {
  logo_id: number | null;
  /** The landing page's optional notice popup image. */
  notice_id: number | null;
  /** Rich text (sanitised HTML) of the Scheme Details, Terms and Condition and Privacy Policy panels. */
  scheme: string;
  terms: string;
  policy: string;
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
}

export type SettingKey = keyof SettingValues;

export const SETTING_DEFAULTS: Readonly<SettingValues> = Object.freeze({
  logo_id: null,
  notice_id: null,
  scheme: '',
  terms: '',
  policy: '',
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
  sms_template_prize: 'Congratulations {name}! You have won a cash discount of Rs. {prize} in {campaign}. Show this SMS at your {brand} showroom.',
  sms_template_coupon: 'Congratulations {name}! Your purchase (bill {bill_no}) won a further Rs. {coupon}. Your total discount is Rs. {total}. Show coupon code {code} at hand-over. Thank you, {brand}.',
});

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

/** Fills `{placeholder}`s; an unknown one is left as written. */
export function fillTemplate(template: string, values: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (values[k] === undefined || values[k] === null ? m : String(values[k])));
}
