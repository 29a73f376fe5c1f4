import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { UserEntity } from '../modules/user/user.entity';
import { Db } from './db';

/**
 * The staff accounts' table ("user"): every statement that names it, on the caller's
 * transaction when one is open (db.ts).
 */
@Injectable()
export class UserRepository {
  constructor(private readonly db: Db) {}

  private get users() {
    return this.db.em.getRepository(UserEntity);
  }

  /** What signing in checks: a live user's id, password hash, token version and phone on file (for the sign-in code) by email (any case). */
  async credentials(email: string): Promise<{ id: number; password: string; token_version: number; phone: string | null } | undefined> {
    const [row] = await this.db.query<{ id: number; password: string; token_version: number; phone: string | null }>(
      `SELECT id, password, token_version, phone FROM "user" WHERE lower(email) = $1 AND deleted_at IS NULL`,
      [email.toLowerCase()],
    );
    return row;
  }

  /** A user's password hash (for the change-password check). */
  async passwordHash(id: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ password: string }>(`SELECT password FROM "user" WHERE id = $1`, [id]);
    return row?.password;
  }

  /** Sets a new password hash and revokes every token issued before (token_version). */
  async setPasswordHash(id: number, hash: string): Promise<void> {
    await this.db.query(`UPDATE "user" SET password = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1`, [id, hash]);
  }

  /** The users `actor` may see, with their role and branch (alias `u`). */
  scoped(actor: AuthUser): SelectQueryBuilder<UserEntity> {
    const qb = this.users.createQueryBuilder('u').leftJoinAndSelect('u.role', 'role').leftJoinAndSelect('u.branch', 'branch');
    return scopeToBranch(qb, actor, 'user');
  }

  /** Whether another user (not `exceptId`) has the email (any case, deleted ones too). */
  emailTaken(email: string, exceptId?: number): Promise<boolean> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email })
      .andWhere(exceptId ? 'u.id <> :exceptId' : 'TRUE', { exceptId })
      .getExists();
  }

  /** Stores a new user; answers it with its id and slug. */
  insert(values: Partial<UserEntity>): Promise<UserEntity> {
    return this.users.save(this.users.create(values));
  }

  /** A user's changed fields. */
  async patch(id: number, patch: Partial<UserEntity>): Promise<void> {
    await this.users.update({ id }, patch);
  }

  /** Signs the user out everywhere: every token issued before is refused (token_version). */
  async revokeTokens(id: number): Promise<void> {
    await this.users.increment({ id }, 'token_version', 1);
  }

  /** Deletes a user (kept, marked deleted). */
  async softDelete(id: number): Promise<void> {
    await this.users.softDelete({ id });
  }
}
