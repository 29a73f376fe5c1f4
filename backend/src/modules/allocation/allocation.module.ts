import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchModule } from '../branch/branch.module';
import { SettingModule } from '../setting/setting.module';
import { AllocationController } from './allocation.controller';
import { AllocationEntity } from './allocation.entity';
import { AllocationService } from './allocation.service';
import { SchemeFreeze } from './scheme-freeze';

/** The prize scheme (allocations). The draw that consumes it lives in the draw module. */
@Module({
  imports: [TypeOrmModule.forFeature([AllocationEntity]), BranchModule, SettingModule],
  controllers: [AllocationController],
  providers: [AllocationService, SchemeFreeze],
  exports: [AllocationService, SchemeFreeze],
})
export class AllocationModule {}
