import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { RateLimitService } from './rate-limit.service';
import { THROTTLERS } from './route-throttler.guard';

@Module({ providers: [RateLimitService], exports: [RateLimitService] })
class RateLimitStoreModule {}

/**
 * The counters (RateLimitService) and @nestjs/throttler on top of them: one PostgreSQL table
 * serves the @Throttle route limits and the domain counters.
 */
@Global()
@Module({
  imports: [
    RateLimitStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStoreModule],
      inject: [RateLimitService],
      useFactory: (storage: RateLimitService) => ({ throttlers: THROTTLERS, storage, setHeaders: false }),
    }),
  ],
  exports: [RateLimitStoreModule, ThrottlerModule],
})
export class RateLimitModule {}
