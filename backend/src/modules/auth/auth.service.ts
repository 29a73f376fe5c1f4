import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { loadAuthUser, TokenPayload } from '../../common/auth/auth.guard';
import { fieldError, TooManyRequestsError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ConfigService } from '../../config/config.module';
import { BranchService } from '../branch/branch.service';
import { UserService } from '../user/user.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { dummyHash, hashPassword, verifyPassword } from './password';

const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

export interface LoginResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: SessionUser;
}

export type SessionUser = Omit<AuthUser, 'role' | 'role_id'> & {
  role: { id: number; title: string };
  branch: { id: number; title: string } | null;
};

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly limits: RateLimitService,
    private readonly config: ConfigService,
    private readonly users: UserService,
    private readonly branches: BranchService,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const email = dto.email.trim().toLowerCase();
    const failKey = `login-fail:${email}:${ip}`;
    const failures = await this.limits.peek(failKey);
    if (failures.hits >= MAX_FAILURES) {
      throw new TooManyRequestsError('Too many login attempts. Please try again later.', failures.retryAfterSeconds);
    }
    const row = await this.users.credentials(email);
    const ok = await verifyPassword(row?.password ?? (await dummyHash()), dto.password);
    if (!row || !ok) {
      await this.limits.hit(failKey, MAX_FAILURES, FAILURE_WINDOW_SECONDS);
      throw new UnauthorizedException('Invalid Credentials');
    }
    await this.limits.reset(failKey);
    const expiresIn = dto.remember_me ? this.config.get('auth').rememberExpiresIn : this.config.get('auth').expiresIn;
    const payload: TokenPayload = { sub: row.id, tv: row.token_version };
    const access_token = await this.jwt.signAsync(payload, { expiresIn, algorithm: 'HS256' });
    return { access_token, token_type: 'bearer', expires_in: expiresIn, user: await this.sessionUser(row.id) };
  }

  async sessionUser(id: number): Promise<SessionUser> {
    const loaded = await loadAuthUser(this.dataSource, id);
    if (!loaded) throw new UnauthorizedException('Unauthenticated.');
    const { role, role_id, ...rest } = loaded.authUser;
    const branch = rest.branch_id ? await this.branches.brief(rest.branch_id) : undefined;
    return { ...rest, role: { id: role_id, title: role }, branch: branch ? { id: branch.id, title: branch.title } : null };
  }

  /** Changes one's own password and revokes every token issued before. */
  async changePassword(user: AuthUser, dto: ChangePasswordDto): Promise<void> {
    if (dto.password !== dto.password_confirmation) {
      throw fieldError('password_confirmation', 'The password confirmation does not match.');
    }
    const hash = await this.users.passwordHash(user.id);
    if (!hash || !(await verifyPassword(hash, dto.current_password))) {
      throw fieldError('current_password', 'The current password is incorrect.');
    }
    await this.users.setPasswordHash(user.id, await hashPassword(dto.password));
  }
}
