import { UnprocessableError } from '../http/errors';
import { parseDateRange, rangeCondition } from './date-range';

const TZ = 'Asia/Kathmandu';

describe('parseDateRange', () => {
  it("reads hourly Nepal times, so Nepal's midnight is 18:15 UTC", () => {
    expect(parseDateRange({ from: '2025-11-22 00:00', to: '2025-11-22T10:00' }, TZ)).toEqual({
      from: new Date('2025-11-21T18:15:00Z'),
      to: new Date('2025-11-22T04:15:00Z'),
    });
  });

  it('makes a bare day in `to` include that whole day', () => {
    expect(parseDateRange({ from: '2025-11-21', to: '2025-11-21' }, TZ)).toEqual({
      from: new Date('2025-11-20T18:15:00Z'),
      to: new Date('2025-11-21T18:15:00Z'),
    });
  });

  it('leaves a side open when it is not given', () => {
    expect(parseDateRange({}, TZ)).toEqual({ from: undefined, to: undefined });
    expect(parseDateRange({ from: '', to: '2025-11-21T00:00:00+05:45' }, TZ)).toEqual({ from: undefined, to: new Date('2025-11-20T18:15:00Z') });
  });

  it('answers 422 under the field for what is not a date, or an empty range', () => {
    const errorsOf = (q: Record<string, unknown>) => {
      try {
        parseDateRange(q, TZ);
      } catch (e) {
        return (e as UnprocessableError).errors;
      }
      return undefined;
    };
    expect(errorsOf({ from: 'yesterday' })).toEqual({ from: ['The from must be a date (YYYY-MM-DD HH:mm).'] });
    expect(errorsOf({ to: ['2025-11-21'] })).toEqual({ to: ['The to must be a date (YYYY-MM-DD HH:mm).'] });
    expect(errorsOf({ from: '2025-11-22 10:00', to: '2025-11-22 09:00' })).toEqual({ to: ['The to must be a date after from.'] });
  });
});

describe('rangeCondition', () => {
  it('is from inclusive and to exclusive, and TRUE when open', () => {
    const from = new Date('2025-11-21T18:15:00Z');
    const to = new Date('2025-11-22T18:15:00Z');
    expect(rangeCondition('t.created_at', { from, to }, 'x')).toEqual({
      sql: 't.created_at >= :xFrom AND t.created_at < :xTo',
      params: { xFrom: from, xTo: to },
    });
    expect(rangeCondition('t.created_at', {})).toEqual({ sql: 'TRUE', params: {} });
  });
});
