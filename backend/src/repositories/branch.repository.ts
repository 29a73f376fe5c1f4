import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { BranchEntity } from '../modules/branch/branch.entity';
import { Db } from './db';

/** What the public showroom list reads of a branch. */
export type PublicBranchRow = Pick<
  BranchEntity,
  'id' | 'title' | 'title_ne' | 'state' | 'district' | 'city' | 'location' | 'location_ne' | 'order'
>;

/**
 * The showrooms' table (branch): every statement that names it, on the caller's transaction
 * when one is open (db.ts). The counters of other tables come in as correlated subqueries
 * their repositories wrote (BranchService).
 */
@Injectable()
export class BranchRepository {
  constructor(private readonly db: Db) {}

  private get branches() {
    return this.db.em.getRepository(BranchEntity);
  }

  /** Every branch's id. */
  async ids(): Promise<number[]> {
    return (await this.branches.find({ select: { id: true } })).map((r) => r.id);
  }

  /** The branches `actor` may see (alias `b`): branch staff only their own; no actor, all. */
  scoped(actor: AuthUser | undefined): SelectQueryBuilder<BranchEntity> {
    return scopeToBranch(this.branches.createQueryBuilder('b'), actor, 'branch');
  }

  /** Id, titles and mobile of a branch, or undefined. */
  async brief(id: number): Promise<{ id: number; title: string; title_ne: string | null; mobile: string | null } | undefined> {
    return (await this.branches.findOne({ where: { id }, select: { id: true, title: true, title_ne: true, mobile: true } })) ?? undefined;
  }

  /** The public showroom list's columns of every branch, in their order. */
  publicRows(): Promise<PublicBranchRow[]> {
    return this.branches.find({
      select: {
        id: true,
        title: true,
        title_ne: true,
        state: true,
        district: true,
        city: true,
        location: true,
        location_ne: true,
        order: true,
      },
      order: { order: 'ASC', id: 'ASC' },
    });
  }

  /**
   * Stores a new branch, placed last unless `values.order` says where (the caller holds the
   * transaction). The last place is capped: a branch placed last with order 2^31 - 1 must not
   * make every later create overflow (a 500).
   */
  async insert(values: Partial<BranchEntity>): Promise<BranchEntity> {
    const [{ next }] = await this.db.query<{ next: number }>(`SELECT LEAST(COALESCE(max("order"), 0), 2147483646) + 1 AS next FROM branch`);
    const em = this.db.em;
    return em.save(em.create(BranchEntity, { ...values, order: values.order ?? next }));
  }

  /** A branch's changed fields. */
  async patch(id: number, patch: Partial<BranchEntity>): Promise<void> {
    await this.branches.update({ id }, patch);
  }

  /** Deletes a branch (the foreign keys refuse while users or records point at it). */
  async delete(id: number): Promise<void> {
    await this.branches.delete({ id });
  }

  /** The counters `selectList` names (correlated on alias `b`) of the branches `ids`. */
  countersOf<C extends string>(ids: number[], selectList: string): Promise<Array<{ id: number } & Record<C, number>>> {
    return this.db.query(`SELECT b.id, ${selectList} FROM branch b WHERE b.id = ANY($1)`, [ids]);
  }
}
