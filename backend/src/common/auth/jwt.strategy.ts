import { Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { DataSource } from 'typeorm';
import { ConfigService } from '../../config/config.module';
import { AuthUser } from './auth-user';
import { jwtKey } from './jwt-key';
import { hasIssuedLifetime, isTokenPayload, loadAuthUser, maxIssuedLifetime } from './session';

const OWNER = Symbol('jwt-strategy-of-request');
type MarkedRequest = { [OWNER]?: JwtStrategy };

/**
 * Passport keeps one strategy per name for the whole process, so with two apps in one process
 * (the tests) the last one built would verify every app's tokens with its key and database.
 * The guard marks each request with its own app's strategy; verification uses that one.
 */
export function markRequest(req: object, strategy: JwtStrategy): void {
  (req as MarkedRequest)[OWNER] = strategy;
}
function ownerOf(req: MarkedRequest): JwtStrategy {
  const owner = req[OWNER];
  if (!owner) throw new Error('JwtStrategy used without JwtAuthGuard');
  return owner;
}

/**
 * A bearer token (the scheme matched case-insensitively; never a query string or cookie),
 * HS256 only (`none` and every other algorithm refused), signed with JWT_SECRET, not expired
 * and not before its nbf. `validate` then requires every claim we issue (a token without exp
 * is refused) and a lifetime (exp - iat) no longer than a login issues, loads the live user
 * with role, permissions and branch, and refuses a deleted user, a token issued before the
 * user's token version was bumped, and a logged-out token.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly secret: KeyObject;
  /** The longest lifetime a login issues (remember me): a token living longer was not made by a login. */
  private readonly maxLifetime: number;

  constructor(
    config: ConfigService,
    private readonly dataSource: DataSource,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // passport-jwt hands the key to jsonwebtoken as it is; its types predate key objects.
      secretOrKeyProvider: (req: MarkedRequest, _raw: unknown, done: (err: unknown, key?: string) => void) =>
        done(null, ownerOf(req).secret as unknown as string),
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
    this.secret = jwtKey(config.get('auth').jwtSecret);
    this.maxLifetime = maxIssuedLifetime(config.get('auth'));
  }

  /** Falsy answers 401 'Unauthenticated.' (the guard's handleRequest); a thrown error passes on (a database outage is a 503). */
  validate(req: MarkedRequest, payload: unknown): Promise<AuthUser | null> {
    return ownerOf(req).check(payload);
  }

  private async check(payload: unknown): Promise<AuthUser | null> {
    if (!isTokenPayload(payload) || !hasIssuedLifetime(payload, this.maxLifetime)) return null;
    const loaded = await loadAuthUser(this.dataSource, payload.sub, payload.jti);
    if (!loaded || loaded.revoked || loaded.tokenVersion !== payload.tv) return null;
    return loaded.authUser;
  }
}
