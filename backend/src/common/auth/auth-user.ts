import { Permission } from './permission.enum';

/** The signed-in staff member as every guard, service and scope helper sees it. */
export interface AuthUser {
  id: number;
  slug: string;
  name: string;
  email: string;
  branch_id: number | null;
  role_id: number;
  role: string;
  permissions: Permission[];
  isAdmin: boolean;
}

export function hasPermission(user: AuthUser | undefined, permission: Permission): boolean {
  return !!user && user.permissions.includes(permission);
}
