import { Permission as P } from '../src/common/auth/permission.enum';

/**
 * Every API route and what it needs: 'public', 'login' (any signed-in staff), or the
 * permissions. The guard test drives every row, and fails when the app has a route
 * this table does not list (or lists a route the app no longer has).
 */
export const ROUTE_PERMISSIONS: Record<string, 'public' | 'login' | P[]> = {
  'GET /api/v1/health': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/me': 'login',
  'POST /api/v1/auth/password': 'login',
  'GET /api/v1/user': [P.ReadUser],
  'GET /api/v1/user/:id': [P.ReadUser],
  'POST /api/v1/user': [P.CreateUser],
  'POST /api/v1/user/:id': [P.UpdateUser],
  'DELETE /api/v1/user/:id': [P.UpdateUser],
  'GET /api/v1/role': [P.ReadUser],
};
