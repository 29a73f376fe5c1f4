/**
 * The public site's routes: the site's router and the server that writes each
 * route's page read this one table, so the page can ask for its route's code with the page.
 */
export type Route =
  | { name: 'home' }
  | { name: 'enquiry' }
  | { name: 'return' }
  | { name: 'verify'; slug: string }
  | { name: 'draw'; slug: string }
  | { name: 'thankyou' }
  | { name: 'winners' }
  | { name: 'fairness' }
  | { name: 'reset-password' }
  | { name: 'not-found' };

export type RouteName = Route['name'];

/** Where the API answers: the server's routes, the site's and the admin's calls. */
export const API_BASE = '/api/v1';

const SLUG = '([A-Za-z0-9_-]{1,100})';
const TABLE: [RegExp, (m: RegExpMatchArray) => Route][] = [
  [/^\/$/, () => ({ name: 'home' })],
  [/^\/enquiry$/, () => ({ name: 'enquiry' })],
  [/^\/enquiry\/return$/, () => ({ name: 'return' })],
  [new RegExp(`^/enquiry/${SLUG}/verify$`), (m) => ({ name: 'verify', slug: m[1] })],
  [new RegExp(`^/enquiry/${SLUG}/draw$`), (m) => ({ name: 'draw', slug: m[1] })],
  [/^\/thankyou-for-test-ride-booking$/, () => ({ name: 'thankyou' })],
  [/^\/winner-list$/, () => ({ name: 'winners' })],
  [/^\/fairness$/, () => ({ name: 'fairness' })],
  [/^\/reset-password$/, () => ({ name: 'reset-password' })],
];

/** Maps a pathname (query and hash already stripped) to a route. A trailing slash is ignored. */
export function matchRoute(pathname: string): Route {
  // The server matches every address it is sent: trailing slashes go in one pass (a regex would backtrack on a run of them).
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end--;
  const path = pathname.slice(0, end) || '/';
  for (const [re, make] of TABLE) {
    const m = path.match(re);
    if (m) return make(m);
  }
  return { name: 'not-found' };
}

/**
 * The routes that are pages of their own; the others are the landing page, or a dialog over it
 * (the landing page paints first, its static hero included).
 */
export const isFullPage = (route: RouteName): boolean =>
  route === 'winners' || route === 'fairness' || route === 'reset-password' || route === 'not-found';

/**
 * The page module (public-site/src/pages/<name>.tsx) each route loads when it opens, or null
 * where the landing page, in the first script, is all it needs.
 */
export const ROUTE_PAGES: Record<RouteName, string | null> = {
  home: null,
  enquiry: 'EnquiryPage',
  return: 'ReturnPage',
  verify: 'VerifyPage',
  draw: 'DrawPage',
  thankyou: 'ThankYouPage',
  winners: 'WinnerListPage',
  fairness: 'FairnessPage',
  'reset-password': 'ResetPasswordPage',
  'not-found': null,
};

/**
 * The public answers (paths under API_BASE) a page of its own shows first. The server's page
 * asks for them with the page (`<link rel="preload" as="fetch">`), beside the page's code, so
 * they are not asked for only once that code has run: on the winner list, whose first thumbnail
 * waits on /videos, Chromium on Lighthouse's slow-4G link and 4x CPU painted it at 3.02-3.04 s
 * instead of 3.58-3.64 s (medians of 6 runs, twice). The page's own call takes the answer.
 */
export const ROUTE_DATA: Partial<Record<RouteName, readonly string[]>> = {
  winners: ['/videos'],
};
