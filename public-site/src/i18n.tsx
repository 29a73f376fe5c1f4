import { adToBs, formatNumber, inLang, LANG_COOKIE, langSwitch, rupees as domainRupees, STATIC_TEXTS, toDevanagariDigits, type Lang, type StaticText } from '@campaign/domain';
import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { NE } from './i18n.ne';

/**
 * The site's two languages (#15). Every text is written in English, in the product's own words, and
 * looked up in the Nepali table (`i18n.ne.ts`) when the visitor reads Nepali: `t('Register now')`.
 * The table's keys are the English texts, so a text without its Nepali is a type error.
 * The language is the page's (`<html lang>`, written by the server from `?lang=`, the
 * remembered choice or the browser's languages); `setLang` switches it in place.
 */
export type Text = keyof typeof NE;

let current: Lang = typeof document !== 'undefined' && document.documentElement.lang === 'ne' ? 'ne' : 'en';
const listeners = new Set<() => void>();

export const lang = (): Lang => current;

/** The text in the visitor's language, its `{name}` places filled from `values` (already formatted). */
export function t(text: Text, values?: Record<string, string | number>): string {
  const s: string = current === 'ne' ? NE[text] : text;
  return values ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : s;
}

/** A name head office wrote in both languages (a model's title, a showroom's location): the Nepali one for a Nepali reader when written, else the English. */
export const named = (en: string, ne: string | null | undefined): string => inLang(current, en, ne?.trim() || null);

/** A number as a person reads it: Nepali grouping, Devanagari digits in Nepali. */
export const num = (value: number) => formatNumber(value, current);

/** A number read as a name, not an amount (a year): its digits in the visitor's script, never grouped ('2026', '२०२६'). */
export const digits = (value: number) => (current === 'ne' ? toDevanagariDigits(String(value)) : String(value));

/** An amount: 'Rs. 5,000', 'रु. ५,०००' in Nepali. */
export const money = (amount: number | null | undefined) => domainRupees(amount, current);

/** A day (AD, YYYY-MM-DD) as the visitor reads it: the BS date in Nepali digits ('२०८२-०९-१५ वि.सं.'), the AD date in English. */
export function day(ad: string): string {
  if (current === 'en') return ad;
  const bs = adToBs(ad);
  return bs ? `${toDevanagariDigits(bs)} वि.सं.` : toDevanagariDigits(ad);
}

/** Re-renders a component when the language changes. */
export function useLang(): Lang {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lang,
  );
}

/** Remembers the choice (a cookie the server reads for the first paint of the next visit). */
function remember(next: Lang) {
  document.cookie = `${LANG_COOKIE}=${next}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Switches the language: the page's own texts (the header, the hero), `<html lang>`, then everything React shows. */
export function setLang(next: Lang) {
  current = next;
  remember(next);
  // A `?lang=` in the address would win over the choice on the next load: it goes.
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  document.documentElement.lang = next;
  for (const el of document.querySelectorAll<HTMLElement>('[data-t]')) {
    const key = el.dataset.t as StaticText;
    if (STATIC_TEXTS[key] && key !== 'lang.switch') el.textContent = STATIC_TEXTS[key][next];
  }
  const toggle = document.querySelector<HTMLAnchorElement>('.lang-switch');
  if (toggle) {
    const to = langSwitch(next);
    toggle.textContent = to.text;
    toggle.setAttribute('aria-label', to.label);
    toggle.setAttribute('href', to.href);
    toggle.setAttribute('hreflang', to.other);
    toggle.lang = to.other;
  }
  for (const listener of listeners) listener();
}

/** Wires the header's switch, and keeps a `?lang=` link's language as the visitor's choice. */
export function wireLangSwitch() {
  if (new URLSearchParams(window.location.search).has('lang')) remember(current);
  document.querySelector<HTMLAnchorElement>('.lang-switch')?.addEventListener('click', (e) => {
    e.preventDefault();
    setLang(current === 'ne' ? 'en' : 'ne');
  });
}

/** The text in the visitor's language with elements in its `{name}` places: `tx('Sent to {phone}.', { phone: <strong>…</strong> })`. */
export function tx(text: Text, parts: Record<string, ReactNode>): ReactNode[] {
  return t(text)
    .split(/(\{\w+\})/)
    .map((piece, i) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      return name && name in parts ? <Fragment key={i}>{parts[name]}</Fragment> : piece;
    });
}
