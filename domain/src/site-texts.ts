import type { Lang } from './amount';

/**
 * The public site's languages (#15): Nepali first, English in the product's own words.
 * `SITE_LANGS[0]` is what a visitor whose browser asks for neither gets.
 */
export const SITE_LANGS = ['en', 'ne'] as const satisfies readonly Lang[];

/** The language a visitor asked for: `?lang=`, then their remembered choice, then the browser's languages. */
/** A setting kept in both languages: the Nepali one for a Nepali reader where it is set (not empty), the English one otherwise (#15). */
export const inLang = <T>(lang: Lang, en: T, ne: T | null | undefined): T => (lang === 'ne' && ne ? ne : en);

/** The campaign's name as a visitor in `lang` reads it: the Nepali name for Nepali when the admin gave one. */
export const campaignNameIn = (lang: Lang, s: { campaign_name: string; campaign_name_ne?: string | null }) => inLang(lang, s.campaign_name, s.campaign_name_ne?.trim());

export function pickLang(query: unknown, remembered: unknown, acceptLanguage: string | undefined | null): Lang {
  for (const v of [query, remembered]) if (v === 'ne' || v === 'en') return v;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag === 'ne' || tag.startsWith('ne-')) return 'ne';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The cookie that remembers the visitor's choice (read by the server for the first paint). */
export const LANG_COOKIE = 'lang';

/**
 * The texts of the static page (index.html): the header's switch and the hero, written by
 * the server in the visitor's language before anything is sent, and by the site on a switch.
 * Each element carries `data-t="<key>"`.
 */
export const STATIC_TEXTS = {
  'hero.title': { en: 'Win a cash discount on your new bike', ne: 'नयाँ बाइकमा नगद छुट जित्नुहोस्' },
  'hero.text': {
    en: 'Pre-register for the campaign 2082, verify your phone and spin the prize wheel.',
    ne: 'अभियान २०८२ मा पूर्व-दर्ता गर्नुहोस्, आफ्नो फोन प्रमाणित गर्नुहोस् र पुरस्कारको चक्र घुमाउनुहोस्।',
  },
  'hero.register': { en: 'Register now', ne: 'अहिले दर्ता गर्नुहोस्' },
  'hero.book': { en: 'Book a Test Ride', ne: 'टेस्ट राइड बुक गर्नुहोस्' },
  'hero.returning': { en: 'Already registered?', ne: 'पहिले नै दर्ता गर्नुभएको छ?' },
  'hero.code': { en: 'Enter your code', ne: 'आफ्नो कोड हाल्नुहोस्' },
  /** The switch names the other language, in that language. */
  'lang.switch': { en: 'नेपाली', ne: 'English' },
  'lang.switchLabel': { en: 'नेपालीमा पढ्नुहोस्', ne: 'Read in English' },
  'page.noscript': { en: 'This site needs JavaScript for registration and booking.', ne: 'दर्ता र बुकिङका लागि यो साइटमा JavaScript चाहिन्छ।' },
  'notice.title': { en: 'Notice', ne: 'सूचना' },
  'notice.image': { en: 'Campaign notice', ne: 'अभियानको सूचना' },
  'notice.close': { en: 'Close', ne: 'बन्द गर्नुहोस्' },
  'og.title': { en: '{campaign}: win a cash discount on your new bike', ne: '{campaign}: नयाँ बाइकमा नगद छुट जित्नुहोस्' },
  'og.description': {
    en: 'Pre-register, verify your phone and spin the prize wheel for a cash discount. Book a test ride and find your nearest showroom.',
    ne: 'पूर्व-दर्ता गर्नुहोस्, फोन प्रमाणित गर्नुहोस् र नगद छुटका लागि पुरस्कारको चक्र घुमाउनुहोस्। टेस्ट राइड बुक गर्नुहोस् र नजिकको शोरुम खोज्नुहोस्।',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type StaticText = keyof typeof STATIC_TEXTS;

/** The header's switch while the page is in `lang`: it offers the other language, named in that language, and links to it. */
export function langSwitch(lang: Lang): { other: Lang; href: string; label: string; text: string } {
  const other: Lang = lang === 'ne' ? 'en' : 'ne';
  return { other, href: `?lang=${other}`, label: STATIC_TEXTS['lang.switchLabel'][lang], text: STATIC_TEXTS['lang.switch'][lang] };
}
