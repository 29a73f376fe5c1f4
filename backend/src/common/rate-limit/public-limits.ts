/**
 * Per-address limits of the public writes (each route's @Throttle), in one place.
 *
 * One address is often many people in Nepal: carriers put their mobile customers behind
 * shared addresses, and a showroom or a road show shares its Wi-Fi. So an address may send
 * 300 and more real enquiries an hour (a launch day behind one carrier gateway), in bursts a
 * minute long. The abuse of a person (codes to one phone, guesses at one code, sign-ins to
 * one account) is carried by the per-phone, per-code and per-account caps and the captcha,
 * which hold whatever the address; these limits only stop one machine from flooding the
 * server (docs/security.md, "Shared addresses").
 */
const MINUTE = 60_000;
const HOUR = 3_600_000;

export const PUBLIC_LIMITS = {
  /** POST /enquiry and POST /enquiry/return: a form and its code SMS. */
  enquiry: { short: { limit: 60, ttl: MINUTE }, long: { limit: 600, ttl: HOUR } },
  /** The code routes (verify by link or by phone): each person may take a few tries. */
  verify: { short: { limit: 90, ttl: MINUTE }, long: { limit: 1200, ttl: HOUR } },
  /** Resending a code: the per-phone wait (60 s) and day cap (5) carry the person's limit. */
  resend: { short: { limit: 30, ttl: MINUTE }, long: { limit: 300, ttl: HOUR } },
  /** POST /test-ride: bookings, whose notices to the branch are merged (docs/sms.md). */
  testRide: { short: { limit: 60, ttl: MINUTE }, long: { limit: 600, ttl: HOUR } },
} as const;
