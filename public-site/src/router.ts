/**
 * A tiny router over the History API (no router library: the landing page must stay small).
 * `matchRoute` (@campaign/domain) is pure and tested; `navigate`, `useLocation` and `onLinkClick` wire it to the page.
 */
import { useSyncExternalStore, type MouseEvent } from 'react';
import { matchRoute, type Route } from '@campaign/domain';

// The route table is @campaign/domain's (site-routes.ts): the server reads it too.
export { matchRoute, type Route };

/** Paths served by the backend or the admin app: always a full page load. */
export function isExternalPath(pathname: string): boolean {
  return /^\/(api|admin|login|uploads)(\/|$)/.test(pathname);
}

// ---- browser wiring ----

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('popstate', emit);

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

export interface Loc {
  pathname: string;
  hash: string;
}
let cached: Loc = { pathname: '/', hash: '' };
function snapshot(): Loc {
  const { pathname, hash } = window.location;
  if (cached.pathname !== pathname || cached.hash !== hash) cached = { pathname, hash };
  return cached;
}

export function useLocation(): Loc {
  return useSyncExternalStore(subscribe, snapshot, () => cached);
}

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  const url = new URL(to, document.baseURI);
  if (url.origin !== window.location.origin || isExternalPath(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (target === window.location.pathname + window.location.search + window.location.hash) return emit();
  if (opts.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  emit();
}

// ---- what Back comes back to ----

/**
 * A form as the visitor left it, kept by its route in sessionStorage: this tab only, gone when it
 * closes, so Back from the next step finds what was typed. Never a code or anything secret; the
 * form clears it once its journey has succeeded. Storage may be refused (a private window): then
 * nothing is kept and the form starts empty, as before.
 */
const draftKey = (pathname: string) => `draft:${pathname}`;

export function readDraft(pathname: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(draftKey(pathname)) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function saveDraft(pathname: string, value: object) {
  try {
    sessionStorage.setItem(draftKey(pathname), JSON.stringify(value));
  } catch {
    /* not kept */
  }
}

export function clearDraft(pathname: string) {
  try {
    sessionStorage.removeItem(draftKey(pathname));
  } catch {
    /* nothing kept */
  }
}

/**
 * A note on the current history entry (its state; the address stays), read when Back returns to
 * it: the form marks the entry it was sent from, so that entry can tell a return from a new visit.
 */
export function markEntry(key: string, value: string) {
  window.history.replaceState({ ...(window.history.state ?? {}), [key]: value }, '');
}

export function entryMark(key: string): string | undefined {
  const value: unknown = window.history.state?.[key];
  return typeof value === 'string' ? value : undefined;
}

interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}

function followInApp(e: ClickLike, a: HTMLAnchorElement) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || !a.href) return;
  const url = new URL(a.href);
  if (url.origin !== window.location.origin || isExternalPath(url.pathname)) return;
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

/** Click handler for <a> rendered by React: same-app links change the route without a page load. */
export function onLinkClick(e: MouseEvent<HTMLAnchorElement>) {
  followInApp(e, e.currentTarget);
}

/** The same for links in the static HTML (header logo, hero) and any other anchor on the page. */
export function routeStaticLinks() {
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (a instanceof HTMLAnchorElement) followInApp(e, a);
  });
}
