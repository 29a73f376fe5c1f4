import { describe, expect, it } from 'vitest';
import { filterEmail } from './filters';

describe('filterEmail', () => {
  it('keeps letters, digits, hyphen, dot, underscore and @', () => {
    expect(filterEmail('ram.thapa_1-x@example.com')).toBe('ram.thapa_1-x@example.com');
    expect(filterEmail(' ram+tag@exa mple.com;<b>')).toBe('ramtag@example.comb');
  });
});
