import { WithCaptcha } from '../../captcha/captcha.decorator';
import { VerifyCodeDto } from './verify-code.dto';
import { PhoneField } from './fields';

/** POST /enquiry/return: the phone a visitor registered with (captcha when configured). */
export class ReturnRequestDto extends WithCaptcha {
  @PhoneField(true)
  phone: string;
}

/** POST /enquiry/return/verify: the phone and the code sent to it, together. */
export class ReturnVerifyDto extends VerifyCodeDto {
  @PhoneField(true)
  phone: string;
}
