import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { AuthUser } from './auth-user';
import { ACCESS_KEY, AccessRule, NO_PERMISSION, PERMISSIONS_KEY, PUBLIC_KEY } from './decorators';
import { JwtStrategy, markRequest } from './jwt.strategy';
import { Permission } from './permission.enum';

/**
 * The one global guard. A route is public (@Public), or needs a valid bearer token (the
 * JwtStrategy) and every permission named by @RequirePermissions, then its access rule (head
 * office only, branch users only). Missing, expired, forged, `alg: none`, revoked tokens and
 * deleted users all answer 401 { message: 'Unauthenticated.' }. Signed-in answers are never
 * stored by a browser or proxy (Cache-Control: no-store): they carry customers' data.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    markRequest(request, this.strategy);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) {
      // Public routes still learn who is calling when a valid token is sent.
      if (request.headers.authorization) {
        try {
          await super.canActivate(context);
        } catch {
          request.user = undefined;
        }
      }
      return true;
    }
    await super.canActivate(context);
    const user = request.user!;
    const needed = this.reflector.getAllAndOverride<Permission[]>(PERMISSIONS_KEY, targets) ?? [];
    if (!needed.every((p) => user.permissions.includes(p))) throw new ForbiddenException(NO_PERMISSION);
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, targets);
    if (rule && ('headOfficeOnly' in rule ? !user.isAdmin : user.isAdmin)) throw new ForbiddenException(rule.message ?? NO_PERMISSION);
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    return true;
  }

  handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false): TUser {
    if (err && !(err instanceof UnauthorizedException)) throw err;
    if (!user) throw new UnauthorizedException('Unauthenticated.');
    return user;
  }
}
