/**
 * The public site's routes (SPEC section 2): the site's router and the server that writes each
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
