import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module';
import { FairnessModule } from '../fairness/fairness.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { DrawService } from './draw.service';
import { FairnessController } from './fairness.controller';
import { PrizesController } from './prizes.controller';
import { PrizesToWin } from './prizes-to-win';

/** The prize draw shared by pre-registrations and purchases (DrawService.draw) and its public proof (/fairness); the only code that names the draw table. */
@Module({ imports: [SmsModule, AllocationModule, SettingModule, FairnessModule], controllers: [FairnessController, PrizesController], providers: [DrawService, PrizesToWin], exports: [DrawService, PrizesToWin] })
export class DrawModule {}
