import { describe, expect, it } from 'vitest';
import { segmentSummary, smsSegments } from './smsSegments';

// The rule itself is @campaign/domain's and is tested there case by case; these check the
// screen's use of it at the boundaries it shows.
describe('smsSegments (the server rule, as the message box counts)', () => {
  it.each([
    ['a', 160, 1],
    ['a', 161, 2],
    ['a', 306, 2],
    ['a', 307, 3],
    ['क', 70, 1],
    ['क', 71, 2],
    ['क', 134, 2],
    ['क', 135, 3],
  ])("'%s' x %i takes %i SMS", (ch, n, segments) => {
    expect(smsSegments(ch.repeat(n)).segments).toBe(segments);
  });

  it('one Nepali letter makes an English text Unicode', () => {
    expect(smsSegments(`${'a'.repeat(100)}न`)).toEqual({ segments: 2, encoding: 'UCS-2', characters: 101 });
  });

  it('GSM extension characters take two places', () => {
    expect(smsSegments('€'.repeat(80)).segments).toBe(1);
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('counts a Windows line end once, as the server stores it', () => {
    expect(smsSegments('a\r\nb')).toEqual({ segments: 1, encoding: 'GSM-7', characters: 3 });
  });
});

describe('segmentSummary', () => {
  it('names characters, SMS and the per-SMS size of the encoding', () => {
    expect(segmentSummary(smsSegments(''))).toBe('0 characters');
    expect(segmentSummary(smsSegments('a'))).toBe('1 character · 1 SMS (GSM-7, 160 per SMS)');
    expect(segmentSummary(smsSegments('a'.repeat(161)))).toBe('161 characters · 2 SMS (GSM-7, 153 per part)');
    expect(segmentSummary(smsSegments('क'.repeat(70)))).toBe('70 characters · 1 SMS (Nepali/Unicode, 70 per SMS)');
    expect(segmentSummary(smsSegments('क'.repeat(71)))).toBe('71 characters · 2 SMS (Nepali/Unicode, 67 per part)');
  });
});
