import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  ThrottlerStorage,
} from '@nestjs/throttler';
import { ConfigService } from '../../config/config.module';
import { deviceCookieKey, readDeviceCookies } from '../auth/device-cookie';
import { TooManyRequestsError } from '../http/errors';
import { addressKey } from './address-key';
import { RateLimitService } from './rate-limit.service';

/** The windows a route may limit (one or two per route); each route names its own limit and ttl. */
export const THROTTLERS = [
  { name: 'short', ttl: 60_000, limit: 0 },
  { name: 'long', ttl: 3_600_000, limit: 0 },
];

/**
 * @nestjs/throttler's guard with four house rules:
 * - only routes that carry @Throttle for a window are counted in it (every public write has
 *   one; other routes cost no database write);
 * - the client is its address as `addressKey` groups it (an IPv6 /64 is one client), except
 *   that a request carrying a valid sign-in device cookie (only the auth routes receive it)
 *   is counted under that account's trusted devices instead: strangers behind the same
 *   carrier NAT or /64 cannot use up the owner's sign-ins (common/auth/device-cookie.ts);
 * - RATE_LIMIT_DISABLED (never in production) turns the route limits off for the load bench;
 * - the refusal is our 429 { message } with a plain Retry-After (the filter writes the header).
 * Counters live in PostgreSQL (RateLimitService), keyed by route, window and client; a route's
 * windows are counted in one statement.
 */
@Injectable()
export class RouteThrottlerGuard extends ThrottlerGuard {
  private readonly deviceKey: Buffer;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly config: ConfigService,
  ) {
    super(options, storage, reflector);
    this.deviceKey = deviceCookieKey(config.get('auth').jwtSecret);
  }

  protected async shouldSkip(): Promise<boolean> {
    return this.config.get('rateLimit').disabled;
  }

  /**
   * The route's windows counted in one statement (RateLimitService.hitMany), where the
   * library's guard writes one per window: a public write's limits cost one round trip.
   * Only the windows the route's @Throttle names are counted; refused when any is spent,
   * with the longest wait.
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip()) return true;
    const targets = [context.getHandler(), context.getClass()];
    const windows = THROTTLERS.flatMap((t) => {
      const limit = this.reflector.getAllAndOverride<number | undefined>(`THROTTLER:LIMIT${t.name}`, targets);
      const ttl = this.reflector.getAllAndOverride<number | undefined>(`THROTTLER:TTL${t.name}`, targets) ?? t.ttl;
      return limit === undefined ? [] : [{ name: t.name, limit, ttl }];
    });
    if (!windows.length) return true;
    const { req } = this.getRequestResponse(context);
    const tracker = await this.getTracker(req);
    const results = await (this.storageService as RateLimitService).hitMany(
      windows.map((w) => ({ key: this.generateKey(context, tracker, w.name), limit: w.limit, windowSeconds: Math.max(1, Math.ceil(w.ttl / 1000)) })),
    );
    const refused = results.filter((r) => !r.allowed);
    if (refused.length) await this.throwThrottlingException(context, { timeToBlockExpire: Math.max(...refused.map((r) => r.retryAfterSeconds)) });
    return true;
  }

  protected async getTracker(req: { ip?: string; headers?: { cookie?: string | string[] } }): Promise<string> {
    const [device] = readDeviceCookies(req.headers?.cookie, this.deviceKey);
    return device ? `device:${device.userId}` : addressKey(req.ip);
  }

  protected generateKey(context: ExecutionContext, tracker: string, name: string): string {
    return `ip:${context.getClass().name}.${context.getHandler().name}:${name}:${tracker}`;
  }

  protected async throwThrottlingException(_context: ExecutionContext, detail: { timeToBlockExpire: number }): Promise<void> {
    throw new TooManyRequestsError('Too many requests. Please try again later.', detail.timeToBlockExpire);
  }
}
