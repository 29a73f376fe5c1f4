import { addDays, campaignDay, dayRange, parseDateFilter, tzOffsetMinutes } from './time';

describe('campaign time (Asia/Kathmandu)', () => {
  it('is 5 h 45 min ahead of UTC', () => {
    expect(tzOffsetMinutes(new Date('2026-11-21T12:00:00Z'))).toBe(345);
  });

  it('keeps a zone with summer time right across its change, asked in any order (the offset is kept per quarter hour)', () => {
    const at = (iso: string) => tzOffsetMinutes(new Date(iso), 'Europe/London');
    expect([at('2026-03-29T00:59:59Z'), at('2026-03-29T01:00:00Z'), at('2026-03-29T00:59:00Z'), at('2026-03-29T01:14:59Z')]).toEqual([0, 60, 0, 60]);
    expect(tzOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(345);
  });

  it("puts Nepal's midnight at 18:15 UTC", () => {
    expect(campaignDay(new Date('2026-11-21T18:14:00Z'))).toBe('2026-11-21');
    expect(campaignDay(new Date('2026-11-21T18:16:00Z'))).toBe('2026-11-22');
    expect(dayRange('2026-11-22')).toEqual({ start: new Date('2026-11-21T18:15:00Z'), end: new Date('2026-11-22T18:15:00Z') });
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads date filters in Nepal time, by day or by the hour', () => {
    expect(parseDateFilter('2026-11-22')).toEqual(new Date('2026-11-21T18:15:00Z'));
    expect(parseDateFilter('2026-11-22', undefined, true)).toEqual(new Date('2026-11-22T18:15:00Z'));
    expect(parseDateFilter('2026-11-22 10:00')).toEqual(new Date('2026-11-22T04:15:00Z'));
    expect(parseDateFilter('2026-11-22T10:00')).toEqual(new Date('2026-11-22T04:15:00Z'));
    expect(parseDateFilter('2026-11-22T10:00:00Z')).toEqual(new Date('2026-11-22T10:00:00Z'));
  });

  it('refuses what is not a date', () => {
    for (const bad of ['', 'yesterday', "2026-11-22' OR 1=1", '2026-13-45', 42, undefined]) expect(parseDateFilter(bad)).toBeUndefined();
  });
});
