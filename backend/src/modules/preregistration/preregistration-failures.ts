import { Failures } from '../../common/http/domain-errors';

/** The pre-registration's expected failures (a code's own are the code lifecycle's, one-time-code.ts); the table's keys are the codes. */
export const PREREGISTRATION_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Pre-registration not found.' },
  Purchased: { status: 409, message: 'This pre-registration has a purchase and cannot be deleted.' },
});
