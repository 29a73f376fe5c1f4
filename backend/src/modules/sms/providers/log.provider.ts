import { Logger } from '@nestjs/common';
import { maskPhone } from '@campaign/domain';
import { SmsMessage, SmsProvider, SmsResult } from '../sms-provider';

/**
 * Development and demo gateway: writes each message to the server log with the phone
 * masked. It logs the text, so the demo's OTP can be read from the log; this is the only
 * log line in the app that may contain a code (docs/sms.md). Never use it in production.
 */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  private readonly logger = new Logger('SMS');

  async send(messages: SmsMessage[]): Promise<SmsResult[]> {
    return messages.map((m) => {
      this.logger.log(`[log provider] #${m.id} ${m.kind} to ${maskPhone(m.phone)}: ${m.text}`);
      return { ok: true, response: { provider: 'log', logged: true } };
    });
  }
}
