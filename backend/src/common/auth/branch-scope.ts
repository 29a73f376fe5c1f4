import { NotFoundException } from '@nestjs/common';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from './auth-user';

/**
 * Which column names the branch that owns a row, per branch-owned table. Declared once:
 * every scoped query and every record check reads it from here.
 * - a pre-registration belongs to the staff branch that made it or, for a public enquiry,
 *   to the showroom the visitor chose as nearest (its staff follow it up); the database
 *   stores that as the generated column owner_branch_id = COALESCE(branch_id, nearest_branch_id);
 * - a branch owns itself;
 * - every other table names its branch in branch_id.
 */
export const BRANCH_OWNER_COLUMN = {
  branch: 'id',
  preregistration: 'owner_branch_id',
  registration: 'branch_id',
  test_ride: 'branch_id',
  allocation: 'branch_id',
  sms_batch: 'branch_id',
  user: 'branch_id',
} as const;

export type BranchResource = keyof typeof BRANCH_OWNER_COLUMN;

/** `alias.column` of the owning branch of `resource` rows read under `alias`. */
export function ownerColumn(resource: BranchResource, alias: string): string {
  return `${alias}.${BRANCH_OWNER_COLUMN[resource]}`;
}

/** The branch that owns a record (as the database computes it). */
export function ownerOf(resource: BranchResource, row: Record<string, unknown>): number | null {
  return (row[BRANCH_OWNER_COLUMN[resource]] as number | null) ?? null;
}

/**
 * Record-level rule for every branch-owned table: branch staff only ever see and
 * touch their own branch. Every query of such a table goes through here; `alias` is the
 * alias under which the query reads `resource` (the query's main alias by default).
 */
export function scopeToBranch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  user: AuthUser | undefined,
  resource: BranchResource,
  alias = qb.alias,
): SelectQueryBuilder<T> {
  if (user && user.branch_id !== null) qb.andWhere(`${ownerColumn(resource, alias)} = :scopeBranchId`, { scopeBranchId: user.branch_id });
  return qb;
}

/** The branch a branch user is pinned to, or the requested one for head office. */
export function effectiveBranchId(user: AuthUser, requested?: number | null): number | null | undefined {
  return user.branch_id !== null ? user.branch_id : requested;
}

/** Whether a user may see a record: head office sees every branch's, branch users their own branch's. */
export function inBranch(record: object, user: AuthUser, resource: BranchResource): boolean {
  return user.branch_id === null || ownerOf(resource, record as Record<string, unknown>) === user.branch_id;
}

/** Throws 404 when a record of another branch is asked for (its existence is not revealed). */
export function assertInBranch<T extends object | null | undefined>(record: T, user: AuthUser | undefined, resource: BranchResource, what = 'Record'): NonNullable<T> {
  if (!record || (user && !inBranch(record, user, resource))) {
    throw new NotFoundException(`${what} not found.`);
  }
  return record as NonNullable<T>;
}
