import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchModule } from '../branch/branch.module';
import { ConfigService } from '../../config/config.module';
import { AakashSmsProvider } from './providers/aakash.provider';
import { LogSmsProvider } from './providers/log.provider';
import { SparrowSmsProvider } from './providers/sparrow.provider';
import { OneTimeCodes } from './one-time-code';
import { SmsBatchEntity } from './sms-batch.entity';
import { SmsBatchService } from './sms-batch.service';
import { SMS_PROVIDER, SmsProvider } from './sms-provider';
import { SmsController } from './sms.controller';
import { SmsService } from './sms.service';
import { SmsWorker } from './sms.worker';

/** The SMS outbox: SmsService.queue (inside a transaction), the delivery worker, and bulk SMS (POST /sms). */
@Module({
  imports: [TypeOrmModule.forFeature([SmsBatchEntity]), BranchModule],
  controllers: [SmsController],
  providers: [
    SmsService,
    SmsBatchService,
    SmsWorker,
    OneTimeCodes,
    {
      provide: SMS_PROVIDER,
      inject: [ConfigService],
      useFactory: (config: ConfigService): SmsProvider => {
        const sms = config.get('sms');
        if (sms.provider === 'sparrow') return new SparrowSmsProvider({ baseUrl: sms.baseUrl, token: sms.token, from: sms.from });
        if (sms.provider === 'aakash') return new AakashSmsProvider({ baseUrl: sms.baseUrl, token: sms.token });
        return new LogSmsProvider();
      },
    },
  ],
  exports: [SmsService, SmsWorker, OneTimeCodes],
})
export class SmsModule {}
