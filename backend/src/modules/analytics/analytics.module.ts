import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module';
import { BranchModule } from '../branch/branch.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** GET /analytics: the analytics screen (send-sms); every number is asked of its table's repository or the module that owns it. */
@Module({
  imports: [AllocationModule, BranchModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService],
})
export class AnalyticsModule {}
