/**
 * From/To filters as the server reads them (backend common/paging/date-range.ts): Nepal
 * wall-clock time, 'YYYY-MM-DD HH:mm' by the hour, or 'YYYY-MM-DD' by the day. Pure, so
 * they are unit-tested.
 */

const HOUR_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):\d{2}/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A datetime-local value ('2026-11-21T10:37') as the hourly filter the server reads:
 * '2026-11-21 10:00' (the pickers step by 60 minutes, so minutes are dropped). Empty
 * gives null (no filter); text that is not a date and time is passed on for the server
 * to refuse under the field.
 */
export function hourParam(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const m = HOUR_RE.exec(value.trim());
  return m ? `${m[1]} ${m[2]}:00` : value.trim();
}

/** The stored filter ('2026-11-21 10:00') back as the datetime-local input shows it ('2026-11-21T10:00'). */
export function hourInputValue(param: unknown): string {
  if (typeof param !== 'string' || !param) return '';
  const m = HOUR_RE.exec(param);
  return m ? `${m[1]}T${m[2]}:00` : param;
}

/** A date input's value as the daily filter: 'YYYY-MM-DD', or null when empty or not a day. */
export function dayParam(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return DAY_RE.test(v) ? v : null;
}

/** 'YYYY-MM-DD' plus `days` (negative to go back), by the calendar. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
