import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ClockModule } from './common/clock';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthCoreModule } from './common/auth/auth-core.module';
import { JwtAuthGuard } from './common/auth/jwt-auth.guard';
import { jwtKey } from './common/auth/jwt-key';
import { HttpExceptionFilter } from './common/http/http-exception.filter';
import { LoggingModule } from './common/http/logger';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RouteThrottlerGuard } from './common/rate-limit/route-throttler.guard';
import { ConfigModule } from './config/config.module';
import { AppConfig } from './config/configuration';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database/data-source';
import { guardTransactions } from './database/transaction-guard';
import { SeedModule } from './database/seeds/seed.module';
import { RepositoriesModule } from './repositories/repositories.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { AllocationModule } from './modules/allocation/allocation.module';
import { CaptchaModule } from './modules/captcha/captcha.module';
import { DrawModule } from './modules/draw/draw.module';
import { FairnessModule } from './modules/fairness/fairness.module';
import { PreregistrationModule } from './modules/preregistration/preregistration.module';
import { PrivacyModule } from './modules/privacy/privacy.module';
import { SmsModule } from './modules/sms/sms.module';
import { BranchModule } from './modules/branch/branch.module';
import { BikeModelModule } from './modules/bike-model/bike-model.module';
import { FileModule } from './modules/file/file.module';
import { GeographyModule } from './modules/geography/geography.module';
import { SettingModule } from './modules/setting/setting.module';
import { SitePageModule } from './modules/site-page/site-page.module';
import { VideoModule } from './modules/video/video.module';
import { HealthModule } from './modules/health/health.module';
import { ReferrerModule } from './modules/referrer/referrer.module';
import { RegistrationModule } from './modules/registration/registration.module';
import { RoleModule } from './modules/role/role.module';
import { StatsModule } from './modules/stats/stats.module';
import { TestRideModule } from './modules/test-ride/test-ride.module';
import { UserModule } from './modules/user/user.module';

/** Domain modules, one per domain (docs/architecture.md). */
export const DOMAIN_MODULES = [AuthModule, UserModule, RoleModule, BranchModule, GeographyModule, FileModule, SettingModule, BikeModelModule, VideoModule, HealthModule, TestRideModule, ReferrerModule, RegistrationModule, StatsModule, AuditModule, PreregistrationModule, AllocationModule, FairnessModule, DrawModule, SmsModule, CaptchaModule, AnalyticsModule, PrivacyModule];

@Module({})
export class AppModule {
  /** The config is resolved before the module is built: the database URL may be the embedded server's. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        // The data source refuses a second connection inside a transaction (transaction-guard.ts).
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(config.database.url!, config.database.poolSize, config.database.statementTimeoutMs),
            autoLoadEntities: true,
          }),
          dataSourceFactory: async (options) => guardTransactions(new DataSource(options!)),
        }),
        JwtModule.register({
          global: true,
          secret: jwtKey(config.auth.jwtSecret),
          signOptions: { algorithm: 'HS256' },
          verifyOptions: { algorithms: ['HS256'] },
        }),
        RepositoriesModule,
        AuthCoreModule,
        ClockModule,
        RateLimitModule,
        SeedModule,
        ...DOMAIN_MODULES,
        // Last, so its page's route (every path no other route takes) is registered after every API route.
        SitePageModule,
      ],
      providers: [
        // In this order: who is calling (and may they), then the route's per-address limits.
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RouteThrottlerGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
