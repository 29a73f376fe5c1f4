/**
 * The fixed option lists of SPEC sections 3 and 9, shared by validation, seeds and the
 * front ends' forms (served as-is where a screen needs them).
 */

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

/** Modes of payment of a purchase (6); default CASH. */
export const PAYMENT_MODES = ['CASH', 'CASH_EXCHANGE', 'FINANCE', 'FINANCE_EXCHANGE', 'SELF_FINANCE', 'SELF_FINANCE_EXCHANGE'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Pre-registration prize amounts in rupees ("pre_prizes"); the first is the base prize. */
export const PRE_PRIZES = [3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000] as const;

/** Registration (purchase) prize amounts in rupees ("prizes"); the first is the base prize. */
export const PRIZES = [1500, 2000, 2500, 3000, 5000, 7000, 8000, 10000, 15000, 20000, 25000, 50000, 100000, 900000] as const;

/** Winner video prize amounts. */
export const VIDEO_PRIZES = [1000000, 50000] as const;

/** The purchase wheel's extra segment. */
export const PURCHASE_WHEEL_EXTRA = 1000000;

/** Prize scheme allocation types (3); default preregistration_public. */
export const ALLOCATION_TYPES = ['preregistration_public', 'preregistration_branch', 'registration_branch'] as const;
export type AllocationType = (typeof ALLOCATION_TYPES)[number];

/** Test-ride dialog types (2); default TESTRIDE. */
export const BOOKING_TYPES = ['TESTRIDE', 'BOOKING'] as const;

/** Bulk SMS categories (4); default ALL. */
export const SMS_TYPES = ['ALL', 'BRANCH', 'REGISTRANTS', 'MOBILE'] as const;

/** Human labels of amounts the screens name ("One Lakh"). */
export function prizeLabel(amount: number): string {
  const named: Record<number, string> = { 100000: 'One Lakh', 900000: 'Nine Lakh', 1000000: 'Ten Lakhs', 50000: 'Fifty Thousand' };
  return named[amount] ?? `Rs. ${amount.toLocaleString('en-IN')}`;
}
