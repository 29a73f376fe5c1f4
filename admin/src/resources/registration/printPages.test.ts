import { describe, expect, it } from 'vitest';
import { CARDS_PER_PAGE, printPages } from './printPages';

describe('printPages', () => {
  it('puts 12 cards on a page and the rest on the last one', () => {
    const rows = Array.from({ length: 30 }, (_, i) => i);
    const pages = printPages(rows);
    expect(CARDS_PER_PAGE).toBe(12);
    expect(pages.map((p) => p.length)).toEqual([12, 12, 6]);
    expect(pages.flat()).toEqual(rows);
  });
  it('has no page for no rows, and one for exactly twelve', () => {
    expect(printPages([])).toEqual([]);
    expect(printPages(Array.from({ length: 12 }, (_, i) => i))).toHaveLength(1);
  });
  it('refuses an empty page size', () => {
    expect(() => printPages([1], 0)).toThrow(RangeError);
  });
});
