import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchCounters } from '../branch/branch-counters';
import { BranchModule } from '../branch/branch.module';
import { DrawModule } from '../draw/draw.module';
import { ReferrerModule } from '../referrer/referrer.module';
import { SettingModule } from '../setting/setting.module';
import { SmsModule } from '../sms/sms.module';
import { RegistrationController } from './registration.controller';
import { RegistrationEntity } from './registration.entity';
import { RegistrationService } from './registration.service';

/** Sales: purchase registrations, their purchase draw and coupon code. Gives the branch table its Total Sales. */
@Module({
  imports: [TypeOrmModule.forFeature([RegistrationEntity]), BranchModule, DrawModule, SmsModule, ReferrerModule, SettingModule],
  controllers: [RegistrationController],
  providers: [RegistrationService],
  exports: [RegistrationService],
})
export class RegistrationModule implements OnModuleInit {
  constructor(private readonly counters: BranchCounters) {}

  onModuleInit() {
    const sales = (b: string) => `SELECT count(*) FROM registration r WHERE r.branch_id = ${b}.id AND r.deleted_at IS NULL`;
    this.counters.register('registrations_count', sales);
    this.counters.register('sales', sales);
  }
}
