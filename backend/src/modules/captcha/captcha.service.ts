import { Failures } from '../../common/http/domain-errors';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '../../config/config.module';

/** The form field the reCAPTCHA v2 widget posts. */
export const CAPTCHA_FIELD = 'g-recaptcha-response';

/** The captcha's expected failures, each shown under the captcha Codes: the table's keys. */
const CAPTCHA_FAILURES = new Failures({
  Missing: { status: 422, field: CAPTCHA_FIELD, message: 'Please complete the captcha.' },
  Invalid: { status: 422, field: CAPTCHA_FIELD, message: 'The captcha is invalid or has expired. Please try again.' },
  Unavailable: { status: 422, field: CAPTCHA_FIELD, message: 'The captcha could not be checked. Please try again.' },
});

/**
 * reCAPTCHA v2, checked on the server (POST secret/response/remoteip to
 * RECAPTCHA_VERIFY_URL). With no RECAPTCHA_SECRET the captcha is off and every call passes.
 */
@Injectable()
export class CaptchaService {
  private readonly logger = new Logger('Captcha');

  constructor(private readonly config: ConfigService) {}

  get enabled(): boolean {
    return !!this.config.get('captcha').secret;
  }

  /** True when the token is accepted by Google (or the captcha is off). Never throws. */
  async verify(token: unknown, ip?: string): Promise<boolean> {
    return (await this.check(token, ip)) === 'ok';
  }

  /** Throws 422 under `g-recaptcha-response` unless the token is accepted. */
  async assert(token: unknown, ip?: string): Promise<void> {
    const result = await this.check(token, ip);
    if (result === 'missing') throw CAPTCHA_FAILURES.fail('Missing');
    if (result === 'invalid') throw CAPTCHA_FAILURES.fail('Invalid');
    if (result === 'unavailable') throw CAPTCHA_FAILURES.fail('Unavailable');
  }

  private async check(token: unknown, ip?: string): Promise<'ok' | 'missing' | 'invalid' | 'unavailable'> {
    const { secret, verifyUrl } = this.config.get('captcha');
    if (!secret) return 'ok';
    if (typeof token !== 'string' || !token.trim()) return 'missing';
    if (token.length > 4000) return 'invalid';
    const form = new URLSearchParams({ secret, response: token });
    if (ip) form.set('remoteip', ip);
    try {
      const res = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) {
        this.logger.warn(`verify answered HTTP ${res.status}`);
        return 'unavailable';
      }
      const body = (await res.json()) as { success?: boolean; 'error-codes'?: string[] };
      if (body.success === true) return 'ok';
      this.logger.debug(`captcha refused: ${(body['error-codes'] ?? []).join(', ')}`);
      return 'invalid';
    } catch (e) {
      this.logger.warn(`verify failed: ${(e as Error).message}`);
      return 'unavailable';
    }
  }
}
