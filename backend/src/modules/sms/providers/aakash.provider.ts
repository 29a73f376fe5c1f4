import { mapLimit, NOT_SENT, postForm, SendOptions, SmsMessage, SmsProvider, SmsResult } from '../sms-provider';

export const AAKASH_DEFAULT_BASE_URL = 'https://sms.aakashsms.com';

/**
 * Aakash SMS v3: POST {base}/sms/v3/send with auth_token, to, text. Success is HTTP 200
 * with `error: false`; failures say `error: true` and a message.
 */
export class AakashSmsProvider implements SmsProvider {
  readonly name = 'aakash';

  constructor(private readonly opts: { baseUrl?: string; token?: string }) {}

  async send(messages: SmsMessage[], opts: SendOptions = {}): Promise<SmsResult[]> {
    const url = `${(this.opts.baseUrl ?? AAKASH_DEFAULT_BASE_URL).replace(/\/+$/, '')}/sms/v3/send`;
    return mapLimit(messages, 10, async (m) => {
      if (opts.signal?.aborted) return NOT_SENT;
      try {
        const { status, body } = await postForm(url, { auth_token: this.opts.token ?? '', to: m.phone, text: m.text });
        const error = (body as { error?: unknown })?.error;
        return { ok: status >= 200 && status < 300 && error === false, response: { status, body } };
      } catch (e) {
        return { ok: false, response: { error: (e as Error).message } };
      }
    });
  }
}
