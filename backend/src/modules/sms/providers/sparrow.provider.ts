import { mapLimit, NOT_SENT, postForm, SendOptions, SmsMessage, SmsProvider, SmsResult } from '../sms-provider';

export const SPARROW_DEFAULT_BASE_URL = 'https://api.sparrowsms.com/v2';
/** Numbers per gateway call: Sparrow takes a comma-separated `to` for one text. */
export const SPARROW_MAX_RECIPIENTS = 100;
/** Gateway calls in flight at once. */
export const SPARROW_CONCURRENCY = 10;
/** Answers about the receiver itself ('Invalid Receiver', 'No valid receiver'): retrying cannot help. */
const RECEIVER_ERRORS = new Set([1007, 1011]);

/** Indices of `messages` grouped by identical text, in order, at most `max` per group. */
export function groupByText(messages: SmsMessage[], max: number): number[][] {
  const open = new Map<string, number[]>();
  const groups: number[][] = [];
  messages.forEach((m, i) => {
    let g = open.get(m.text);
    if (!g || g.length >= max) {
      g = [];
      open.set(m.text, g);
      groups.push(g);
    }
    g.push(i);
  });
  return groups;
}

/**
 * Sparrow SMS HTTP API v2: POST {base}/sms/ with token, from, to (comma-separated 10-digit
 * numbers), text. Success is HTTP 200 with `response_code: 200`; errors carry another
 * response_code and a message (1007 Invalid Receiver, 1011 No valid receiver, 1012/1013 credits...).
 *
 * Messages with the same text (a bulk batch) go in one call of up to 100 numbers; each
 * message keeps its own result. When a call of several numbers is refused for an invalid
 * receiver, its numbers are sent one by one so one bad number does not sink the others.
 */
export class SparrowSmsProvider implements SmsProvider {
  readonly name = 'sparrow';

  constructor(private readonly opts: { baseUrl?: string; token?: string; from: string }) {}

  async send(messages: SmsMessage[], opts: SendOptions = {}): Promise<SmsResult[]> {
    const results = new Array<SmsResult>(messages.length);
    await mapLimit(groupByText(messages, SPARROW_MAX_RECIPIENTS), SPARROW_CONCURRENCY, async (group) => {
      if (opts.signal?.aborted) return group.forEach((i) => (results[i] = NOT_SENT));
      const text = messages[group[0]].text;
      const answer = await this.call(
        group.map((i) => messages[i].phone),
        text,
      );
      if (group.length > 1 && answer.code === 1007) {
        await mapLimit(group, SPARROW_CONCURRENCY, async (i) => {
          results[i] = opts.signal?.aborted ? NOT_SENT : (await this.call([messages[i].phone], text)).result;
        });
        return;
      }
      for (const i of group) results[i] = answer.result;
    });
    return results;
  }

  private async call(phones: string[], text: string): Promise<{ code?: number; result: SmsResult }> {
    const url = `${(this.opts.baseUrl ?? SPARROW_DEFAULT_BASE_URL).replace(/\/+$/, '')}/sms/`;
    try {
      const { status, body } = await postForm(url, { token: this.opts.token ?? '', from: this.opts.from, to: phones.join(','), text });
      const code = Number((body as { response_code?: unknown })?.response_code);
      const response = phones.length > 1 ? { status, body, recipients: phones.length } : { status, body };
      const ok = status >= 200 && status < 300 && code === 200;
      return { code, result: { ok, response, ...(!ok && RECEIVER_ERRORS.has(code) ? { permanent: true } : {}) } };
    } catch (e) {
      return { result: { ok: false, response: { error: (e as Error).message } } };
    }
  }
}
