import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments } from './sms-segments';

describe('smsSegments', () => {
  const repeat = (s: string, n: number) => s.repeat(n);

  it('counts nothing for an empty text', () => {
    expect(smsSegments('')).toEqual({ segments: 0, encoding: 'GSM-7', characters: 0 });
  });

  it.each([
    [1, 1],
    [160, 1],
    [161, 2],
    [306, 2],
    [307, 3],
    [459, 3],
    [460, 4],
  ])('GSM-7: %i plain characters take %i SMS (160 alone, 153 per part)', (n, segments) => {
    expect(smsSegments(repeat('a', n))).toEqual({ segments, encoding: 'GSM-7', characters: n });
  });

  it('GSM-7: extension characters take two septets and are never split between parts', () => {
    expect(smsSegments(repeat('€', 80))).toEqual({ segments: 1, encoding: 'GSM-7', characters: 80 });
    expect(smsSegments(repeat('€', 81)).segments).toBe(2);
    // 152 septets, then a two-septet character that does not fit in the first part's 153.
    expect(smsSegments(`${repeat('a', 152)}{${repeat('a', 10)}`).segments).toBe(2);
    expect(smsSegments(`${repeat('a', 152)}{${repeat('a', 152)}`).segments).toBe(3);
    expect(smsSegments(`${repeat('a', 151)}{${repeat('a', 153)}`).segments).toBe(2);
  });

  it('GSM-7 covers the usual English message with punctuation and accents of the alphabet', () => {
    const text = 'Dear customer, Dashain offer: Rs. 5,000 off at Everest Moto! Visit us @ Teku (9am-6pm). Ça va? ñ ü é';
    expect(isGsm7(text)).toBe(true);
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it.each([
    [1, 1],
    [70, 1],
    [71, 2],
    [134, 2],
    [135, 3],
  ])('UCS-2 (Nepali): %i characters take %i SMS (70 alone, 67 per part)', (n, segments) => {
    expect(smsSegments(repeat('क', n))).toEqual({ segments, encoding: 'UCS-2', characters: n });
  });

  it('one character outside the GSM alphabet makes the whole text UCS-2', () => {
    expect(smsSegments(`${repeat('a', 100)}न`)).toEqual({ segments: 2, encoding: 'UCS-2', characters: 101 });
    expect(smsSegments('Namaste “friend”').encoding).toBe('UCS-2');
    expect(smsSegments('नमस्ते! तपाईंले रु. ५,००० को छुट जित्नुभयो।')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
  });

  it('UCS-2: an emoji takes two units, counts as one character, and is never split', () => {
    expect(smsSegments(repeat('😀', 35))).toEqual({ segments: 1, encoding: 'UCS-2', characters: 35 });
    expect(smsSegments(repeat('😀', 36)).segments).toBe(2);
    // 66 units, then an emoji (2 units) that does not fit in the first part's 67.
    expect(smsSegments(`${repeat('क', 66)}😀${repeat('क', 5)}`).segments).toBe(2);
    expect(smsSegments(`${repeat('क', 66)}😀${repeat('क', 66)}`).segments).toBe(3);
  });
});
