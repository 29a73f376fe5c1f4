import { describe, expect, it } from 'vitest';
import { isNepalMobile, maskPhone, parseNepalMobile } from './phone';

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

  it('refuses what is not text', () => {
    expect(parseNepalMobile(undefined)).toBeNull();
    expect(parseNepalMobile(null)).toBeNull();
    expect(parseNepalMobile({})).toBeNull();
    expect(parseNepalMobile(9841234567)).toBe('9841234567');
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
