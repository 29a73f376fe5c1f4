import { Module } from '@nestjs/common';
import { CaptchaPipe } from './captcha.decorator';
import { CaptchaService } from './captcha.service';

/** reCAPTCHA v2 server check for public forms (enquiry, test ride). */
@Module({ providers: [CaptchaService, CaptchaPipe], exports: [CaptchaService, CaptchaPipe] })
export class CaptchaModule {}
