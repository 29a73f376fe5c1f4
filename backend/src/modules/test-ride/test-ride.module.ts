import { Module } from '@nestjs/common';
import { SettingModule } from '../setting/setting.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BikeModelModule } from '../bike-model/bike-model.module';
import { BranchModule } from '../branch/branch.module';
import { CaptchaModule } from '../captcha/captcha.module';
import { GeographyModule } from '../geography/geography.module';
import { ReferrerModule } from '../referrer/referrer.module';
import { SmsModule } from '../sms/sms.module';
import { TestRideController } from './test-ride.controller';
import { TestRideEntity } from './test-ride.entity';
import { TestRideService } from './test-ride.service';

@Module({
  imports: [TypeOrmModule.forFeature([TestRideEntity]), CaptchaModule, GeographyModule, ReferrerModule, SmsModule, BranchModule, BikeModelModule, SettingModule],
  controllers: [TestRideController],
  providers: [TestRideService],
})
export class TestRideModule {}
