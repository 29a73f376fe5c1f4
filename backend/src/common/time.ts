/**
 * The campaign's day is Nepal's day (CAMPAIGN_TZ, Asia/Kathmandu, UTC+05:45 with no DST).
 * Every "today", "yesterday", allocation date and date filter goes through here.
 */
export const DEFAULT_TZ = 'Asia/Kathmandu';

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and
 * every enquiry, draw and date filter asks for the campaign day (it was the top of a profile).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** A zone's offset holds for a quarter hour of UTC at least: every zone's offset and change falls on one. */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Each zone's offset in the quarter hour asked last: nearly every caller asks about now. */
const lastOffsets = new Map<string, { quarter: number; minutes: number }>();

/** Offset of `tz` from UTC at `at`, in minutes (Kathmandu: 345). */
export function tzOffsetMinutes(at: Date, tz = DEFAULT_TZ): number {
  // formatToParts costs about 50 µs, asked several times by each enquiry (a profile's 2 %).
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  const last = lastOffsets.get(tz);
  if (last?.quarter === quarter) return last.minutes;
  const parts = formatter(tz).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const minutes = Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
  lastOffsets.set(tz, { quarter, minutes });
  return minutes;
}

/** The campaign day (YYYY-MM-DD) that instant `at` falls on. */
export function campaignDay(at: Date = new Date(), tz = DEFAULT_TZ): string {
  const local = new Date(at.getTime() + tzOffsetMinutes(at, tz) * 60000);
  return local.toISOString().slice(0, 10);
}

/** The local wall-clock time (HH:MM) of instant `at` in `tz`. */
export function localTime(at: Date, tz = DEFAULT_TZ): string {
  return new Date(at.getTime() + tzOffsetMinutes(at, tz) * 60000).toISOString().slice(11, 16);
}

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The UTC instant a local wall-clock time in `tz` corresponds to. */
export function localToUtc(day: string, time = '00:00', tz = DEFAULT_TZ): Date {
  const guess = new Date(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
  const offset = tzOffsetMinutes(guess, tz);
  const first = new Date(guess.getTime() - offset * 60000);
  // Re-check at the found instant (matters only for zones with DST).
  const offset2 = tzOffsetMinutes(first, tz);
  return offset2 === offset ? first : new Date(guess.getTime() - offset2 * 60000);
}

/** [start, end) in UTC of a campaign day. */
export function dayRange(day: string, tz = DEFAULT_TZ): { start: Date; end: Date } {
  return { start: localToUtc(day, '00:00', tz), end: localToUtc(addDays(day, 1), '00:00', tz) };
}

const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2})?)?$/;

/**
 * Parses a date filter: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DDTHH:mm' in the
 * campaign's zone, or an ISO instant with an offset. `end` makes a bare day inclusive
 * (the instant the next day starts). Returns undefined for anything else.
 */
export function parseDateFilter(value: unknown, tz = DEFAULT_TZ, end = false): Date | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const v = value.trim();
  const m = LOCAL_RE.exec(v);
  if (m) {
    const [, day, time] = m;
    if (Number.isNaN(new Date(`${day}T00:00:00Z`).getTime())) return undefined;
    if (!time) return end ? dayRange(day, tz).end : dayRange(day, tz).start;
    return localToUtc(day, time, tz);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
