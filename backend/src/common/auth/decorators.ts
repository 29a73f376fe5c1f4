import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Permission } from './permission.enum';

export const PUBLIC_KEY = 'route:public';
export const PERMISSIONS_KEY = 'route:permissions';

/** Opens a route to anonymous visitors (the public campaign site). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** A route needing a login and every listed permission. With no permission: any signed-in staff. */
export const RequirePermissions = (...permissions: Permission[]) =>
  applyDecorators(
    SetMetadata(PERMISSIONS_KEY, permissions),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not signed in' }),
    ApiForbiddenResponse({ description: `Needs: ${permissions.join(', ') || 'a login'}` }),
  );

/** The signed-in staff member (AuthUser), or undefined on a public route. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest().user);
