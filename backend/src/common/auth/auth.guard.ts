import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { AuthUser } from './auth-user';
import { PERMISSIONS_KEY, PUBLIC_KEY } from './decorators';
import { Permission } from './permission.enum';

export interface TokenPayload {
  sub: number;
  tv: number;
}

/**
 * The one global guard. A route is public (@Public), or needs a valid bearer token
 * and every permission named by @RequirePermissions. The token is HS256 only, must
 * not be expired, and must carry the user's current token version (a password change
 * bumps it, revoking older tokens).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest();
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets);
    if (isPublic) {
      // Public routes still learn who is calling when a valid token is sent.
      request.user = await this.userFromRequest(request).catch(() => undefined);
      return true;
    }
    const user = await this.userFromRequest(request);
    if (!user) throw new UnauthorizedException('Unauthenticated.');
    request.user = user;
    const needed = this.reflector.getAllAndOverride<Permission[]>(PERMISSIONS_KEY, targets) ?? [];
    if (!needed.every((p) => user.permissions.includes(p))) {
      throw new ForbiddenException('You do not have permission to do this.');
    }
    return true;
  }

  private async userFromRequest(request: { headers: Record<string, string | undefined> }): Promise<AuthUser | undefined> {
    const header = request.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) return undefined;
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token, { algorithms: ['HS256'] });
    } catch {
      throw new UnauthorizedException('Unauthenticated.');
    }
    const user = await loadAuthUser(this.dataSource, payload.sub);
    if (!user || user.tokenVersion !== payload.tv) throw new UnauthorizedException('Unauthenticated.');
    return user.authUser;
  }
}

/** Loads a user with role and permissions in one query; shared by the guard and the login. */
export async function loadAuthUser(
  dataSource: DataSource,
  id: number,
): Promise<{ authUser: AuthUser; tokenVersion: number } | undefined> {
  const rows = await dataSource.query(
    `SELECT u.id, u.slug, u.name, u.email, u.branch_id, u.role_id, u.token_version, r.title AS role, r.permissions
       FROM "user" u JOIN role r ON r.id = u.role_id
      WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    tokenVersion: row.token_version,
    authUser: {
      id: row.id,
      slug: row.slug,
      name: row.name,
      email: row.email,
      branch_id: row.branch_id,
      role_id: row.role_id,
      role: row.role,
      permissions: row.permissions,
      isAdmin: row.branch_id === null,
    },
  };
}
