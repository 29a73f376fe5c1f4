import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { JwtStrategy } from './jwt.strategy';

/** Passport and the JWT strategy the global JwtAuthGuard authenticates with. */
@Global()
@Module({ imports: [PassportModule], providers: [JwtStrategy], exports: [JwtStrategy] })
export class AuthCoreModule {}
