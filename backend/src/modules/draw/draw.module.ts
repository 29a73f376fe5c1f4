import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module';
import { FairnessModule } from '../fairness/fairness.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { DrawService } from './draw.service';
import { PrizesController } from './prizes.controller';
import { PrizesToWin } from './prizes-to-win';

/**
 * The prize draw shared by pre-registrations and purchases (DrawService.draw, on the day's
 * commitment from the fairness module) and what is left to win (GET /prizes). It writes the
 * draw table; the fairness pages read it through DrawRepository.
 */
@Module({ imports: [SmsModule, AllocationModule, SettingModule, FairnessModule], controllers: [PrizesController], providers: [DrawService, PrizesToWin], exports: [DrawService, PrizesToWin] })
export class DrawModule {}
