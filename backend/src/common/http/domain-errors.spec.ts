import { QueryFailedError } from 'typeorm';
import { uniqueViolationField } from './db-errors';
import { Failures } from './domain-errors';

describe('one mapping of expected failures', () => {
  const violation = (code: string, constraint: string) => new QueryFailedError('INSERT', [], Object.assign(new Error('x'), { code, constraint }));

  it('names the field of a declared unique constraint, and nothing for any other error', () => {
    const fields = { registration_bill_no_uq: 'bill_no' };
    expect(uniqueViolationField(violation('23505', 'registration_bill_no_uq'), fields)).toBe('bill_no');
    expect(uniqueViolationField(violation('23505', 'other_uq'), fields)).toBeUndefined();
    expect(uniqueViolationField(violation('23503', 'registration_bill_no_uq'), fields)).toBeUndefined();
    expect(uniqueViolationField(violation('23505', 'toString'), fields)).toBeUndefined();
    expect(uniqueViolationField(new Error('x'), fields)).toBeUndefined();
  });

  it('answers each code with its status, message and field', () => {
    enum F {
      Taken = 'taken',
      Gone = 'gone',
    }
    const failures = new Failures<F>({ [F.Taken]: { status: 422, field: 'bill_no', message: 'Taken.' }, [F.Gone]: { status: 409, message: 'Gone.' } });
    expect([failures.fail(F.Taken).getStatus(), failures.fail(F.Taken).getResponse()]).toEqual([422, { message: 'Taken.', errors: { bill_no: ['Taken.'] } }]);
    expect([failures.fail(F.Gone).getStatus(), failures.message(F.Gone)]).toEqual([409, 'Gone.']);
  });
});
