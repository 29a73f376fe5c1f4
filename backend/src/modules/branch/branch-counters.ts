import { Injectable } from '@nestjs/common';

/** Numbers of the branch table (GET /branch, the export). */
export const BRANCH_TABLE_COUNTERS = ['registrations_count', 'one_lakh_allocation_count', 'ten_lakhs_allocation_count'] as const;
/** Numbers of GET /branch-stats. */
export const BRANCH_STATS_COUNTERS = ['preregistrations', 'sales', 'test_rides', 'prizes_awarded'] as const;

export type BranchCounterName = (typeof BRANCH_TABLE_COUNTERS)[number] | (typeof BRANCH_STATS_COUNTERS)[number];

/** SQL for one number per branch, correlated on the branch table's alias (`${b}.id`). */
export type BranchCounterSql = (b: string) => string;

/**
 * The hook through which the domains that own the counted tables (pre-registrations,
 * registrations, allocations, test rides) give the branch screens their numbers, without
 * the branch module knowing their tables. Until a domain registers a counter it reads 0.
 * A domain registers from its module, e.g. in the sales module:
 *
 *   constructor(counters: BranchCounters) {}
 *   onModuleInit() {
 *     this.counters.register('registrations_count',
 *       (b) => `(SELECT count(*) FROM registration r WHERE r.branch_id = ${b}.id AND r.deleted_at IS NULL)`);
 *   }
 */
@Injectable()
export class BranchCounters {
  private readonly sql = new Map<BranchCounterName, BranchCounterSql>();

  register(name: BranchCounterName, sql: BranchCounterSql): void {
    this.sql.set(name, sql);
  }

  /** The counter's SQL expression (an int) for branch alias `b`; 0 while none is registered. */
  expression(name: BranchCounterName, b: string): string {
    const sql = this.sql.get(name);
    return sql ? `COALESCE((${sql(b)}), 0)::int` : '0';
  }

  /** `expr AS name, ...` for a SELECT list. */
  selectList(names: readonly BranchCounterName[], b: string): string {
    return names.map((n) => `${this.expression(n, b)} AS "${n}"`).join(', ');
  }
}
