import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchModule } from '../branch/branch.module';
import { AllocationController } from './allocation.controller';
import { AllocationEntity } from './allocation.entity';
import { AllocationService } from './allocation.service';

/** The prize scheme (allocations). The draw that consumes it lives in the draw module. */
@Module({
  imports: [TypeOrmModule.forFeature([AllocationEntity]), BranchModule],
  controllers: [AllocationController],
  providers: [AllocationService],
  exports: [AllocationService],
})
export class AllocationModule {}
