import { createHmac, randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { parseNepalMobile } from '@campaign/domain';
import { DataSource } from 'typeorm';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser } from '../../common/auth/auth-user';
import { deviceCookieFor, deviceCookieKey, issueDeviceCookie } from '../../common/auth/device-cookie';
import { hasIssuedLifetime, isTokenPayload, loadAuthUser, maxIssuedLifetime, TokenPayload } from '../../common/auth/session';
import { RevokedTokenRepository } from '../../repositories/revoked-token.repository';
import { SigninCodeRepository } from '../../repositories/signin-code.repository';
import { TooManyRequestsError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ConfigService } from '../../config/config.module';
import { BranchService } from '../branch/branch.service';
import { CAPTCHA_FIELD, CaptchaService } from '../captcha/captcha.service';
import { codesMatch, newOtp } from '../../common/otp';
import { SmsService } from '../sms/sms.service';
import { UserService } from '../user/user.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { addressKey } from '../../common/rate-limit/address-key';
import { dummyHash, hashPassword, untrustedHashes, verifyPassword } from '../../common/auth/password';

/** The password change's expected failures; the table's keys are the codes. */
const AUTH_FAILURES = new Failures({
  ConfirmationMismatch: { status: 422, field: 'password_confirmation', message: 'The password confirmation does not match.' },
  CurrentPasswordWrong: { status: 422, field: 'current_password', message: 'The current password is incorrect.' },
});

/**
 * Sign-in without lockout (OWASP's device cookies; ASVS 5.0 6.1.1, 6.3.1). No rule refuses the
 * right password for the account's sake from a browser that has signed in before, and no rule
 * refuses an untrusted browser outright (but the phoneless, captcha-less fallback below):
 * - A browser holding a valid device cookie for the account (common/auth/device-cookie.ts) is
 *   limited on its own: 5 wrong passwords an hour per cookie; past that it counts as untrusted.
 * - Every other attempt (no cookie, another account's, an altered or expired one) shares the
 *   account's budget for untrusted attempts: 10 wrong passwords an hour, from any address.
 * - Once that budget is spent, an untrusted browser signs in with the password plus a second
 *   step: a code sent by SMS to the phone on file (sent only after the right password, at most
 *   once a minute and 10 times a day per account; 10 minutes, 5 tries); for an account without
 *   a Nepal mobile on file, the captcha when one is configured; else the old per-account delay
 *   (30 s doubling to 5 minutes), which refuses untrusted browsers only.
 * - The SMS step answers the same whether the password was right or not (no oracle for
 *   guessing past the budget), and the same for an unknown email.
 * Every successful sign-in sets a fresh device cookie: the browser is trusted from then on.
 * The per-address limit of the route (30 a minute, @Throttle) stays; a request with a valid
 * device cookie is counted under its account's devices there, not its address.
 */
const WINDOW_SECONDS = 3600;
export const DEVICE_FAILURES = 5;
export const UNTRUSTED_FAILURES = 10;
/** The sign-in code: its life, tries, the wait between two and how many a day per account. */
export const SIGNIN_CODE = { ttlSeconds: 600, maxAttempts: 5, resendSeconds: 60, perDay: 10 } as const;
/** The fallback delay (no phone, no captcha): from the 10th failure of the hour, 30 s doubling per failure up to 5 minutes. */
const DELAY_FIRST_SECONDS = 30;
const DELAY_MAX_SECONDS = 5 * 60;

export function accountDelaySeconds(failures: number): number {
  if (failures < UNTRUSTED_FAILURES) return 0;
  return Math.min(DELAY_MAX_SECONDS, DELAY_FIRST_SECONDS * 2 ** Math.min(failures - UNTRUSTED_FAILURES, 10));
}

const INVALID_CREDENTIALS = 'Invalid Credentials';
const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
export const STEP_UP_MESSAGES = {
  smsSent:
    'This browser has not signed in to this account before and the account has had many failed sign-ins. If the password is right, a sign-in code has been sent by SMS to the phone on file: enter it with your password.',
  codeWrong: 'The password or the code is incorrect. To get a new code, sign in with the password alone.',
  captcha: 'This account has had many failed sign-ins. Please complete the captcha and sign in again.',
} as const;

/** The answer that asks for the second step: 401 { message, step_up }. */
export class StepUpRequired extends HttpException {
  constructor(
    public readonly step: 'sms' | 'captcha',
    message: string,
  ) {
    super({ message, step_up: step }, HttpStatus.UNAUTHORIZED);
  }
}

export interface LoginResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: SessionUser;
}

/** A sign-in's answer and the device cookie that makes its browser trusted. */
export interface SignedIn {
  answer: LoginResponse;
  device: ReturnType<typeof issueDeviceCookie>;
}

export type SessionUser = Omit<AuthUser, 'role' | 'role_id'> & {
  role: { id: number; title: string };
  branch: { id: number; title: string } | null;
};

type Credentials = NonNullable<Awaited<ReturnType<UserService['credentials']>>>;

@Injectable()
export class AuthService {
  private readonly deviceKey: Buffer;
  private readonly codeKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly limits: RateLimitService,
    private readonly config: ConfigService,
    private readonly users: UserService,
    private readonly branches: BranchService,
    private readonly captcha: CaptchaService,
    private readonly sms: SmsService,
    private readonly codes: SigninCodeRepository,
    private readonly revoked: RevokedTokenRepository,
  ) {
    const secret = config.get('auth').jwtSecret;
    this.deviceKey = deviceCookieKey(secret);
    this.codeKey = createHmac('sha256', secret).update('signin-code/v1').digest();
  }

  /** `cookies` is the request's Cookie header (its device cookies); `ip` goes to the captcha check and names the address's turn in `untrustedHashes`. */
  async login(dto: LoginDto, ip: string, cookies: string | string[] | undefined): Promise<SignedIn> {
    const email = dto.email.trim().toLowerCase();
    const row = await this.users.credentials(email);
    const device = row ? deviceCookieFor(cookies, this.deviceKey, row.id) : undefined;
    if (row && device) {
      const deviceKey = `signin-device:${row.id}:${device.nonce}`;
      // Counted before the password is compared, so a burst of parallel tries cannot pass the budget; a success clears it.
      if ((await this.limits.hit(deviceKey, DEVICE_FAILURES, WINDOW_SECONDS)).allowed) {
        if (!(await verifyPassword(row.password, dto.password))) throw new UnauthorizedException(INVALID_CREDENTIALS);
        await this.limits.reset(deviceKey);
        return this.signIn(row, dto);
      }
      // This device has spent its own budget: from here on it is one more untrusted browser.
    }
    return this.untrusted(dto, email, row, ip);
  }

  /** A sign-in from a browser without a (usable) device cookie for the account. */
  private async untrusted(dto: LoginDto, email: string, row: Credentials | undefined, ip: string): Promise<SignedIn> {
    const budgetKey = `signin-untrusted:${email}`;
    const delayKey = `signin-delay:${email}`;
    const phone = row?.phone ? parseNepalMobile(row.phone) : null;
    // An unknown email answers as an account with a phone would (its code is never sent).
    const step: 'sms' | 'captcha' | 'delay' = phone || !row ? 'sms' : this.captcha.enabled ? 'captcha' : 'delay';

    if (step === 'delay') {
      // The fallback: a delayed account is refused before its password is compared (untrusted browsers only).
      const delay = await this.limits.peek(delayKey);
      if (delay.hits > 0) throw new TooManyRequestsError(TOO_MANY_LOGINS, delay.retryAfterSeconds);
    }
    // Each try is counted before the password is compared (a burst of parallel tries cannot
    // pass the budget); a success takes its count back, so the budget counts failures.
    const attempt = await this.limits.hit(budgetKey, UNTRUSTED_FAILURES, WINDOW_SECONDS);
    const spent = !attempt.allowed;
    if (spent && step === 'captcha' && !(await this.captcha.verify(dto[CAPTCHA_FIELD], ip))) {
      throw new StepUpRequired('captcha', STEP_UP_MESSAGES.captcha);
    }
    const hash = row?.password ?? (await dummyHash());
    const ok = (await untrustedHashes.run(addressKey(ip), () => verifyPassword(hash, dto.password))) && !!row;

    if (!spent || step !== 'sms') {
      if (!ok || !row) {
        if (step === 'delay') {
          const wait = accountDelaySeconds(attempt.hits);
          if (wait) await this.limits.hold(delayKey, wait);
        }
        // From the budget's end on, the answer says that the next try needs the captcha.
        if (step === 'captcha' && attempt.hits >= UNTRUSTED_FAILURES) throw new StepUpRequired('captcha', INVALID_CREDENTIALS);
        throw new UnauthorizedException(INVALID_CREDENTIALS);
      }
      await this.limits.release(budgetKey);
      return this.signIn(row, dto);
    }

    // The SMS step: the same answers whether the password was right or not.
    const code = dto.code?.trim();
    if (!code) {
      if (ok && row && phone) await this.sendCode(row.id, phone);
      throw new StepUpRequired('sms', STEP_UP_MESSAGES.smsSent);
    }
    if (!ok || !row || !(await this.takeCode(row.id, code))) throw new StepUpRequired('sms', STEP_UP_MESSAGES.codeWrong);
    await this.limits.release(budgetKey);
    return this.signIn(row, dto);
  }

  private async signIn(row: Credentials, dto: LoginDto): Promise<SignedIn> {
    const expiresIn = dto.remember_me ? this.config.get('auth').rememberExpiresIn : this.config.get('auth').expiresIn;
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = { sub: row.id, tv: row.token_version, jti: randomUUID() };
    const access_token = await this.jwt.signAsync(payload, { expiresIn, algorithm: 'HS256' });
    const answer: LoginResponse = { access_token, token_type: 'bearer', expires_in: expiresIn, user: await this.sessionUser(row.id) };
    return { answer, device: issueDeviceCookie(this.deviceKey, row.id, this.config.get('app').env === 'production') };
  }

  private codeHash(userId: number, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${userId}:${code}`).digest('hex');
  }

  /**
   * A new sign-in code by SMS (through the outbox, with the code's row in one transaction),
   * unless one went to this account within the minute (that one stays valid) or the day's
   * codes are spent. Only ever called after the right password.
   */
  private async sendCode(userId: number, phone: string): Promise<void> {
    const minute = await this.limits.hit(`signin-code:${SIGNIN_CODE.resendSeconds}:${userId}`, 1, SIGNIN_CODE.resendSeconds);
    if (!minute.allowed) return;
    const day = await this.limits.hit(`signin-code:86400:${userId}`, SIGNIN_CODE.perDay, 86400);
    if (!day.allowed) return;
    const code = newOtp();
    await this.dataSource.transaction(async () => {
      await this.codes.put(userId, this.codeHash(userId, code), SIGNIN_CODE.ttlSeconds);
      await this.sms.queue([
        {
          phone,
          kind: 'signin',
          text: `Your sign-in code is ${code}. It works for ${SIGNIN_CODE.ttlSeconds / 60} minutes. If you did not just sign in, change your password.`,
        },
      ]);
    });
  }

  /** Whether `code` is the account's live code; each try counts (5 at most), the right one is used up. */
  private async takeCode(userId: number, code: string): Promise<boolean> {
    const hash = await this.codes.tryLive(userId, SIGNIN_CODE.maxAttempts);
    if (!hash || !codesMatch(hash, this.codeHash(userId, code))) return false;
    await this.codes.remove(userId);
    return true;
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
    // The guard has verified this token already; an odd one still answers 401, never a 500.
    let payload: unknown;
    try {
      payload = this.jwt.decode<unknown>(token);
    } catch {
      payload = null;
    }
    if (!isTokenPayload(payload) || !hasIssuedLifetime(payload, maxIssuedLifetime(this.config.get('auth')))) throw new UnauthorizedException('Unauthenticated.');
    await this.revoked.revoke(payload.jti, payload.exp);
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
