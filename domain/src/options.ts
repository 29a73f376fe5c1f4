/**
 * The fixed option lists: the server validates against them and seeds from them, serves
 * them under GET /settings `options`, and the front ends fall back on them when the
 * settings cannot be read.
 */
import type { Lang } from './amount';
import type { SettingValues } from './settings';
import { inLang } from './site-texts';

/** 'Where did you hear about us' (12). */
export const SOURCES = [
  'NEWSPAPER',
  'SOCIAL MEDIA',
  'RADIO',
  'TVC',
  'EXISTING CUSTOMER',
  'LEAFLET',
  'EXCHANGE MELA',
  'ROAD SHOW',
  'BRAND WEBSITE',
  'ONLINE MEDIA',
  'TEST RIDE',
  'OTHERS',
] as const;
export type Source = (typeof SOURCES)[number];

/**
 * How the public form names each source to a visitor who reads Nepali; the value stored and
 * exported stays the code (`NEWSPAPER`). A source the admin added outside this list shows as written.
 */
export const SOURCE_LABELS_NE: Record<Source, string> = {
  NEWSPAPER: 'पत्रपत्रिका',
  'SOCIAL MEDIA': 'सामाजिक सञ्जाल',
  RADIO: 'रेडियो',
  TVC: 'टिभी विज्ञापन',
  'EXISTING CUSTOMER': 'हालको ग्राहक',
  LEAFLET: 'पर्चा',
  'EXCHANGE MELA': 'एक्सचेन्ज मेला',
  'ROAD SHOW': 'रोड शो',
  'BRAND WEBSITE': 'ब्रान्डको वेबसाइट',
  'ONLINE MEDIA': 'अनलाइन सञ्चारमाध्यम',
  'TEST RIDE': 'टेस्ट राइड',
  OTHERS: 'अन्य',
};

/** A source as a visitor in `lang` reads it. */
export const sourceLabel = (source: string, lang: Lang) => inLang(lang, source, (SOURCE_LABELS_NE as Record<string, string>)[source]);

/** Modes of payment of a purchase (6); default CASH. */
export const PAYMENT_MODES = ['CASH', 'CASH_EXCHANGE', 'FINANCE', 'FINANCE_EXCHANGE', 'SELF_FINANCE', 'SELF_FINANCE_EXCHANGE'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Pre-registration prize amounts in rupees ("pre_prizes"); the first is the base prize. */
export const PRE_PRIZES = [3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000] as const;

/** Registration (purchase) prize amounts in rupees ("prizes"); the first is the base prize. */
export const PRIZES = [1500, 2000, 2500, 3000, 5000, 7000, 8000, 10000, 15000, 20000, 25000, 50000, 100000, 900000] as const;

/** Winner video prize amounts. */
export const VIDEO_PRIZES = [1000000, 50000] as const;

/** The purchase wheel's extra segment (it has no allocation of its own). */
export const PURCHASE_WHEEL_EXTRA = 1000000;

/** Prize scheme allocation types (3); default preregistration_public. */
export const ALLOCATION_TYPES = ['preregistration_public', 'preregistration_branch', 'registration_branch'] as const;
export type AllocationType = (typeof ALLOCATION_TYPES)[number];

/** Test-ride dialog types (2); default TESTRIDE. */
export const BOOKING_TYPES = ['TESTRIDE', 'BOOKING'] as const;

/**
 * 'a' or 'an' before a name, by its first letter: 'an Everest Moto', 'a Hero'. English picks
 * by the sound, which a letter only guesses: a name read with a silent first letter or a
 * 'you' sound ('Honda' is fine, 'Usha' would want 'a') is the rare miss.
 */
export function withArticle(name: string): string {
  const trimmed = name.trim();
  return `${/^[aeiou]/i.test(trimmed) ? 'an' : 'a'} ${trimmed}`;
}

/** How the test-ride dialog offers its two types; the booking names the brand ('Book a Hero', 'Book an Everest Moto'). */
export function bookingTypeOptions(brandName: string): { value: (typeof BOOKING_TYPES)[number]; label: string }[] {
  return [
    { value: 'TESTRIDE', label: 'Book a Testride' },
    { value: 'BOOKING', label: `Book ${withArticle(brandName)}` },
  ];
}

/** Bulk SMS categories (4); default ALL. */
export const SMS_TYPES = ['ALL', 'BRANCH', 'REGISTRANTS', 'MOBILE'] as const;

/** Sexes of a staff user (3); default MALE. */
export const SEXES = ['MALE', 'FEMALE', 'OTHERS'] as const;
export type Sex = (typeof SEXES)[number];

/** How the staff screens name the sexes. */
export const SEX_LABELS: Record<Sex, string> = { MALE: 'Male', FEMALE: 'Female', OTHERS: 'Others' };

/** How the bulk-SMS screen names its categories. */
export const SMS_TYPE_LABELS: Record<(typeof SMS_TYPES)[number], string> = {
  ALL: 'All',
  BRANCH: 'Branch',
  REGISTRANTS: 'Customer',
  MOBILE: 'Mobile',
};

/**
 * Every option list, as GET /settings serves it under `options`. Plain values, except the
 * two lists whose labels differ from their values. The roadies and the brand's name come
 * from the settings.
 */
export function optionLists(settings: Pick<SettingValues, 'roadies' | 'brand_name'>) {
  return {
    sources: [...SOURCES],
    payment_modes: [...PAYMENT_MODES],
    sexes: [...SEXES],
    sms_types: SMS_TYPES.map((value) => ({ value, label: SMS_TYPE_LABELS[value] })),
    allocation_types: [...ALLOCATION_TYPES],
    booking_types: bookingTypeOptions(settings.brand_name),
    pre_prizes: [...PRE_PRIZES],
    prizes: [...PRIZES],
    video_prizes: [...VIDEO_PRIZES],
    roadies: [...settings.roadies],
  };
}
export type OptionLists = ReturnType<typeof optionLists>;
