/*
 * Every setting, declared once: its key, its type and default (a key missing from the
 * `setting` table reads as its default), how a written value is checked (`rule`: the
 * backend's PATCH /setting builds its DTO from it, setting/dto/update-setting.dto.ts) and its
 * field in the admin's settings form (`form`: admin/src/pages/SettingsPage.tsx draws the form
 * from it). A new setting is one entry here; its readers name it where they read it.
 */
import { toDevanagariDigits } from './amount';
import { OTP } from './codes';
import { PRE_PRIZES, PRIZES } from './options';

/** A link in the public site's footer. */
export interface SocialLink {
  label: string;
  url: string;
}

/** How a written value is checked; each kind is one set of checks in the backend's DTO, with these words. */
export type SettingRule =
  /** An uploaded image's id under `<name>_id` (a multipart upload comes under `<name>`); null removes it. */
  | { kind: 'image'; what: string }
  /** A colour as #rrggbb. */
  | { kind: 'color'; message: string }
  /** Rich text (HTML), sanitised when saved. */
  | { kind: 'rich' }
  /** An http(s) link; empty or null for none. */
  | { kind: 'url'; message: string }
  /** Text that may not be empty, at most `max` characters ('The <what> field is required.'). */
  | { kind: 'name'; what: string; max: number }
  /** Text that may be empty, at most `max` characters (a Nepali twin: empty falls back to the English). */
  | { kind: 'text'; what: string; max: number }
  /** At most `max` links of a label and an http(s) url. */
  | { kind: 'links'; max: number; message: string }
  /** At most `max` phone numbers as the support line writes them (digits, spaces, dashes, a leading +). */
  | { kind: 'phones'; max: number; message: string; each: string }
  /** Exactly `count` different names of at most `max` characters. */
  | { kind: 'names'; count: number; max: number; message: string; unique: string; empty: string }
  /** One of the amounts `of`. */
  | { kind: 'amount'; of: readonly number[]; message: string }
  /** An SMS text with {placeholders} (docs/sms.md), at most 480 characters, containing `must` (else not empty). */
  | { kind: 'sms'; must?: string; message: string }
  /** A day (YYYY-MM-DD); empty or null for none. */
  | { kind: 'day'; message: string }
  /** A whole number of days from `min` to `max`. */
  | { kind: 'days'; min: number; max: number; whole: string; below: string; above: string }
  /** A time of day (HH:MM). */
  | { kind: 'time'; message: string };

/** The admin settings form's sections, in their order (SettingsPage.tsx gives their titles). */
export const SETTING_SECTIONS = ['brand', 'panels', 'panels_ne', 'messages', 'draws', 'privacy'] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];

/** A setting's field in the admin's settings form, drawn by its rule's kind. */
export interface SettingField {
  section: SettingSection;
  label: string;
  help?: string;
  /** On the line of the field before it (wide screens). */
  beside?: true;
  /** An image the form can remove (else only replace). */
  removable?: true;
}

export interface SettingSpec<T> {
  default: T;
  rule: SettingRule;
  /** What the API's OpenAPI page says of it. */
  description?: string;
  /** Its field in the admin's settings form; none: not edited there. */
  form?: SettingField;
}

const setting = <T>(spec: SettingSpec<T>): SettingSpec<T> => spec;

/** The code SMS says how long its code works: the code's lifetime (`OTP.ttlSeconds`). */
const codeMinutes = OTP.ttlSeconds / 60;

/** Every setting, in the order of the admin's form (the ones not in it last). */
export const SETTINGS = {
  brand_name: setting<string>({
    default: 'Motorcycle',
    rule: { kind: 'name', what: 'brand name', max: 60 },
    form: { section: 'brand', label: 'Brand Name' },
  }),
  campaign_name: setting<string>({
    default: 'Campaign 2082',
    rule: { kind: 'name', what: 'campaign name', max: 100 },
    form: { section: 'brand', label: 'Campaign Name', beside: true },
  }),
  /** The campaign's name for visitors who read Nepali (the page's header, their SMS); empty: the English name. */
  campaign_name_ne: setting<string>({
    default: '',
    rule: { kind: 'text', what: 'Nepali campaign name', max: 100 },
    description: "The campaign's name in Nepali: the header and SMS of visitors who read Nepali; empty for the English name",
    form: { section: 'brand', label: 'Campaign Name in Nepali', help: 'Shown to visitors who read Nepali, in the header and in their SMS. Empty: the English name.' },
  }),
  logo_id: setting<number | null>({
    default: null,
    rule: { kind: 'image', what: 'logo' },
    form: { section: 'brand', label: 'Logo' },
  }),
  /** The landing page's hero picture, cropped for phones (portrait) and for wider screens; null shows the built-in drawing. */
  hero_phone_id: setting<number | null>({
    default: null,
    rule: { kind: 'image', what: 'hero phone picture' },
    form: {
      section: 'brand',
      label: 'Hero Picture for Phones',
      removable: true,
      help: 'Wide and low (about 2:1, at least 800 px wide), so the buttons stay on the first screen. Remove both pictures for the built-in drawing.',
    },
  }),
  hero_desktop_id: setting<number | null>({
    default: null,
    rule: { kind: 'image', what: 'hero desktop picture' },
    form: {
      section: 'brand',
      label: 'Hero Picture for Wide Screens',
      removable: true,
      help: 'Shown beside the headline on screens from 1024 px (about 3:2, at least 1200 px wide).',
    },
  }),
  /** The brand's colours: buttons, headings and the built-in drawings; the secondary one for links and bands. */
  color_primary: setting<string>({
    default: '#b91c1c',
    rule: { kind: 'color', message: 'The primary colour must be a colour like #b91c1c.' },
    description: 'The primary brand colour (#rrggbb)',
    form: { section: 'brand', label: 'Primary Colour', help: "Buttons, headings, the drawing's bike" },
  }),
  color_secondary: setting<string>({
    default: '#1e3a8a',
    rule: { kind: 'color', message: 'The secondary colour must be a colour like #1e3a8a.' },
    description: 'The secondary brand colour (#rrggbb)',
    form: { section: 'brand', label: 'Secondary Colour', help: 'The campaign badge, outlined buttons, the sky', beside: true },
  }),
  /** The landing page's optional notice popup image. */
  notice_id: setting<number | null>({
    default: null,
    rule: { kind: 'image', what: 'notice' },
    form: {
      section: 'brand',
      label: 'Notice Popup Image',
      removable: true,
      help: 'Shown once per visit over the landing page, with a close button. Remove it for no notice.',
    },
  }),
  /** A video link for the landing page. */
  video: setting<string | null>({
    default: null,
    rule: { kind: 'url', message: 'The video must be a valid http(s) URL.' },
    description: 'Video link (http or https)',
    form: { section: 'brand', label: 'Video Link' },
  }),
  official_website: setting<string | null>({
    default: null,
    rule: { kind: 'url', message: 'The official website must be a valid http(s) URL.' },
    form: { section: 'brand', label: 'Official Website', beside: true },
  }),
  /** Shown on the site, the admin's verify screen and in code messages. */
  support_phones: setting<string[]>({
    default: [],
    rule: {
      kind: 'phones',
      max: 5,
      message: 'The support phones must be a list.',
      each: 'Each support phone must be a phone number (digits and dashes).',
    },
    form: { section: 'brand', label: 'Support Phones', help: 'Comma-separated; shown on the site and in code messages' },
  }),
  social_links: setting<SocialLink[]>({
    default: [],
    rule: { kind: 'links', max: 10, message: 'The social links must be a list.' },
    form: { section: 'brand', label: 'Social Links' },
  }),
  /** Rich text (sanitised HTML) of the Scheme Details, Terms and Condition and Privacy Policy panels. */
  scheme: setting<string>({
    default: '',
    rule: { kind: 'rich' },
    description: 'Rich text (HTML), sanitised',
    form: { section: 'panels', label: 'Scheme' },
  }),
  terms: setting<string>({
    default: '',
    rule: { kind: 'rich' },
    description: 'Rich text (HTML), sanitised',
    form: { section: 'panels', label: 'Terms and Conditions' },
  }),
  policy: setting<string>({
    default: '',
    rule: { kind: 'rich' },
    description: 'Rich text (HTML), sanitised',
    form: { section: 'panels', label: 'Privacy Policy' },
  }),
  /** The same panels in Nepali; an empty one shows the English to Nepali readers too. */
  scheme_ne: setting<string>({
    default: '',
    rule: { kind: 'rich' },
    description: 'The Scheme Details panel in Nepali (rich text, sanitised)',
    form: { section: 'panels_ne', label: 'Scheme in Nepali' },
  }),
  terms_ne: setting<string>({
    default: '',
    rule: { kind: 'rich' },
    description: 'The Terms and Condition panel in Nepali (rich text, sanitised)',
    form: { section: 'panels_ne', label: 'Terms and Conditions in Nepali' },
  }),
  policy_ne: setting<string>({
    default: '',
    rule: { kind: 'rich' },
    description: 'The Privacy Policy panel in Nepali (rich text, sanitised)',
    form: { section: 'panels_ne', label: 'Privacy Policy in Nepali' },
  }),
  /** The notice popup for Nepali readers; null shows them the English one. */
  notice_ne_id: setting<number | null>({
    default: null,
    rule: { kind: 'image', what: 'Nepali notice' },
    form: {
      section: 'panels_ne',
      label: 'Notice Popup Image in Nepali',
      removable: true,
      help: 'Shown instead of the notice to visitors who read Nepali.',
    },
  }),
  /** SMS texts with {placeholders} (docs/sms.md); the `_ne` ones for visitors who used the site in Nepali. */
  sms_template_otp: setting<string>({
    default: `Your {campaign} verification code is {code}. It is valid for ${codeMinutes} minutes. Do not share it with anyone. Enter it at {link}`,
    rule: { kind: 'sms', must: '{code}', message: 'The OTP template must contain {code}.' },
    description: 'Must contain {code} (docs/sms.md)',
    form: { section: 'messages', label: 'Code SMS', help: 'Must contain {code}; {campaign}, {link} may be used' },
  }),
  sms_template_prize: setting<string>({
    default:
      '{name}, you won a Rs. {prize} cash discount in {campaign}! Show this SMS at your {brand} showroom. Draw {draw_id} proof {proof}',
    rule: { kind: 'sms', must: '{prize}', message: 'The prize template must contain {prize}.' },
    description: 'Must contain {prize} (docs/sms.md)',
    form: { section: 'messages', label: 'Prize SMS', help: "Must contain {prize}; {name}, {campaign}, {brand}, {draw_id}, {proof} may be used ({proof}, the day's fingerprint, is added at the end when left out)" },
  }),
  sms_template_otp_ne: setting<string>({
    default: `{campaign} को तपाईंको प्रमाणीकरण कोड {code} हो। यो ${toDevanagariDigits(String(codeMinutes))} मिनेटसम्म मान्य छ। कसैलाई नदिनुहोस्। यहाँ हाल्नुहोस्: {link}`,
    rule: { kind: 'sms', must: '{code}', message: 'The Nepali OTP template must contain {code}.' },
    description: 'The code SMS in Nepali; must contain {code}',
    form: {
      section: 'messages',
      label: 'Code SMS in Nepali',
      help: 'For visitors who use the site in Nepali. Must contain {code}; {campaign}, {link} may be used',
    },
  }),
  sms_template_prize_ne: setting<string>({
    default: 'बधाई छ {name}! {campaign} मा रु. {prize} छुट जित्नुभयो। SMS {brand} शोरुममा देखाउनुहोस्। चिठ्ठा {draw_id} प्रमाण {proof}',
    rule: { kind: 'sms', must: '{prize}', message: 'The Nepali prize template must contain {prize}.' },
    description: 'The prize SMS in Nepali; must contain {prize}',
    form: {
      section: 'messages',
      label: 'Prize SMS in Nepali',
      help: "For visitors who use the site in Nepali. Must contain {prize}; {name}, {campaign}, {brand}, {draw_id}, {proof} may be used ({proof} is added at the end when left out)",
    },
  }),
  /** A test ride or bike booking: the customer's text (and its Nepali), and the branch's alert. */
  sms_template_test_ride: setting<string>({
    default: 'Dear {name}, thank you for your {what} request for {model} at {branch}. We will contact you within 3 working days.',
    rule: { kind: 'sms', message: 'The test ride SMS may not be empty.' },
    description: "A test ride's SMS to the customer; {what}, {name}, {model}, {branch} may be used",
    form: {
      section: 'messages',
      label: 'Test Ride SMS',
      help: 'To the customer after a test ride or bike booking; {name}, {what}, {model}, {branch} may be used',
    },
  }),
  sms_template_test_ride_ne: setting<string>({
    default: 'प्रिय {name}, {branch} मा {model} को {what} अनुरोधका लागि धन्यवाद। हामी ३ कार्य दिनभित्र तपाईंलाई सम्पर्क गर्नेछौं।',
    rule: { kind: 'sms', message: 'The Nepali test ride SMS may not be empty.' },
    description: "A test ride's SMS to the customer, in Nepali",
    form: { section: 'messages', label: 'Test Ride SMS in Nepali', help: 'The same, for visitors who book in Nepali' },
  }),
  sms_template_test_ride_branch: setting<string>({
    default: 'New {what}: {name}, {phone}, {model}, {city}.',
    rule: { kind: 'sms', message: 'The branch test ride SMS may not be empty.' },
    description: "A test ride's alert to the branch's mobile; {what}, {name}, {phone}, {model}, {city} may be used",
    form: {
      section: 'messages',
      label: 'Test Ride Alert to the Branch',
      help: "To the branch's mobile; {what}, {name}, {phone}, {model}, {city} may be used",
    },
  }),
  sms_template_coupon: setting<string>({
    default:
      'Congratulations {name}! Your purchase (bill {bill_no}) won a further Rs. {coupon}. Your total discount is Rs. {total}. Show coupon code {code} at hand-over. Thank you, {brand}.',
    rule: { kind: 'sms', must: '{coupon}', message: 'The coupon template must contain {coupon}.' },
    description: 'Must contain {coupon} (docs/sms.md)',
    form: {
      section: 'messages',
      label: 'Coupon SMS',
      help: 'Must contain {coupon}; {name}, {bill_no}, {total}, {code}, {brand} may be used',
    },
  }),
  /** HH:MM Nepal time, the evening before each day: that day's prize scheme is committed and frozen (docs/fairness.md). */
  commit_cutoff: setting<string>({
    default: '22:00',
    rule: { kind: 'time', message: 'The commitment time must be a time of day (HH:MM).' },
    description: "HH:MM Nepal time, the evening before each day: that day's prize scheme is committed and frozen (docs/fairness.md)",
    form: {
      section: 'draws',
      label: 'Prize Scheme Commitment Time',
      help: "HH:MM Nepal time, the evening before each day: that day's scheme is published by its fingerprint and can no longer change",
    },
  }),
  /** The campaign's last day (YYYY-MM-DD, Nepal time), or null while it runs: retention counts from it. */
  campaign_ends_on: setting<string | null>({
    default: null,
    rule: { kind: 'day', message: 'The campaign end must be a date (YYYY-MM-DD).' },
    description: "The campaign's last day (AD, YYYY-MM-DD); retention counts from it",
    form: { section: 'privacy', label: 'Campaign End Date', help: 'Retention counts from this day' },
  }),
  /** Days after the campaign's end that citizenship numbers and screenshots are kept (privacy.service.ts). */
  retention_days: setting<number>({
    default: 180,
    rule: {
      kind: 'days',
      min: 30,
      max: 3650,
      whole: 'The retention must be a whole number of days.',
      below: 'The retention must be at least 30 days.',
      above: 'The retention may not be greater than 3650 days.',
    },
    description: 'Days after the campaign end that citizenship numbers and screenshots are kept',
    form: { section: 'privacy', label: 'Keep Citizenship Numbers and Screenshots (days after the end)', beside: true },
  }),
  /** The five roadies a customer may pick (placeholders until the brand names them). */
  roadies: setting<string[]>({
    default: ['Roadie One', 'Roadie Two', 'Roadie Three', 'Roadie Four', 'Roadie Five'],
    rule: {
      kind: 'names',
      count: 5,
      max: 60,
      message: 'The roadies must be a list of five names.',
      unique: 'The roadies must be different names.',
      empty: 'A roadie name is empty.',
    },
  }),
  /** Prize when no allocation is won; one of the pre-registration / registration prizes. */
  base_prize_preregistration: setting<number>({
    default: 3000,
    rule: { kind: 'amount', of: PRE_PRIZES, message: 'The base pre-registration prize must be one of the pre-registration prizes.' },
  }),
  base_prize_registration: setting<number>({
    default: 1500,
    rule: { kind: 'amount', of: PRIZES, message: 'The base registration prize must be one of the registration prizes.' },
  }),
};

type Settings = typeof SETTINGS;

/** Every setting's value, typed. */
export type SettingValues = { [K in keyof Settings]: Settings[K]['default'] };
export type SettingKey = keyof SettingValues;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const SETTING_DEFAULTS: Readonly<SettingValues> = Object.freeze(
  Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTINGS[k].default])) as SettingValues,
);

/** The settings that are images, by name: `<name>_id` holds the file; a multipart upload comes under `<name>`. */
export type SettingImage = { [K in SettingKey]: K extends `${infer Name}_id` ? Name : never }[SettingKey];
export const SETTING_IMAGES = SETTING_KEYS.filter((k) => SETTINGS[k].rule.kind === 'image').map(
  (k) => k.slice(0, -'_id'.length) as SettingImage,
);

/** The settings every visitor's page reads (GET /settings, beside their images and the option lists); the others are staff's. */
export const PUBLIC_SETTING_KEYS = [
  'scheme',
  'terms',
  'policy',
  'scheme_ne',
  'terms_ne',
  'policy_ne',
  'video',
  'brand_name',
  'campaign_name',
  'campaign_name_ne',
  'social_links',
  'support_phones',
  'official_website',
] as const satisfies readonly SettingKey[];
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
