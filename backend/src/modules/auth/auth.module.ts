import { Module } from '@nestjs/common';
import { BranchModule } from '../branch/branch.module';
import { CaptchaModule } from '../captcha/captcha.module';
import { SmsModule } from '../sms/sms.module';
import { UserModule } from '../user/user.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

@Module({ imports: [UserModule, BranchModule, CaptchaModule, SmsModule], controllers: [AuthController], providers: [AuthService], exports: [AuthService] })
export class AuthModule {}
