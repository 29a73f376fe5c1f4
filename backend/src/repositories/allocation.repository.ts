import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import type { AllocationType } from '@campaign/domain';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { AllocationEntity } from '../modules/allocation/allocation.entity';
import { Db } from './db';

/** A day's allocation with stock left, as the draw weighs it. */
export interface StockCandidate {
  id: number;
  amount: number;
  probability: number;
  remaining: number;
}

/** An allocation as a day's commitment hashes it, its chance as stored. */
export interface SchemeRow {
  id: number;
  type: AllocationType;
  branch_id: number | null;
  amount: number;
  count: number;
  probability: number;
}

/**
 * The branch table's allocation counters: the number of prizes (the sum of `count`) in the
 * branch's allocations of Rs. 1,00,000, and the same for the top purchase tier, Rs. 9,00,000
 * (the purchase wheel's 10,00,000 segment has no allocation of its own).
 */
export const ONE_LAKH = 100_000;
export const TOP_PURCHASE_TIER = 900_000;

/**
 * The allocation table (the prize scheme): every statement that names it. Each runs on the
 * caller's transaction when one is open (db.ts): the draw's claims and the scheme's changes
 * run inside the transaction that holds the record's or the day's lock.
 */
@Injectable()
export class AllocationRepository {
  constructor(private readonly db: Db) {}

  /** The prizes in a branch's allocations of `amount` (correlated on branch alias `b`; null without any). */
  prizesOfBranchSql(b: string, amount: number): string {
    return `SELECT sum(a.count) FROM allocation a WHERE a.branch_id = ${b}.id AND a.amount = ${Number(amount)}`;
  }

  /** The allocations `actor` may see, with their branch (alias `a`). */
  scoped(actor: AuthUser): SelectQueryBuilder<AllocationEntity> {
    return scopeToBranch(this.db.em.getRepository(AllocationEntity).createQueryBuilder('a').leftJoinAndSelect('a.branch', 'branch'), actor, 'allocation');
  }

  /** A day's allocations of a type (and branch: null for the public channel) with stock left, highest amount first. */
  stockFor(day: string, type: AllocationType, branchId: number | null): Promise<StockCandidate[]> {
    const byBranch = branchId === null ? 'branch_id IS NULL' : 'branch_id = $3';
    const params: unknown[] = [day, type];
    if (branchId !== null) params.push(branchId);
    return this.db.query<StockCandidate>(
      `SELECT id, amount, probability::float8 AS probability, remaining
         FROM allocation
        WHERE date = $1 AND type = $2 AND ${byBranch} AND remaining > 0
        ORDER BY amount DESC, id`,
      params,
    );
  }

  /**
   * Claims one unit of an allocation's stock with a guarded UPDATE: the stock left after it
   * (the order of claims, for the audit), or null when none was left. CHECK (remaining >= 0)
   * is the backstop.
   */
  async claim(id: number): Promise<number | null> {
    const [rows] = await this.db.query<Array<{ remaining: number }>>(`UPDATE allocation SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0 RETURNING remaining`, [id]);
    return rows.length > 0 ? Number(rows[0].remaining) : null;
  }

  /** Gives a claimed unit back (a draw that lost a race). */
  async giveBack(id: number): Promise<void> {
    await this.db.query(`UPDATE allocation SET remaining = remaining + 1 WHERE id = $1`, [id]);
  }

  /** The pre-registration prizes of a day per amount, every branch and the public channel together: planned and still to win. */
  preregistrationPrizesOn(day: string): Promise<Array<{ amount: number; planned: number; left: number }>> {
    return this.db.query(
      `SELECT amount, sum(count)::int AS planned, sum(remaining)::int AS left
         FROM allocation WHERE date = $1 AND type IN ('preregistration_public', 'preregistration_branch')
        GROUP BY amount ORDER BY amount DESC`,
      [day],
    );
  }

  /** A day's whole scheme, every allocation, stock or not, by id. */
  schemeOf(day: string): Promise<SchemeRow[]> {
    return this.db.query<SchemeRow>(`SELECT id, type, branch_id, amount, count, probability::float8 AS probability FROM allocation WHERE date = $1 ORDER BY id`, [day]);
  }

  /** Stock (sum of count) per Nepal day and amount in [fromDay, toDay], in the user's scope. */
  stockByDay(user: AuthUser, fromDay: string, toDay: string) {
    const qb = this.db.em
      .createQueryBuilder()
      .select('a.date::text', 'day')
      .addSelect('a.amount', 'amount')
      .addSelect('sum(a.count)::int', 'allocated')
      .from('allocation', 'a')
      .where('a.date >= CAST(:fromDay AS date) AND a.date <= CAST(:toDay AS date)', { fromDay, toDay })
      .groupBy('a.date')
      .addGroupBy('a.amount');
    return scopeToBranch(qb, user, 'allocation').getRawMany<{ day: string; amount: number; allocated: number }>();
  }

  /** Stores a new allocation; answers it with its id. */
  insert(values: Partial<AllocationEntity>): Promise<AllocationEntity> {
    const em = this.db.em;
    return em.save(em.create(AllocationEntity, values));
  }

  /** Deletes an allocation none of whose stock was awarded yet; false when some was (or it is gone). */
  async deleteUnawarded(id: number): Promise<boolean> {
    const [rows] = await this.db.query<unknown[]>(`DELETE FROM allocation a WHERE a.id = $1 AND a.remaining = a.count RETURNING a.id`, [id]);
    return rows.length > 0;
  }
}
