import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { DateRange } from '../../common/paging/date-range';

export type ReferrerCounterName = 'referrals_count' | 'preregistrations_count' | 'test_rides_count';

/**
 * A correlated count subquery over a referrer (alias `r`): rows of the owner's table that
 * name the referrer, within `range`, in `actor`'s branch scope (every branch without one). Built on `sub` (a subQuery()).
 */
export type ReferrerCounter = (sub: SelectQueryBuilder<object>, actor: AuthUser | undefined, range: DateRange) => SelectQueryBuilder<object>;

/**
 * The hook through which the modules that own referred records (purchases, pre-registrations, test rides) give
 * the referrer report its numbers without the referrer module knowing their tables (they
 * import the referrer module, so it cannot import them). A counter no module contributes is
 * a wiring fault and fails loudly.
 */
@Injectable()
export class ReferrerCounters {
  private readonly counters = new Map<ReferrerCounterName, ReferrerCounter>();

  contribute(name: ReferrerCounterName, counter: ReferrerCounter): void {
    this.counters.set(name, counter);
  }

  get(name: ReferrerCounterName): ReferrerCounter {
    const counter = this.counters.get(name);
    if (!counter) throw new Error(`No module counts the referrer counter ${name}.`);
    return counter;
  }
}
