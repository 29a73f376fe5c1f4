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

const MAX_INT4 = 2 ** 31 - 1;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How far in the future a token's `iat` may be (another instance's clock). */
const CLOCK_SKEW_SECONDS = 60;

/** True when a decoded payload has every claim a token of ours carries, of the right type. */
export function isTokenPayload(p: unknown): p is TokenPayload {
  const t = p as Partial<TokenPayload> | null;
  return (
    !!t &&
    // A user id the database can hold: a larger one would break the query (a 500), not answer 401.
    Number.isSafeInteger(t.sub) &&
    t.sub! > 0 &&
    t.sub! <= MAX_INT4 &&
    Number.isSafeInteger(t.tv) &&
    typeof t.jti === 'string' &&
    // A well-formed UUID, as randomUUID() makes it: anything else would break the uuid cast of the denylist check.
    UUID_RE.test(t.jti) &&
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

/**
 * True when a token's lifetime is one the server issues: it says when it was issued (`iat`,
 * not in the future beyond a minute of clock skew) and its `exp` comes after that by at most
 * `maxLifetimeSeconds` (the longest lifetime the login issues: remember me). A token signed
 * with the key but minted with a far-future expiry is refused, and what logout stores stays
 * within the database's timestamps.
 */
export function hasIssuedLifetime(p: TokenPayload, maxLifetimeSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const { iat, exp } = p;
  return (
    typeof iat === 'number' &&
    Number.isFinite(iat) &&
    iat <= nowSeconds + CLOCK_SKEW_SECONDS &&
    exp > iat &&
    exp - iat <= maxLifetimeSeconds
  );
}

/** The longest lifetime a login issues (remember me): a token living longer was not made by a login. */
export function maxIssuedLifetime(auth: { expiresIn: number; rememberExpiresIn: number }): number {
  return Math.max(auth.expiresIn, auth.rememberExpiresIn);
}
