import { describe, expect, it } from 'vitest';
import { isNepalMobile, maskPhone, mobileDigits, parseNepalMobile } from './phone';

describe('parseNepalMobile', () => {
  it.each([
    ['9841234567', '9841234567'],
    ['9801234567', '9801234567'],
    ['9761234567', '9761234567'],
    ['9621234567', '9621234567'],
    ['9521234567', null],
    ['+9779841234567', '9841234567'],
    ['+977 984-123-4567', '9841234567'],
    ['+977-9841234567', '9841234567'],
    ['00977 9841234567', '9841234567'],
    ['9779841234567', '9841234567'],
    [' 984 123 4567 ', '9841234567'],
    ['(984) 123-4567', '9841234567'],
    ['984.123.4567', '9841234567'],
  ])('reads %j as %j', (input, expected) => {
    expect(parseNepalMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '984123456', // 9 digits
    '98412345678', // 11 digits
    '9941234567', // not 96/97/98
    '8841234567',
    '01-4251234', // landline
    '+919841234567', // India
    '+1 9841234567',
    '977984123456',
    '98412x4567',
    '9841234567; DROP TABLE',
    '+97798412345678',
    '++9779841234567',
    '９８４１２３４５６７', // full-width digits are not ASCII digits
  ])('refuses %j', (input) => {
    expect(parseNepalMobile(input)).toBeNull();
    expect(isNepalMobile(input)).toBe(false);
  });

  it('reads Devanagari digits as a Nepali keyboard types them', () => {
    expect(parseNepalMobile('९८४१२३००११')).toBe('9841230011');
    expect(parseNepalMobile('+९७७ ९८५१२३४५००')).toBe('9851234500');
  });

  it('refuses what is not text', () => {
    expect(parseNepalMobile(undefined)).toBeNull();
    expect(parseNepalMobile(null)).toBeNull();
    expect(parseNepalMobile({})).toBeNull();
    expect(parseNepalMobile(9841234567)).toBe('9841234567');
  });
});

describe('mobileDigits (phone fields)', () => {
  it('drops the 977 country code of a pasted international number, and reads Devanagari digits', () => {
    expect(mobileDigits('+977 980-123 4567')).toBe('9801234567');
    expect(mobileDigits('00977 9801234567')).toBe('9801234567');
    expect(mobileDigits('९८४१२३००११')).toBe('9841230011');
    expect(mobileDigits('+९७७ ९८४१२३००११')).toBe('9841230011');
    expect(mobileDigits('9801234567')).toBe('9801234567');
    // Still being typed: kept as it is.
    expect(mobileDigits('977980123')).toBe('977980123');
  });
});

describe('maskPhone', () => {
  it('keeps the first two and last two digits', () => {
    expect(maskPhone('9812345623')).toBe('98******23');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone('123')).toBe('***');
  });
});
