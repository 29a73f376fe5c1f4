import { Module } from '@nestjs/common';
import { PreregistrationModule } from '../preregistration/preregistration.module';
import { RegistrationModule } from '../registration/registration.module';
import { TestRideModule } from '../test-ride/test-ride.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** GET /stats: the dashboard's stat cards, each asked of the module that owns its list. */
@Module({ imports: [PreregistrationModule, RegistrationModule, TestRideModule], controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
