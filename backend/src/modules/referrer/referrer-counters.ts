import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { DateRange } from '../../common/paging/date-range';

export type ReferrerCounterName = 'preregistrations_count';

/**
 * A correlated count subquery over a referrer (alias `r`): rows of the owner's table that
 * name the referrer, within `range`, in `actor`'s branch scope (every branch without one). Built on `sub` (a subQuery()).
 */
export type ReferrerCounter = (sub: SelectQueryBuilder<object>, actor: AuthUser | undefined, range: DateRange) => SelectQueryBuilder<object>;

/**
 * A correlated subquery over a referrer (alias `r`) selecting one column, the normalised
 * `utm_source` each of the owner's rows carried (one row per record), for the same rows a
 * counter counts: what the report's "other" row lists (a known source's rows carry its own).
 */
export type ReferrerSources = ReferrerCounter;

/**
 * The hook through which the modules that own referred records and whose tables have no
 * repository yet (pre-registrations) give the referrer report its numbers without the
 * referrer module knowing their tables (they import the referrer module, so it cannot import
 * them); purchases and test rides are counted by their repositories (referralsCount). A counter no
 * module contributes is a wiring fault and fails loudly.
 */
@Injectable()
export class ReferrerCounters {
  private readonly counters = new Map<ReferrerCounterName, ReferrerCounter>();
  private readonly sourceLists = new Map<string, ReferrerSources>();

  contribute(name: ReferrerCounterName, counter: ReferrerCounter): void {
    this.counters.set(name, counter);
  }

  /** The utm_source values of a module's rows that carried one (keyed by module, so a second call replaces the first). */
  contributeSources(owner: string, sources: ReferrerSources): void {
    this.sourceLists.set(owner, sources);
  }

  /** Every module's source list. */
  sources(): ReferrerSources[] {
    return [...this.sourceLists.values()];
  }

  get(name: ReferrerCounterName): ReferrerCounter {
    const counter = this.counters.get(name);
    if (!counter) throw new Error(`No module counts the referrer counter ${name}.`);
    return counter;
  }
}
