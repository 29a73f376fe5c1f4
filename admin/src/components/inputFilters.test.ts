import { describe, expect, it } from 'vitest';
import { digitsOnly, emailChars, latinDigits, lettersDigitsSpaces, phoneDigits, vehicleNumber } from './inputFilters';

describe('lettersDigitsSpaces (name, address)', () => {
  it('drops punctuation and keeps letters, digits, underscore and spaces', () => {
    expect(lettersDigitsSpaces('Ram, B. Thapa-2 _x')).toBe('Ram B Thapa2 _x');
  });
  it('keeps Devanagari with its vowel signs', () => {
    expect(lettersDigitsSpaces('राम बहादुर!')).toBe('राम बहादुर');
  });
  it('keeps new lines (the address is multi-line)', () => {
    expect(lettersDigitsSpaces('Teku 12\nKathmandu')).toBe('Teku 12\nKathmandu');
  });
  it('makes an emptied field null', () => {
    expect(lettersDigitsSpaces('!!')).toBeNull();
    expect(lettersDigitsSpaces(undefined)).toBeNull();
  });
});

describe('digitsOnly (phone, citizenship no)', () => {
  it('keeps the digits only', () => {
    expect(digitsOnly('+977 984-123 4567')).toBe('9779841234567');
    expect(digitsOnly('27-01-71')).toBe('270171');
  });
  it('reads Devanagari digits as Latin ones', () => {
    expect(digitsOnly('९८४१ २३००११')).toBe('9841230011');
  });
});

describe('emailChars', () => {
  it('keeps letters, digits, hyphen, dot, underscore and @', () => {
    expect(emailChars('ram.thapa_1-x@mail.com')).toBe('ram.thapa_1-x@mail.com');
    expect(emailChars('ram thapa+tag@mail.com!')).toBe('ramthapatag@mail.com');
  });
});

describe('vehicleNumber (engine, chassis, registration no)', () => {
  it('upper-cases as typed and keeps letters, digits, hyphen, dot and underscore', () => {
    expect(vehicleNumber('ba 12 pa-3456')).toBe('BA12PA-3456');
    expect(vehicleNumber('eng.no_1/2#')).toBe('ENG.NO_12');
  });
  it('makes an emptied field null', () => {
    expect(vehicleNumber('  ')).toBeNull();
  });
});

describe('phoneDigits (phone fields)', () => {
  it('keeps the ten national digits of a pasted +977 number, and reads Devanagari digits', () => {
    expect(phoneDigits('+977 9851234500')).toBe('9851234500');
    expect(phoneDigits('९८५१२३४५००')).toBe('9851234500');
    expect(phoneDigits('985-123')).toBe('985123');
    expect(phoneDigits('')).toBeNull();
  });
});

describe('latinDigits (a citizenship number with its dashes)', () => {
  it('reads Devanagari digits as Latin and keeps the rest', () => {
    expect(latinDigits('२७-०१-७१-०१२३४')).toBe('27-01-71-01234');
    expect(latinDigits('')).toBeNull();
  });
});

