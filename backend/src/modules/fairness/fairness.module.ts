import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module';
import { SettingModule } from '../setting/setting.module';
import { FairnessController } from './fairness.controller';
import { FairnessService } from './fairness.service';

/**
 * The provably fair draw's proof (docs/fairness.md): each day's commitment, made the evening
 * before, and the public pages (/fairness) that reveal it and the day's draws once the day has
 * ended. The draw itself (DrawService) lives in the draw module, which asks here for its day's commitment.
 */
@Module({ imports: [AllocationModule, SettingModule], controllers: [FairnessController], providers: [FairnessService], exports: [FairnessService] })
export class FairnessModule {}
