import { Injectable } from '@nestjs/common';
import { RoleEntity } from '../modules/role/role.entity';
import { Db } from './db';

/** The roles' table: every read of it (the roles are seeded, never written by a request). */
@Injectable()
export class RoleRepository {
  constructor(private readonly db: Db) {}

  /** Every role, by id. */
  all(): Promise<RoleEntity[]> {
    return this.db.em.getRepository(RoleEntity).find({ order: { id: 'ASC' } });
  }

  /** A role by id, or null. */
  find(id: number): Promise<RoleEntity | null> {
    return this.db.em.getRepository(RoleEntity).findOneBy({ id });
  }
}
