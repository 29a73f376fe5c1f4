/**
 * The audit trail in words: each row's action ('DELETE /api/v1/allocation/:id') as staff
 * read it ('Deleted an allocation'). The stored action stays as it was recorded (the
 * method and the route), so the trail itself never changes; these words are its reading.
 */

/** Each resource's noun: with its article, and plural (for downloads). */
const NOUNS: Record<string, [string, string]> = {
  allocation: ['an allocation', 'allocations'],
  'bike-model': ['a bike model', 'bike models'],
  branch: ['a dealer', 'dealers'],
  preregistration: ['a pre-registration', 'pre-registrations'],
  registration: ['a customer registration', 'customer registrations'],
  'test-ride': ['a test ride', 'test rides'],
  user: ['a dealer user', 'dealer users'],
  video: ['a winner video', 'winner videos'],
  referrer: ['a referrer', 'referrers'],
  sms: ['an SMS', 'SMS'],
};

/** The action of the row written when head office moves a pre-registration between branches (branch_id or nearest_branch_id). */
export const PREREGISTRATION_MOVE_ACTION = 'MOVE preregistration';

/** Actions with words of their own, by method and route. */
const OWN_WORDS: Record<string, string> = {
  'PATCH /api/v1/setting': 'Changed the settings',
  'POST /api/v1/upload': 'Uploaded files',
  'POST /api/v1/auth/logout': 'Signed out',
  'POST /api/v1/auth/password': 'Changed their password',
  'POST /api/v1/auth/me': 'Changed their profile',
  'POST /api/v1/sms': 'Sent a bulk SMS',
  'POST /api/v1/sms/preview': 'Previewed a bulk SMS',
  'POST /api/v1/sms/recipients': 'Counted the recipients of a bulk SMS',
  'POST /api/v1/registration/search': 'Searched customer registrations',
  'POST /api/v1/preregistration/:slug/verify': 'Verified the code of a pre-registration',
  'POST /api/v1/preregistration/:slug/resend': 'Sent a new code for a pre-registration',
  'POST /api/v1/preregistration/:slug/erase': 'Erased a customer’s personal data',
  'POST /api/v1/registration/:slug/verify': 'Verified the coupon of a customer registration',
  'POST /api/v1/registration/:slug/reset': 'Sent a new coupon code for a customer registration',
  'POST /api/v1/registration/:slug/notify': 'Sent the coupon SMS of a customer registration',
  'POST /api/v1/registration/:slug/restore': 'Restored a customer registration',
  'RETENTION purge': 'Purged citizenship numbers and screenshots (retention)',
  [PREREGISTRATION_MOVE_ACTION]: 'Moved a pre-registration to another branch',
};

/** The words for one recorded action; the recorded text itself when no rule knows it. */
export function auditSummary(action: string): string {
  const own = OWN_WORDS[action];
  if (own) return own;
  const m = /^(GET|POST|PATCH|PUT|DELETE) \/api\/v1\/([a-z-]+)(\/:[a-z_]+)?(?:\/(download|export))?$/.exec(action);
  const noun = m && NOUNS[m[2]];
  if (!m || !noun) return action;
  const [, method, , param, file] = m;
  if (file) return `Downloaded ${noun[1]}`;
  if (method === 'DELETE') return `Deleted ${noun[0]}`;
  if (method === 'POST' || method === 'PATCH' || method === 'PUT') return param ? `Edited ${noun[0]}` : `Created ${noun[0]}`;
  return action;
}
