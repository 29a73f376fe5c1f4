/** Dates as the staff screens show them (amounts: `rupees` of @campaign/domain). Pure, so they are unit-tested. */
import { bothCalendars } from '@campaign/domain';

/** The campaign's zone: every "today" and every date shown is Nepal's (docs/decisions.md, "Dates shown"). */
export const CAMPAIGN_TZ = 'Asia/Kathmandu';

/** The two formatters, made once: a list made one per date shown, about 1 ms each on a phone's CPU (Lighthouse's 4x slowdown). */
const formatters: Partial<Record<'day' | 'time', Intl.DateTimeFormat>> = {};

function parts(at: Date, withTime: boolean): Record<string, string> {
  const fmt = (formatters[withTime ? 'time' : 'day'] ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: CAMPAIGN_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }));
  return Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
}

const asDate = (value: unknown): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
};

/** 'YYYY-MM-DD' of the Nepal day an instant falls on (a record made at 18:16 UTC is the next day). */
export function nepalDate(value: unknown): string {
  const d = asDate(value);
  if (!d) return '';
  const p = parts(d, false);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * A date-time as staff read it: the Nepal day in BS first with the AD day beside it, then the
 * 24-hour Nepal wall-clock time ('2082-08-08 BS (2025-11-24) 14:05').
 */
export function nepalDateTime(value: unknown): string {
  const d = asDate(value);
  if (!d) return '';
  const p = parts(d, true);
  return `${bothCalendars(`${p.year}-${p.month}-${p.day}`)} ${p.hour}:${p.minute}`;
}

/** A day as staff read it: BS first, AD beside it ('2082-08-08 BS (2025-11-24)'). */
export function staffDate(value: unknown): string {
  const day = nepalDate(value);
  return day ? bothCalendars(day) : '';
}

/** Today in Nepal, 'YYYY-MM-DD'. */
export const nepalToday = (now: Date = new Date()): string => nepalDate(now);
