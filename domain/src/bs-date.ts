import NepaliDate from 'nepali-date-converter';

/**
 * Bikram Sambat (BS) dates, the calendar the campaign and the staff's books keep, beside the
 * AD (Gregorian) dates the app stores. The month tables are nepali-date-converter's (BS 2000
 * to 2090); docs/decisions.md says why that package and how its tables were checked.
 * Every function here takes and gives calendar days as 'YYYY-MM-DD' text, never an instant:
 * which day an instant falls on is the campaign's time zone's business (the caller's).
 */

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The BS years the tables hold. */
export const BS_YEARS = { first: 2000, last: 2090 } as const;

/** A BS day for an AD day ('2025-11-24' -> '2082-08-08'); undefined outside the tables or for a non-date. */
export function adToBs(ad: string): string | undefined {
  const m = YMD.exec(ad);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Local midnight of that calendar day: the package reads the Date's local day.
  const local = new Date(y, mo - 1, d);
  if (local.getFullYear() !== y || local.getMonth() !== mo - 1 || local.getDate() !== d) return undefined;
  try {
    const bs = new NepaliDate(local).getBS();
    const day = `${pad(bs.year, 4)}-${pad(bs.month + 1)}-${pad(bs.date)}`;
    // Outside its tables the package answers a wrong day rather than none (1900-01-01 came out as
    // 2043-04-08): a day counts only when it converts back to the AD day it came from.
    return bs.year >= BS_YEARS.first && bs.year <= BS_YEARS.last && bsToAd(day) === ad ? day : undefined;
  } catch {
    return undefined;
  }
}

/** The AD day of a BS day ('2082-08-08' -> '2025-11-24'); undefined for a day the BS month does not have. */
export function bsToAd(bs: string): string | undefined {
  const m = YMD.exec(bs);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < BS_YEARS.first || y > BS_YEARS.last || mo < 1 || mo > 12 || d < 1 || d > 32) return undefined;
  try {
    const nd = new NepaliDate(y, mo - 1, d);
    const back = nd.getBS();
    // The package rolls a day past the month's end into the next month: that day does not exist.
    if (back.year !== y || back.month !== mo - 1 || back.date !== d) return undefined;
    const ad = nd.getAD();
    return `${pad(ad.year, 4)}-${pad(ad.month + 1)}-${pad(ad.date)}`;
  } catch {
    return undefined;
  }
}

/**
 * A day typed by a person, in either calendar, as its AD day: a 'YYYY-MM-DD' whose year is a
 * BS year of the tables (2000 to 2090, with 'BS' after it or not) is read as BS, since AD
 * years of this campaign are 20xx below 2040 and BS ones 2080 and up; 'AD' after it forces AD.
 */
export function parseEitherDay(text: string): string | undefined {
  const m = /^\s*(\d{4}-\d{2}-\d{2})\s*(BS|AD)?\s*$/i.exec(text);
  if (!m) return undefined;
  const [, day, era] = m;
  const year = Number(day.slice(0, 4));
  if (era?.toUpperCase() === 'AD') return adToBs(day) ? day : undefined;
  if (era?.toUpperCase() === 'BS' || year >= 2070) return bsToAd(day);
  return adToBs(day) ? day : undefined;
}

/** How a day reads to staff: BS first, AD beside it ('2082-08-08 BS (2025-11-24)'); the AD day alone outside the tables. */
export function bothCalendars(ad: string): string {
  const bs = adToBs(ad);
  return bs ? `${bs} BS (${ad})` : ad;
}
