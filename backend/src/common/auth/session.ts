import { DataSource } from 'typeorm';
import { AuthUser } from './auth-user';

/**
 * What a token carries: the user (`sub`), the user's token version when it was issued (`tv`:
 * a password change, a deletion or an admin's new password bumps it and so revokes every
 * older token), its own id (`jti`: POST /auth/logout puts it on the denylist) and `exp`.
 */
export interface TokenPayload {
  sub: number;
  tv: number;
  jti: string;
  exp: number;
  iat?: number;
}

/** True when a decoded payload has every claim a token of ours carries, of the right type. */
export function isTokenPayload(p: unknown): p is TokenPayload {
  const t = p as Partial<TokenPayload> | null;
  return (
    !!t &&
    Number.isSafeInteger(t.sub) &&
    Number.isSafeInteger(t.tv) &&
    typeof t.jti === 'string' &&
    /^[0-9a-f-]{36}$/.test(t.jti) &&
    // A token without exp would never end: refused even when well signed.
    typeof t.exp === 'number' &&
    Number.isFinite(t.exp)
  );
}

/**
 * Loads a live (not deleted) user with role, permissions and branch in one query; with `jti`,
 * also whether that token was revoked by a logout. Shared by the JWT strategy and the login.
 */
export async function loadAuthUser(
  dataSource: DataSource,
  id: number,
  jti?: string,
): Promise<{ authUser: AuthUser; tokenVersion: number; revoked: boolean } | undefined> {
  const rows = await dataSource.query(
    `SELECT u.id, u.slug, u.name, u.email, u.branch_id, u.role_id, u.token_version, r.title AS role, r.permissions,
            ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM revoked_token t WHERE t.jti = $2::uuid)) AS revoked
       FROM "user" u JOIN role r ON r.id = u.role_id
      WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [id, jti ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    tokenVersion: row.token_version,
    revoked: row.revoked,
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
