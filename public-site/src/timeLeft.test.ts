import { describe, expect, it } from 'vitest';
import { timeLeft } from './pages/LandingPage';

describe('the campaign countdown', () => {
  const end = '2026-12-31T18:15:00.000Z'; // the end of 2026-12-31 in Nepal
  it('counts whole days and hours to the end of the last day', () => {
    expect(timeLeft(end, Date.parse('2026-12-29T18:15:00.000Z'))).toEqual({ days: 2, hours: 0 });
    expect(timeLeft(end, Date.parse('2026-12-31T09:14:00.000Z'))).toEqual({ days: 0, hours: 9 });
  });
  it('says nothing is left once it has passed, or when there is no end', () => {
    expect(timeLeft(end, Date.parse(end))).toBeNull();
    expect(timeLeft(null, Date.now())).toBeNull();
  });
});
