import { mapLimit, postForm, SmsMessage, SmsProvider, SmsResult } from '../sms-provider';

export const SPARROW_DEFAULT_BASE_URL = 'https://api.sparrowsms.com/v2';

/**
 * Sparrow SMS HTTP API v2: POST {base}/sms/ with token, from, to, text. Success is HTTP
 * 200 with `response_code: 200`; errors carry another response_code and a message.
 */
export class SparrowSmsProvider implements SmsProvider {
  readonly name = 'sparrow';

  constructor(private readonly opts: { baseUrl?: string; token?: string; from: string }) {}

  async send(messages: SmsMessage[]): Promise<SmsResult[]> {
    const url = `${(this.opts.baseUrl ?? SPARROW_DEFAULT_BASE_URL).replace(/\/+$/, '')}/sms/`;
    return mapLimit(messages, 10, async (m) => {
      try {
        const { status, body } = await postForm(url, { token: this.opts.token ?? '', from: this.opts.from, to: m.phone, text: m.text });
        const code = (body as { response_code?: unknown })?.response_code;
        return { ok: status >= 200 && status < 300 && Number(code) === 200, response: { status, body } };
      } catch (e) {
        return { ok: false, response: { error: (e as Error).message } };
      }
    });
  }
}
