import { describe, expect, it } from 'vitest';
import { filterDigits, filterEmail } from './filters';

describe('filterDigits (citizenship no, codes)', () => {
  it('keeps digits only', () => {
    expect(filterDigits('+977 980-123 4567')).toBe('9779801234567');
    expect(filterDigits('12-34/567')).toBe('1234567');
    expect(filterDigits('abc')).toBe('');
  });

  it('reads Devanagari digits as a Nepali keyboard types them', () => {
    expect(filterDigits('१२३ ४५६')).toBe('123456');
    expect(filterDigits('२७-०१-७१')).toBe('270171');
  });
});

describe('filterEmail', () => {
  it('keeps letters, digits, hyphen, dot, underscore and @', () => {
    expect(filterEmail('ram.thapa_1-x@example.com')).toBe('ram.thapa_1-x@example.com');
    expect(filterEmail(' ram+tag@exa mple.com;<b>')).toBe('ramtag@example.comb');
  });
});
