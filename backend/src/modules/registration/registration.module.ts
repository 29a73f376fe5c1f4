import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BikeModelModule } from '../bike-model/bike-model.module';
import { BranchModule } from '../branch/branch.module';
import { DrawModule } from '../draw/draw.module';
import { PreregistrationModule } from '../preregistration/preregistration.module';
import { ReferrerModule } from '../referrer/referrer.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { RegistrationController } from './registration.controller';
import { RegistrationEntity } from './registration.entity';
import { RegistrationService } from './registration.service';

/** Sales: purchase registrations, their purchase draw and coupon code. Gives the branch screens, the referrer report and bulk SMS their purchase numbers. */
@Module({
  imports: [TypeOrmModule.forFeature([RegistrationEntity]), BranchModule, DrawModule, SmsModule, ReferrerModule, SettingModule, PreregistrationModule, BikeModelModule],
  controllers: [RegistrationController],
  providers: [RegistrationService],
  exports: [RegistrationService],
})
export class RegistrationModule {}
