import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ConfigService } from '../../config/config.module';
import { TooManyRequestsError } from '../http/errors';
import { RateLimitService } from './rate-limit.service';

export interface RateLimitRule {
  /** Counter name; defaults to the route's handler name. */
  name?: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMIT_KEY = 'route:rate-limit';

/** Per-address limit on a route (every public write has one). Several rules may stack. */
export const RateLimit = (...rules: RateLimitRule[]) => SetMetadata(RATE_LIMIT_KEY, rules);

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
    private readonly config: ConfigService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<RateLimitRule[]>(RATE_LIMIT_KEY, context.getHandler());
    // RATE_LIMIT_DISABLED (never in production): one loopback address drives the load bench.
    if (!rules?.length || this.config.get('rateLimit').disabled) return true;
    const req = context.switchToHttp().getRequest();
    const ip = req.ip ?? 'unknown';
    for (const rule of rules) {
      const name = rule.name ?? `${context.getClass().name}.${context.getHandler().name}`;
      const r = await this.limits.hit(`ip:${name}:${rule.windowSeconds}:${ip}`, rule.limit, rule.windowSeconds);
      if (!r.allowed) throw new TooManyRequestsError('Too many requests. Please try again later.', r.retryAfterSeconds);
    }
    return true;
  }
}
