import { Module } from '@nestjs/common';
import { SmsModule } from '../sms/sms.module';
import { DrawService } from './draw.service';

/** The prize draw shared by pre-registrations and purchases (DrawService.draw). */
@Module({ imports: [SmsModule], providers: [DrawService], exports: [DrawService] })
export class DrawModule {}
