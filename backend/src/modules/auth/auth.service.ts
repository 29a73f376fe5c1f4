import { randomUUID } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser } from '../../common/auth/auth-user';
import { isTokenPayload, loadAuthUser, TokenPayload } from '../../common/auth/session';
import { TooManyRequestsError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ConfigService } from '../../config/config.module';
import { BranchService } from '../branch/branch.service';
import { UserService } from '../user/user.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { dummyHash, hashPassword, verifyPassword } from './password';

/** The password change's expected failures; the table's keys are the codes. */
const AUTH_FAILURES = new Failures({
  ConfirmationMismatch: { status: 422, field: 'password_confirmation', message: 'The password confirmation does not match.' },
  CurrentPasswordWrong: { status: 422, field: 'current_password', message: 'The current password is incorrect.' },
});

/** Per (email, address): 5 failures in 15 minutes refuse that address for the rest of the window. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Per account, whatever the address: failures within an hour are counted, and from the 10th
 * on each failure makes the account wait before the next try, 30 s doubling per failure up
 * to 5 minutes. A stranger guessing from many addresses gets a handful of guesses an hour;
 * the real user, once the stranger stops, waits at most 5 minutes (never a long lockout).
 */
const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_WINDOW_SECONDS = 3600;
const ACCOUNT_FIRST_DELAY_SECONDS = 30;
const ACCOUNT_MAX_DELAY_SECONDS = 5 * 60;

export function accountDelaySeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_SECONDS, ACCOUNT_FIRST_DELAY_SECONDS * 2 ** Math.min(failures - ACCOUNT_FREE_FAILURES, 10));
}

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

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
    const accountKey = `login-account:${email}`;
    const delayKey = `login-delay:${email}`;
    const failures = await this.limits.peek(failKey);
    if (failures.hits >= MAX_FAILURES) throw new TooManyRequestsError(TOO_MANY_LOGINS, failures.retryAfterSeconds);
    // A delayed account is refused before its password is compared, from every address.
    const delay = await this.limits.peek(delayKey);
    if (delay.hits > 0) throw new TooManyRequestsError(TOO_MANY_LOGINS, delay.retryAfterSeconds);
    const row = await this.users.credentials(email);
    const ok = await verifyPassword(row?.password ?? (await dummyHash()), dto.password);
    if (!row || !ok) {
      await this.limits.hit(failKey, MAX_FAILURES, FAILURE_WINDOW_SECONDS);
      const account = await this.limits.hit(accountKey, ACCOUNT_FREE_FAILURES, ACCOUNT_WINDOW_SECONDS);
      const wait = accountDelaySeconds(account.hits);
      if (wait) await this.limits.hold(delayKey, wait);
      throw new UnauthorizedException('Invalid Credentials');
    }
    await Promise.all([this.limits.reset(failKey), this.limits.reset(accountKey)]);
    const expiresIn = dto.remember_me ? this.config.get('auth').rememberExpiresIn : this.config.get('auth').expiresIn;
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = { sub: row.id, tv: row.token_version, jti: randomUUID() };
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

  /**
   * Ends the session of this token: its id goes on the denylist until the token would have
   * expired, so every instance refuses it from the next request. Expired entries are pruned here.
   */
  async logout(token: string): Promise<void> {
    const payload = this.jwt.decode<unknown>(token);
    if (!isTokenPayload(payload)) throw new UnauthorizedException('Unauthenticated.');
    await this.dataSource.query(
      `WITH pruned AS (DELETE FROM revoked_token WHERE expires_at < now())
       INSERT INTO revoked_token (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
      [payload.jti, payload.exp],
    );
  }

  /** Changes one's own password and revokes every token issued before. */
  async changePassword(user: AuthUser, dto: ChangePasswordDto): Promise<void> {
    if (dto.password !== dto.password_confirmation) {
      throw AUTH_FAILURES.fail('ConfirmationMismatch');
    }
    const hash = await this.users.passwordHash(user.id);
    if (!hash || !(await verifyPassword(hash, dto.current_password))) {
      throw AUTH_FAILURES.fail('CurrentPasswordWrong');
    }
    await this.users.setPasswordHash(user.id, await hashPassword(dto.password));
  }
}
