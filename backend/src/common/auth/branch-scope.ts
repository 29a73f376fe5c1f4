import { NotFoundException } from '@nestjs/common';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from './auth-user';

/**
 * Record-level rule for every branch-owned table: branch staff only ever see and
 * touch their own branch. Every query of such a table goes through here.
 */
export function scopeToBranch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  user: AuthUser | undefined,
  column = `${qb.alias}.branch_id`,
): SelectQueryBuilder<T> {
  if (user && user.branch_id !== null) qb.andWhere(`${column} = :scopeBranchId`, { scopeBranchId: user.branch_id });
  return qb;
}

/** The branch a branch user is pinned to, or the requested one for head office. */
export function effectiveBranchId(user: AuthUser, requested?: number | null): number | null | undefined {
  return user.branch_id !== null ? user.branch_id : requested;
}

/**
 * Throws 404 when a record of another branch is asked for (its existence is not revealed).
 * `owner` names the branch that owns the record when it is not simply its branch_id.
 */
export function assertInBranch<T extends { branch_id: number | null } | null | undefined>(
  record: T,
  user: AuthUser | undefined,
  what = 'Record',
  owner: (r: NonNullable<T>) => number | null = (r) => r.branch_id,
): NonNullable<T> {
  if (!record || (user && user.branch_id !== null && owner(record as NonNullable<T>) !== user.branch_id)) {
    throw new NotFoundException(`${what} not found.`);
  }
  return record as NonNullable<T>;
}
