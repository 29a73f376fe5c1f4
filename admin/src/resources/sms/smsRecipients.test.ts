import { describe, expect, it } from 'vitest';
import {
  invalidMobilePositions,
  isNepalMobile,
  listPositions,
  smsFieldErrors,
  smsPayload,
  splitMobiles,
  validateMobiles,
} from './smsRecipients';

describe('splitMobiles', () => {
  it('splits on commas, trims and drops empty entries (SPEC section 5)', () => {
    expect(splitMobiles(' 9841234567 ,9801234567,, 9761234567 ')).toEqual(['9841234567', '9801234567', '9761234567']);
    expect(splitMobiles('')).toEqual([]);
    expect(splitMobiles(undefined)).toEqual([]);
  });
});

describe('isNepalMobile', () => {
  it('takes the formats the server takes', () => {
    expect(isNepalMobile('9841234567')).toBe(true);
    expect(isNepalMobile('+977 984-123-4567')).toBe(true);
    expect(isNepalMobile('00977 9801234567')).toBe(true);
    expect(isNepalMobile('9779761234567')).toBe(true);
  });
  it('refuses landlines, short numbers, letters and other countries', () => {
    expect(isNepalMobile('014123456')).toBe(false);
    expect(isNepalMobile('984123456')).toBe(false);
    expect(isNepalMobile('98412345ab')).toBe(false);
    expect(isNepalMobile('+91 9841234567')).toBe(false);
    expect(isNepalMobile('9541234567')).toBe(false);
  });
});

describe('invalidMobilePositions and validateMobiles', () => {
  it('names the 1-based positions of the bad numbers, counted as the server counts them', () => {
    expect(invalidMobilePositions('9841234567, 12345, , 9801234567, abc')).toEqual([2, 4]);
    expect(validateMobiles('9841234567, 12345')).toBe('The mobile number at position 2 is not a valid Nepal mobile number.');
    expect(validateMobiles('1, 9841234567, 2, 3')).toBe('The mobile numbers at positions 1, 3 and 4 are not valid Nepal mobile numbers.');
    expect(validateMobiles(' , ')).toBe('Type at least one mobile number.');
    expect(validateMobiles('9841234567,9801234567')).toBeUndefined();
  });
  it('shortens a long list of positions', () => {
    expect(listPositions([1, 2, 3, 4, 5, 6, 7, 8])).toBe('1, 2, 3, 4, 5 and 3 more');
    expect(listPositions([1, 2, 3, 4, 5, 6])).toBe('1, 2, 3, 4, 5 and 6');
    expect(listPositions([7])).toBe('7');
  });
});

describe('smsFieldErrors', () => {
  it('puts positional server errors under their list field, naming the other positions', () => {
    expect(
      smsFieldErrors({
        mobiles: ['The mobile number at position 3 is not a valid Nepal mobile number.'],
        'mobiles.3': ['The mobile number at position 3 is not a valid Nepal mobile number.'],
        'mobiles.10': ['The mobile number at position 10 is not a valid Nepal mobile number.'],
        'mobiles.5': ['The mobile number at position 5 is not a customer of your branch.'],
      }),
    ).toEqual({ mobiles: 'The mobile number at position 3 is not a valid Nepal mobile number. Also check positions 5 and 10.' });
  });
  it('keeps plain field errors as they are (first message)', () => {
    expect(
      smsFieldErrors({ text: ['The text field is required.', 'x'], branches: 'There is no customer to send this message to.' }),
    ).toEqual({
      text: 'The text field is required.',
      branches: 'There is no customer to send this message to.',
    });
    expect(smsFieldErrors({ 'registrants.2': ['The customer at position 2 was not found.'] })).toEqual({
      registrants: 'The customer at position 2 was not found.',
    });
  });
});

describe('smsPayload', () => {
  it('sends the type and only the list that type reads', () => {
    const values = { branches: [1, 2], registrants: [5], mobiles: ' 9841234567 , ,9801234567', text: 'Hi' };
    expect(smsPayload({ ...values, type: 'ALL' })).toEqual({ type: 'ALL', text: 'Hi' });
    expect(smsPayload({ ...values, type: 'BRANCH' })).toEqual({ type: 'BRANCH', branches: [1, 2], text: 'Hi' });
    expect(smsPayload({ ...values, type: 'REGISTRANTS' })).toEqual({ type: 'REGISTRANTS', registrants: [5], text: 'Hi' });
    expect(smsPayload({ ...values, type: 'MOBILE' })).toEqual({ type: 'MOBILE', mobiles: '9841234567,9801234567', text: 'Hi' });
  });
});
