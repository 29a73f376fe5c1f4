import { Injectable } from '@nestjs/common';

/**
 * The branch table's allocation counters: the number of prizes (the sum of `count`) in the
 * branch's allocations of Rs. 1,00,000, and the same for the top purchase tier, Rs. 9,00,000
 * (the purchase wheel's 10,00,000 segment has no allocation of its own).
 */
export const ONE_LAKH = 100_000;
export const TOP_PURCHASE_TIER = 900_000;

/**
 * The allocation table (the prize scheme). So far only what other modules ask of it; the
 * allocation module still names the table itself (table-ownership.spec.ts,
 * REPOSITORY_IN_PROGRESS).
 */
@Injectable()
export class AllocationRepository {
  /** The prizes in a branch's allocations of `amount` (correlated on branch alias `b`; null without any). */
  prizesOfBranchSql(b: string, amount: number): string {
    return `SELECT sum(a.count) FROM allocation a WHERE a.branch_id = ${b}.id AND a.amount = ${Number(amount)}`;
  }
}
