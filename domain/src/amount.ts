/**
 * Amounts the way Nepal writes them, on every screen and in every message: the last three
 * digits, then groups of two (lakh and crore grouping): `Rs. 10,00,000`, `Rs. 1,00,000`,
 * `Rs. 3,000`. In Nepali the prefix is `रु.` and the digits are Devanagari: `रु. ३,०००`.
 * Written by hand rather than through `Intl` so it reads the same on every browser and
 * Node build, whatever locale data it carries.
 */
export type Lang = 'en' | 'ne';

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** Latin digits to Devanagari ('2082' → '२०८२'); anything else is kept. */
export function toDevanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]);
}

/** Devanagari digits to Latin ('९८४१' → '9841'), as Nepali keyboards type them; anything else is kept. */
export function toLatinDigits(text: string): string {
  return text.replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
}

/** The digits of what was typed, Latin, Devanagari ones converted: what a number field keeps ('२७-०१ 71' → '270171'). */
export function digitsOf(text: string): string {
  return toLatinDigits(text).replace(/[^0-9]/g, '');
}

/** '1000000' → '10,00,000': three digits, then groups of two. */
function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

/** A number with Nepali grouping: 100000 → '1,00,000' ('१,००,०००' in Nepali); '' when it is no number. */
export function formatNumber(value: number | string | null | undefined, lang: Lang = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  const [whole, fraction] = Math.abs(n)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .split('.');
  const text = `${n < 0 ? '-' : ''}${groupLakh(whole)}${fraction ? `.${fraction}` : ''}`;
  return lang === 'ne' ? toDevanagariDigits(text) : text;
}

/** The prefix of an amount: 'Rs.' in English, 'रु.' in Nepali. */
export const RUPEE_PREFIX: Record<Lang, string> = { en: 'Rs.', ne: 'रु.' };

/** 5000 → 'Rs. 5,000', 'रु. ५,०००' in Nepali; '—' when there is no amount. */
export function rupees(amount: number | string | null | undefined, lang: Lang = 'en'): string {
  const number = formatNumber(amount, lang);
  return number === '' ? '—' : `${RUPEE_PREFIX[lang]} ${number}`;
}

const NAMED_AMOUNTS: Record<number, string> = {
  50000: 'Fifty Thousand',
  100000: 'One Lakh',
  900000: 'Nine Lakh',
  1000000: 'Ten Lakhs',
};

/** How the staff screens name a prize: the named amounts ('One Lakh'), else 'Rs. 5,000'. */
export function prizeLabel(amount: number): string {
  return NAMED_AMOUNTS[amount] ?? rupees(amount);
}
