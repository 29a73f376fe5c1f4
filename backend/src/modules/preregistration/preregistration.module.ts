import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BikeModelModule } from '../bike-model/bike-model.module';
import { BranchModule } from '../branch/branch.module';
import { CaptchaModule } from '../captcha/captcha.module';
import { DrawModule } from '../draw/draw.module';
import { FileModule } from '../file/file.module';
import { ReferrerModule } from '../referrer/referrer.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { EnquiryController } from './enquiry.controller';
import { EnquiryReturnController } from './enquiry-return.controller';
import { EnquiryReturnService } from './enquiry-return.service';
import { PreregistrationController } from './preregistration.controller';
import { PreregistrationEntity } from './preregistration.entity';
import { EnquiryService } from './enquiry.service';
import { PreregistrationChecks } from './preregistration-checks';
import { PreregistrationRecordsService } from './preregistration-records.service';
import { VerificationService } from './verification.service';

/** Pre-registrations: staff routes (/preregistration) and the public enquiry (/enquiry). */
@Module({
  imports: [TypeOrmModule.forFeature([PreregistrationEntity]), DrawModule, SmsModule, SettingModule, FileModule, CaptchaModule, BranchModule, BikeModelModule, ReferrerModule],
  // EnquiryReturnController before EnquiryController: /enquiry/return/verify is not /enquiry/{slug}/verify.
  controllers: [PreregistrationController, EnquiryReturnController, EnquiryController],
  providers: [PreregistrationChecks, VerificationService, EnquiryService, PreregistrationRecordsService, EnquiryReturnService],
})
export class PreregistrationModule {}
