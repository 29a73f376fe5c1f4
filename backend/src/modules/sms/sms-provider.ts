/** One message handed to a gateway. */
export interface SmsMessage {
  /** Outbox row id (for the gateway's logs and ours). */
  id: number | string;
  /** 10-digit Nepal mobile number. */
  phone: string;
  text: string;
  kind: string;
}

/** The gateway's answer for one message; `response` is stored on the outbox row. */
export interface SmsResult {
  ok: boolean;
  response: unknown;
  /** The gateway refused the number itself (retrying cannot help): failed at once. */
  permanent?: boolean;
  /** Never handed to the gateway (the worker is stopping): the message goes back to the queue as it was. */
  notSent?: boolean;
}

export interface SendOptions {
  /** Aborted when the worker stops: calls already made finish, the others are not made. */
  signal?: AbortSignal;
}

/** An SMS gateway: `log` (default), `sparrow` or `aakash` (SMS_PROVIDER). */
export interface SmsProvider {
  readonly name: string;
  /** Sends each message; the results are in the same order. Never throws. */
  send(messages: SmsMessage[], opts?: SendOptions): Promise<SmsResult[]>;
}

/** The result of a message that was not handed to the gateway because the worker is stopping. */
export const NOT_SENT: SmsResult = { ok: false, notSent: true, response: { error: 'not sent: the worker stopped' } };

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** Runs `fn` over `items` with at most `limit` at once, keeping the order of results. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return out;
}

/** POSTs a form to a gateway and reads its answer as JSON (or text), with a timeout. */
export async function postForm(url: string, form: Record<string, string>, timeoutMs = 8000): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: unknown = text.slice(0, 2000);
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body };
}
