import { createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CAPTCHA_FIELD, CaptchaService } from './captcha.service';

const CaptchaInput = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest();
  return { token: req.body?.[CAPTCHA_FIELD], ip: req.ip as string | undefined };
});

@Injectable()
export class CaptchaPipe implements PipeTransform {
  constructor(private readonly captcha: CaptchaService) {}
  async transform(value: { token: unknown; ip?: string }): Promise<true> {
    await this.captcha.assert(value.token, value.ip);
    return true;
  }
}

/**
 * Parameter decorator that refuses the request (422 under `g-recaptcha-response`) unless
 * the captcha passes. It runs as a pipe, i.e. after multer has parsed a multipart body,
 * so it works for JSON and multipart alike:
 *
 *   create(@Captcha() _captcha: true, @Body() dto: CreateThingDto) { ... }
 *
 * The module must import CaptchaModule, and the DTO must declare the field (extend
 * WithCaptcha) since unknown fields are refused.
 */
export const Captcha = () => CaptchaInput(CaptchaPipe);

/** Base for DTOs of captcha-protected forms: declares the widget's field. */
export class WithCaptcha {
  @ApiProperty({ name: CAPTCHA_FIELD, required: false, description: 'reCAPTCHA v2 response token (required when the captcha is on)' })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  'g-recaptcha-response'?: string;
}
