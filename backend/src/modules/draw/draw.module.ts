import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { DrawService } from './draw.service';

/** The prize draw shared by pre-registrations and purchases (DrawService.draw); the only code that names the draw table. */
@Module({ imports: [SmsModule, AllocationModule, SettingModule], providers: [DrawService], exports: [DrawService] })
export class DrawModule {}
