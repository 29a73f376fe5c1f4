/** 12 registrations per printed page. */
export const CARDS_PER_PAGE = 12;

/** Splits the rows into printed pages of `size`. */
export function printPages<T>(rows: readonly T[], size = CARDS_PER_PAGE): T[][] {
  if (size < 1) throw new RangeError('a page holds at least one card');
  const pages: T[][] = [];
  for (let i = 0; i < rows.length; i += size) pages.push(rows.slice(i, i + size));
  return pages;
}
