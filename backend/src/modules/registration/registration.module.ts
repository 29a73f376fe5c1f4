import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BikeModelModule } from '../bike-model/bike-model.module';
import { DrawModule } from '../draw/draw.module';
import { ReferrerModule } from '../referrer/referrer.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { CouponService } from './coupon.service';
import { PurchaseService } from './purchase.service';
import { RegistrationChecks } from './registration-checks';
import { RegistrationRecordsService } from './registration-records.service';
import { RegistrationController } from './registration.controller';
import { RegistrationEntity } from './registration.entity';

/**
 * Sales: purchases (purchase.service.ts), the staff's registered list (registration-records.service.ts)
 * and the purchase coupon (coupon.service.ts). Its table's statements are in
 * repositories/registration.repository.ts, which other modules ask directly.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RegistrationEntity]), DrawModule, SmsModule, ReferrerModule, SettingModule, BikeModelModule],
  controllers: [RegistrationController],
  providers: [RegistrationRecordsService, PurchaseService, CouponService, RegistrationChecks],
})
export class RegistrationModule {}
