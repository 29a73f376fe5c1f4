import { describe, expect, it } from 'vitest';
import { digitsOf, formatNumber, prizeLabel, rupees, toDevanagariDigits, toLatinDigits } from './amount';

describe('rupees', () => {
  it.each([
    [0, 'Rs. 0'],
    [5, 'Rs. 5'],
    [999, 'Rs. 999'],
    [3000, 'Rs. 3,000'],
    [3500, 'Rs. 3,500'],
    [99999, 'Rs. 99,999'],
    [100000, 'Rs. 1,00,000'],
    [900000, 'Rs. 9,00,000'],
    [1000000, 'Rs. 10,00,000'],
    [12345678, 'Rs. 1,23,45,678'],
    [1000000000, 'Rs. 1,00,00,00,000'],
  ])('groups %i the Nepali way: %s', (amount, text) => {
    expect(rupees(amount)).toBe(text);
  });

  it('writes Nepali with रु. and Devanagari digits', () => {
    expect(rupees(3000, 'ne')).toBe('रु. ३,०००');
    expect(rupees(100000, 'ne')).toBe('रु. १,००,०००');
    expect(rupees(1000000, 'ne')).toBe('रु. १०,००,०००');
  });

  it('reads the amount as the API sends it (a decimal column arrives as text)', () => {
    expect(rupees('100000')).toBe('Rs. 1,00,000');
    expect(rupees('2500.00')).toBe('Rs. 2,500');
    expect(rupees(1234.5)).toBe('Rs. 1,234.5');
    expect(rupees(-150000)).toBe('Rs. -1,50,000');
  });

  it('shows a dash for no amount', () => {
    expect(rupees(null)).toBe('—');
    expect(rupees(undefined)).toBe('—');
    expect(rupees('')).toBe('—');
    expect(rupees('abc')).toBe('—');
    expect(rupees(Number.NaN)).toBe('—');
  });
});

describe('formatNumber', () => {
  it('groups a count without the prefix', () => {
    expect(formatNumber(1500000)).toBe('15,00,000');
    expect(formatNumber(1500000, 'ne')).toBe('१५,००,०००');
    expect(formatNumber(null)).toBe('');
  });
});

describe('toDevanagariDigits', () => {
  it('changes the digits only', () => {
    expect(toDevanagariDigits('2082-08-08 BS')).toBe('२०८२-०८-०८ BS');
  });
});

describe('prizeLabel', () => {
  it('names the big prizes and writes the others in rupees', () => {
    expect(prizeLabel(100000)).toBe('One Lakh');
    expect(prizeLabel(900000)).toBe('Nine Lakh');
    expect(prizeLabel(1000000)).toBe('Ten Lakhs');
    expect(prizeLabel(50000)).toBe('Fifty Thousand');
    expect(prizeLabel(3500)).toBe('Rs. 3,500');
  });
});

describe('toLatinDigits', () => {
  it('reads Devanagari digits as Latin ones and keeps the rest, the inverse of toDevanagariDigits', () => {
    expect(toLatinDigits('९८४१२३००११')).toBe('9841230011');
    expect(toLatinDigits(toDevanagariDigits('2082-08-08 BS'))).toBe('2082-08-08 BS');
  });
});

describe('digitsOf (citizenship no, codes)', () => {
  it('keeps digits only', () => {
    expect(digitsOf('+977 980-123 4567')).toBe('9779801234567');
    expect(digitsOf('12-34/567')).toBe('1234567');
    expect(digitsOf('abc')).toBe('');
  });

  it('reads Devanagari digits as a Nepali keyboard types them', () => {
    expect(digitsOf('१२३ ४५६')).toBe('123456');
    expect(digitsOf('२७-०१-७१')).toBe('270171');
  });
});
