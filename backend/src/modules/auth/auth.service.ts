import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { loadAuthUser, TokenPayload } from '../../common/auth/auth.guard';
import { fieldError, TooManyRequestsError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ConfigService } from '../../config/config.module';
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
  ) {}

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const email = dto.email.trim().toLowerCase();
    const failKey = `login-fail:${email}:${ip}`;
    const failures = await this.limits.peek(failKey);
    if (failures.hits >= MAX_FAILURES) {
      throw new TooManyRequestsError('Too many login attempts. Please try again later.', failures.retryAfterSeconds);
    }
    const [row] = await this.dataSource.query(
      `SELECT id, password, token_version FROM "user" WHERE lower(email) = $1 AND deleted_at IS NULL`,
      [email],
    );
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
    const [branch] = rest.branch_id
      ? await this.dataSource.query(`SELECT id, title FROM branch WHERE id = $1`, [rest.branch_id])
      : [null];
    return { ...rest, role: { id: role_id, title: role }, branch: branch ?? null };
  }

  /** Changes one's own password and revokes every token issued before. */
  async changePassword(user: AuthUser, dto: ChangePasswordDto): Promise<void> {
    if (dto.password !== dto.password_confirmation) {
      throw fieldError('password_confirmation', 'The password confirmation does not match.');
    }
    const [row] = await this.dataSource.query(`SELECT password FROM "user" WHERE id = $1`, [user.id]);
    if (!row || !(await verifyPassword(row.password, dto.current_password))) {
      throw fieldError('current_password', 'The current password is incorrect.');
    }
    await this.dataSource.query(
      `UPDATE "user" SET password = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1`,
      [user.id, await hashPassword(dto.password)],
    );
  }
}
