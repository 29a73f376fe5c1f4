import { Module } from '@nestjs/common';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

/** Erasure on request and the retention job (privacy.service.ts). */
@Module({
  imports: [SettingModule, SmsModule],
  controllers: [PrivacyController],
  providers: [PrivacyService],
  exports: [PrivacyService],
})
export class PrivacyModule {}
