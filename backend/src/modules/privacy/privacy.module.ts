import { Module } from '@nestjs/common';
import { PreregistrationModule } from '../preregistration/preregistration.module';
import { RegistrationModule } from '../registration/registration.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { TestRideModule } from '../test-ride/test-ride.module';
import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

/** Erasure on request and the retention job (privacy.service.ts). */
@Module({
  imports: [SettingModule, PreregistrationModule, RegistrationModule, TestRideModule, SmsModule],
  controllers: [PrivacyController],
  providers: [PrivacyService],
  exports: [PrivacyService],
})
export class PrivacyModule {}
