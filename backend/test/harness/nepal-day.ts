import { campaignDay, dayRange } from '../../src/common/time';

/** A database handle that runs SQL (the harness's DataSource or a pg pool). */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The wait between two codes to a phone (60 s) plus a second, as tests pass it without waiting. */
const RESEND_WAIT = 61;
/** How long a test that counts a Nepal day's codes may take, for `awayFromMidnight`'s default. */
const TEST_SPAN = 90;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Tests that count what a phone received "today" (5 codes a Nepal day) must not straddle
 * Nepal's midnight, and a code they move back past the 60 s wait must stay within the day:
 * CI once ran them at 00:02 in Kathmandu, the messages moved back landed yesterday and the
 * sixth code passed. Waits (at most `span` + 62 s) until the day began over 62 s ago and
 * ends more than `span` seconds from now.
 */
export async function awayFromMidnight(span = TEST_SPAN): Promise<void> {
  const now = Date.now();
  const { start, end } = dayRange(campaignDay(new Date(now)));
  const earliest = start.getTime() + (RESEND_WAIT + 1) * 1000;
  if (now < earliest) await sleep(earliest - now);
  else if (now > end.getTime() - span * 1000) await sleep(end.getTime() + (RESEND_WAIT + 1) * 1000 - now);
}

/**
 * The 60 s between two codes to `phone`, passed without waiting: its messages of the last
 * 61 s (of `kind`, or every kind) move to 61 s ago, never before the Nepal day began.
 */
export async function passResendWait(db: Queryable, phone: string, kind?: string): Promise<void> {
  await awayFromMidnight(0);
  await db.query(
    `UPDATE sms_outbox SET created_at = now() - make_interval(secs => $3)
      WHERE phone = $1 AND ($2::text IS NULL OR kind = $2) AND created_at > now() - make_interval(secs => $3)`,
    [phone, kind ?? null, RESEND_WAIT],
  );
}
