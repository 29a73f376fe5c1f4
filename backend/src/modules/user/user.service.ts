import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { assertInBranch, scopeToBranch } from '../../common/auth/branch-scope';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { PageQuery, paginate, TableSpec } from '../../common/paging/paging';
import { newSlug } from '../../common/slug';
import { hashPassword } from '../../common/auth/password';
import { RoleEntity } from '../role/role.entity';
import { BranchService } from '../branch/branch.service';
import { CreateUserDto } from './dto/create-user.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserEntity } from './user.entity';

const USER_TABLE: TableSpec = {
  orderable: { name: 'u.name', email: 'u.email', 'role.title': 'role.title', created_at: 'u.created_at', id: 'u.id' },
  searchable: ['u.name', 'u.email', 'u.phone'],
  defaultOrder: ['id', 'DESC'],
  tieBreaker: 'u.id',
};

@Injectable()
export class UserService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    private readonly branches: BranchService,
  ) {}

  /** What signing in checks: a live user's id, password hash, token version and phone on file (for the sign-in code) by email (any case). */
  async credentials(email: string): Promise<{ id: number; password: string; token_version: number; phone: string | null } | undefined> {
    const [row] = await this.users.query(`SELECT id, password, token_version, phone FROM "user" WHERE lower(email) = $1 AND deleted_at IS NULL`, [email.toLowerCase()]);
    return row;
  }

  /** A user's password hash (for the change-password check). */
  async passwordHash(id: number): Promise<string | undefined> {
    const [row] = await this.users.query(`SELECT password FROM "user" WHERE id = $1`, [id]);
    return row?.password;
  }

  /** Sets a new password hash and revokes every token issued before (token_version). */
  async setPasswordHash(id: number, hash: string): Promise<void> {
    await this.users.query(`UPDATE "user" SET password = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1`, [id, hash]);
  }

  private query(actor: AuthUser) {
    const qb = this.users.createQueryBuilder('u').leftJoinAndSelect('u.role', 'role').leftJoinAndSelect('u.branch', 'branch');
    return scopeToBranch(qb, actor, 'user');
  }

  table(actor: AuthUser, query: PageQuery) {
    return paginate(this.query(actor), query, USER_TABLE);
  }

  async findOne(actor: AuthUser, slugOrId: string): Promise<UserEntity> {
    const qb = this.query(actor);
    if (/^\d+$/.test(slugOrId)) qb.andWhere('u.id = :id', { id: Number(slugOrId) });
    else qb.andWhere('u.slug = :slug', { slug: slugOrId });
    const user = await qb.getOne();
    return assertInBranch(user, actor, 'user', 'User');
  }

  async create(actor: AuthUser, dto: CreateUserDto): Promise<UserEntity> {
    await this.validate(actor, dto, true);
    const saved = await this.users.save(
      this.users.create({
        slug: newSlug(),
        first_name: dto.first_name,
        last_name: dto.last_name,
        email: dto.email.toLowerCase(),
        phone: dto.phone ?? null,
        sex: dto.sex,
        address: dto.address ?? null,
        password: await hashPassword(dto.password),
        branch_id: dto.branch_id ?? null,
        role_id: dto.role_id,
      }),
    );
    return this.findOne(actor, saved.slug);
  }

  async update(actor: AuthUser, slug: string, dto: UpdateUserDto): Promise<UserEntity> {
    const user = await this.findOne(actor, slug);
    const merged = { ...user, ...dto } as CreateUserDto;
    await this.validate(actor, merged, !!dto.password, user.id);
    const patch: Partial<UserEntity> = {};
    for (const k of ['first_name', 'last_name', 'phone', 'sex', 'address', 'branch_id', 'role_id'] as const) {
      if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
    }
    if (dto.email !== undefined) patch.email = dto.email.toLowerCase();
    if (dto.password) {
      patch.password = await hashPassword(dto.password);
      // A new password set by an admin signs the user out everywhere.
      await this.users.increment({ id: user.id }, 'token_version', 1);
    }
    await this.users.update({ id: user.id }, patch);
    return this.findOne(actor, user.slug);
  }

  async remove(actor: AuthUser, slug: string): Promise<void> {
    const user = await this.findOne(actor, slug);
    if (user.id === actor.id) throw new UnprocessableError({ id: ['You cannot delete your own account.'] });
    // Deleting signs the user out everywhere at once, as a password change does.
    await this.users.increment({ id: user.id }, 'token_version', 1);
    await this.users.softDelete({ id: user.id });
  }

  private async validate(actor: AuthUser, dto: CreateUserDto, checkPassword: boolean, exceptId?: number) {
    const errors: FieldErrors = {};
    if (checkPassword && dto.password !== dto.password_confirmation) {
      errors.password_confirmation = ['The password confirmation does not match.'];
    }
    const email = dto.email?.toLowerCase();
    if (email) {
      const clash = await this.users
        .createQueryBuilder('u')
        .where('lower(u.email) = :email', { email })
        .andWhere(exceptId ? 'u.id <> :exceptId' : 'TRUE', { exceptId })
        .getExists();
      if (clash) errors.email = ['The email has already been taken.'];
    }
    const role = dto.role_id ? await this.roles.findOneBy({ id: dto.role_id }) : null;
    if (!role) errors.role_id = ['The selected role is invalid.'];
    const branchId = dto.branch_id ?? null;
    if (branchId !== null && !(await this.branches.brief(branchId))) {
      errors.branch_id = ['The selected branch is invalid.'];
    }
    if (role && role.head_office && branchId !== null) errors.branch_id = [`A ${role.title} user has no branch.`];
    if (role && !role.head_office && branchId === null) errors.branch_id = [`A ${role.title} user needs a branch.`];
    // Branch users can only manage users of their own branch, and never head-office roles.
    if (actor.branch_id !== null && (branchId !== actor.branch_id || role?.head_office)) {
      errors.branch_id = ['The selected branch is invalid.'];
    }
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
  }
}

