import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { assertInBranch } from '../../common/auth/branch-scope';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { PageQuery, paginate, TableSpec } from '../../common/paging/paging';
import { newSlug } from '../../common/slug';
import { hashPassword } from '../../common/auth/password';
import { RoleRepository } from '../../repositories/role.repository';
import { UserRepository } from '../../repositories/user.repository';
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
    private readonly users: UserRepository,
    private readonly roles: RoleRepository,
    private readonly branches: BranchService,
  ) {}

  /** What signing in checks: a live user's id, password hash, token version and phone on file (for the sign-in code) by email (any case). */
  credentials(email: string): Promise<{ id: number; password: string; token_version: number; phone: string | null } | undefined> {
    return this.users.credentials(email);
  }

  /** A user's password hash (for the change-password check). */
  passwordHash(id: number): Promise<string | undefined> {
    return this.users.passwordHash(id);
  }

  /** Sets a new password hash and revokes every token issued before (token_version). */
  setPasswordHash(id: number, hash: string): Promise<void> {
    return this.users.setPasswordHash(id, hash);
  }

  private query(actor: AuthUser) {
    return this.users.scoped(actor);
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
    const saved = await this.users.insert({
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
    });
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
      await this.users.revokeTokens(user.id);
    }
    await this.users.patch(user.id, patch);
    return this.findOne(actor, user.slug);
  }

  async remove(actor: AuthUser, slug: string): Promise<void> {
    const user = await this.findOne(actor, slug);
    if (user.id === actor.id) throw new UnprocessableError({ id: ['You cannot delete your own account.'] });
    // Deleting signs the user out everywhere at once, as a password change does.
    await this.users.revokeTokens(user.id);
    await this.users.softDelete(user.id);
  }

  private async validate(actor: AuthUser, dto: CreateUserDto, checkPassword: boolean, exceptId?: number) {
    const errors: FieldErrors = {};
    if (checkPassword && dto.password !== dto.password_confirmation) {
      errors.password_confirmation = ['The password confirmation does not match.'];
    }
    const email = dto.email?.toLowerCase();
    if (email) {
      if (await this.users.emailTaken(email, exceptId)) errors.email = ['The email has already been taken.'];
    }
    const role = dto.role_id ? await this.roles.find(dto.role_id) : null;
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

