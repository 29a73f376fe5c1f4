import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module';
import { SettingModule } from '../setting/setting.module';
import { FairnessService } from './fairness.service';

/** The daily commitments of the provably fair draw (docs/fairness.md). The draws and their public pages live in the draw module. */
@Module({ imports: [AllocationModule, SettingModule], providers: [FairnessService], exports: [FairnessService] })
export class FairnessModule {}
