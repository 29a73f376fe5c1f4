import { Injectable } from '@nestjs/common';

/** Numbers of the branch table (GET /branch, the export). */
export const BRANCH_TABLE_COUNTERS = ['registrations_count', 'one_lakh_allocation_count', 'ten_lakhs_allocation_count'] as const;
/** Numbers of GET /branch-stats. */
export const BRANCH_STATS_COUNTERS = ['preregistrations', 'sales', 'test_rides', 'prizes_awarded'] as const;

export type BranchCounterName = (typeof BRANCH_TABLE_COUNTERS)[number] | (typeof BRANCH_STATS_COUNTERS)[number];

/** SQL for one number per branch, correlated on the branch table's alias (`${b}.id`). */
export type BranchCounterSql = (b: string) => string;

/**
 * The hook through which the modules whose tables have no repository yet (pre-registrations,
 * allocations) give the branch screens their numbers; BranchService adds the counts it asks
 * of the repositories (registrations, test rides) itself, as `more`. A counter may have several parts
 * (prizes awarded = pre-registration prizes + purchase coupons), which are added. A counter
 * with no part is a wiring fault and fails loudly, never a silent 0.
 * A module contributes from its onModuleInit a correlated count over its own table, e.g.
 * the pre-registration module counts its live rows whose owner branch is `${b}.id`.
 */
@Injectable()
export class BranchCounters {
  private readonly sql = new Map<BranchCounterName, BranchCounterSql[]>();

  contribute(name: BranchCounterName, sql: BranchCounterSql): void {
    this.sql.set(name, [...(this.sql.get(name) ?? []), sql]);
  }

  /** The counter's SQL expression (an int) for branch alias `b`: the contributions plus `more` (correlated counts on `b`). */
  expression(name: BranchCounterName, b: string, more: string[] = []): string {
    const parts = [...(this.sql.get(name) ?? []).map((sql) => sql(b)), ...more];
    if (!parts.length) throw new Error(`No module counts the branch counter ${name}.`);
    return `(${parts.map((sql) => `COALESCE((${sql}), 0)`).join(' + ')})::int`;
  }

  /** `expr AS name, ...` for a SELECT list; `more(name)` as in `expression`. */
  selectList(names: readonly BranchCounterName[], b: string, more: (name: BranchCounterName) => string[] = () => []): string {
    return names.map((n) => `${this.expression(n, b, more(n))} AS "${n}"`).join(', ');
  }
}
