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
  // Catalogue: branches, bike models, videos, files, settings, geography.
  'GET /api/v1/branches': 'public',
  'GET /api/v1/branch': [P.ReadBranch],
  'GET /api/v1/branch/export': [P.ReadBranch],
  'GET /api/v1/branch-stats': [P.ReadBranch],
  'GET /api/v1/branch/:slug': [P.ReadBranch],
  'POST /api/v1/branch': [P.CreateBranch],
  'POST /api/v1/branch/:slug': [P.UpdateBranch],
  'DELETE /api/v1/branch/:slug': [P.UpdateBranch],
  'GET /api/v1/bike-models': 'public',
  'GET /api/v1/bike-model': [P.ReadBikeModel],
  'GET /api/v1/bike-model/:slug': [P.ReadBikeModel],
  'POST /api/v1/bike-model': [P.CreateBikeModel],
  'POST /api/v1/bike-model/:slug': [P.UpdateBikeModel],
  'DELETE /api/v1/bike-model/:slug': [P.UpdateBikeModel],
  'GET /api/v1/videos': 'public',
  'GET /api/v1/video': [P.ReadVideo],
  'GET /api/v1/video/:id': [P.ReadVideo],
  'POST /api/v1/video': [P.CreateVideo],
  'POST /api/v1/video/:id': [P.UpdateVideo],
  'DELETE /api/v1/video/:id': [P.UpdateVideo],
  'GET /api/v1/file': 'login',
  'POST /api/v1/upload': 'login',
  'GET /api/v1/settings': 'public',
  'GET /api/v1/setting': [P.UpdateSettings],
  'PATCH /api/v1/setting': [P.UpdateSettings],
  'GET /api/v1/geography': 'public',
  // Test rides and the referrer report.
  'POST /api/v1/test-ride': 'public',
  'GET /api/v1/test-ride': 'login',
  'GET /api/v1/test-ride/download': 'login',
  'GET /api/v1/test-ride/:slug': 'login',
  'DELETE /api/v1/test-ride/:slug': 'login',
  'GET /api/v1/referrer': [P.ReadRegistration],
  'POST /api/v1/referrer/:id': [P.UpdateRegistration],
  // Campaign: the prize scheme.
  'GET /api/v1/allocation': [P.ManageAllocation],
  'POST /api/v1/allocation': [P.ManageAllocation],
  'DELETE /api/v1/allocation/:id': [P.ManageAllocation],
};
