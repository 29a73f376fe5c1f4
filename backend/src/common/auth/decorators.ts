import { applyDecorators, createParamDecorator, ExecutionContext, Get, HttpCode, Post, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOperation, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ExtractJwt } from 'passport-jwt';
import { Permission } from './permission.enum';

export const PUBLIC_KEY = 'route:public';
export const PERMISSIONS_KEY = 'route:permissions';
export const ACCESS_KEY = 'route:access';

export const NO_PERMISSION = 'You do not have permission to do this.';

/**
 * Who, beyond the permissions, may call a route: head-office users only (no branch) or branch
 * users only. Anyone else gets 403 with `message` (by default the missing-permission one).
 */
export type AccessRule = { headOfficeOnly: true; message?: string } | { branchUsersOnly: true; message?: string };

/** Opens a route to anonymous visitors (the public campaign site). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * A staff read: GET `path` (the controller's own path when ''), behind `access` (permissions,
 * then an optional access rule, as RequirePermissions takes them), described by `summary`.
 */
export const StaffGet = (path: string, summary: string, ...access: Array<Permission | AccessRule>) =>
  applyDecorators(Get(path || '/'), RequirePermissions(...access), ApiOperation({ summary }));

/** A staff write: POST `path` answering 200 (the API's writes all do), behind `access`, described by `summary`. */
export const StaffPost = (path: string, summary: string, ...access: Array<Permission | AccessRule>) =>
  applyDecorators(Post(path || '/'), HttpCode(200), RequirePermissions(...access), ApiOperation({ summary }));

/**
 * A route needing a login and every listed permission, optionally followed by an access rule:
 * `@RequirePermissions(Permission.ReadUser, { headOfficeOnly: true })`. With no permission:
 * any signed-in staff. The global guard checks the permissions first, then the rule.
 */
export const RequirePermissions = (...args: Array<Permission | AccessRule>) => {
  const permissions = args.filter((a): a is Permission => typeof a === 'string');
  const rule = args.find((a): a is AccessRule => typeof a === 'object');
  const who = rule ? ('headOfficeOnly' in rule ? ' (head office only)' : ' (branch users only)') : '';
  return applyDecorators(
    SetMetadata(PERMISSIONS_KEY, permissions),
    SetMetadata(ACCESS_KEY, rule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not signed in' }),
    ApiForbiddenResponse({ description: `Needs: ${permissions.join(', ') || 'a login'}${who}` }),
  );
};

/** The signed-in staff member (AuthUser), or undefined on a public route. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest().user);

/** The bearer token the guard accepted for this request (the scheme in any case). */
const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();
export const BearerToken = createParamDecorator((_: unknown, ctx: ExecutionContext) => bearer(ctx.switchToHttp().getRequest()));
