import { Logger } from '@nestjs/common';
import { AakashSmsProvider } from '../src/modules/sms/providers/aakash.provider';
import { LogSmsProvider } from '../src/modules/sms/providers/log.provider';
import { SparrowSmsProvider } from '../src/modules/sms/providers/sparrow.provider';
import { SmsService } from '../src/modules/sms/sms.service';
import { SMS_BATCH, SMS_MAX_ATTEMPTS, SmsWorker } from '../src/modules/sms/sms.worker';
import { uniquePhone } from './factories/campaign';
import { AAKASH_OK, FakeProvider, SPARROW_OK, startFakeProvider } from './harness/fake-provider';
import { startTestApp, TestApp } from './harness/test-app';

describe('SMS gateways', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const msg = (over = {}) => ({ id: 1, phone: '9812345623', text: 'Your code is 123456', kind: 'otp', ...over });

  it('Sparrow v2: POST {base}/sms/ with token, from, to, text; success only with response_code 200', async () => {
    const p = new SparrowSmsProvider({ baseUrl: `${fake.url}/v2/`, token: 'tkn', from: 'Brand' });
    fake.answer('POST /v2/sms/', { body: SPARROW_OK });
    expect(await p.send([msg()])).toEqual([{ ok: true, response: { status: 200, body: SPARROW_OK } }]);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v2/sms/', body: { token: 'tkn', from: 'Brand', to: '9812345623', text: 'Your code is 123456' } });
    fake.answer('POST /v2/sms/', { status: 403, body: { response_code: 1002, response: 'Invalid Token' } });
    expect((await p.send([msg()]))[0]).toEqual({ ok: false, response: { status: 403, body: { response_code: 1002, response: 'Invalid Token' } } });
    fake.answer('POST /v2/sms/', { status: 200, body: { response_code: 1011, response: 'No valid receiver' } });
    expect((await p.send([msg()]))[0].ok).toBe(false);
  });

  it('Aakash v3: POST {base}/sms/v3/send with auth_token, to, text; success only with error false', async () => {
    const p = new AakashSmsProvider({ baseUrl: fake.url, token: 'auth' });
    fake.answer('POST /sms/v3/send', { body: AAKASH_OK });
    const results = await p.send([msg(), msg({ id: 2, phone: '9801234567', text: 'Prize' })]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(fake.requests.map((r) => r.body)).toEqual([
      { auth_token: 'auth', to: '9812345623', text: 'Your code is 123456' },
      { auth_token: 'auth', to: '9801234567', text: 'Prize' },
    ]);
    fake.answer('POST /sms/v3/send', { body: { error: true, message: 'Not enough balance.', data: [] } });
    expect((await p.send([msg()]))[0]).toEqual({ ok: false, response: { status: 200, body: { error: true, message: 'Not enough balance.', data: [] } } });
    fake.answer('POST /sms/v3/send', { hangUp: true });
    expect((await p.send([msg()]))[0]).toMatchObject({ ok: false, response: { error: expect.any(String) } });
  });

  it('log provider: writes the masked phone and the text (the demo reads its code there)', async () => {
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      expect(await new LogSmsProvider().send([msg()])).toEqual([{ ok: true, response: { provider: 'log', logged: true } }]);
      const line = String(spy.mock.calls[0][0]);
      expect(line).toContain('98******23');
      expect(line).not.toContain('9812345623');
      expect(line).toContain('Your code is 123456');
    } finally {
      spy.mockRestore();
    }
  });
});

/** The outbox worker, driven round by round (SMS_WORKER=false) against the fake Aakash gateway. */
describe('SMS outbox worker', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let worker: SmsWorker;

  beforeAll(async () => {
    fake = await startFakeProvider({ 'POST /sms/v3/send': { body: AAKASH_OK } });
    t = await startTestApp({ env: { SMS_PROVIDER: 'aakash', SMS_BASE_URL: fake.url, SMS_TOKEN: 'auth', SMS_WORKER: 'false' } });
    worker = t.app.get(SmsWorker);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    await t.db.query(`DELETE FROM sms_outbox`);
  });

  const queue = (messages: Array<{ phone: string; text: string; kind: string }>) => t.db.transaction(() => t.app.get(SmsService).queue(messages));
  const row = async (id: number) => (await t.db.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]))[0];

  it('queues inside the caller’s transaction: nothing is sent when it rolls back', async () => {
    await expect(
      t.db.transaction(async () => {
        await t.app.get(SmsService).queue([{ phone: uniquePhone(), text: 'never', kind: 'otp' }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await worker.runOnce()).toBe(0);
    expect(fake.requests).toHaveLength(0);
    await expect(queue([{ phone: '01-4251234', text: 'x', kind: 'bulk' }])).rejects.toThrow(/Nepal mobile/);
  });

  it('sends, and records the gateway’s answer', async () => {
    const [id] = await queue([{ phone: '+977 9812345623', text: 'Hello', kind: 'bulk' }]);
    expect(await worker.runOnce()).toBe(1);
    expect(fake.requests.map((r) => r.body)).toEqual([{ auth_token: 'auth', to: '9812345623', text: 'Hello' }]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'aakash', provider_response: { status: 200, body: AAKASH_OK }, locked_by: null });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
    expect(await worker.runOnce()).toBe(0);
  });

  it('retries a failure with backoff, then marks it failed after 5 attempts', async () => {
    fake.answer('POST /sms/v3/send', { status: 500, body: { error: true, message: 'down' } });
    const [id] = await queue([{ phone: uniquePhone(), text: 'Your code is 654321', kind: 'otp' }]);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await worker.runOnce();
      const first = await row(id);
      expect(first).toMatchObject({ status: 'queued', attempts: 1, provider_response: { status: 500, body: { error: true, message: 'down' } } });
      const [{ wait }] = await t.db.query(`SELECT extract(epoch FROM next_attempt_at - now())::int AS wait FROM sms_outbox WHERE id = $1`, [id]);
      expect(wait).toBeGreaterThan(20);
      expect(wait).toBeLessThanOrEqual(30);
      // Not due yet: nothing happens.
      expect(await worker.runOnce()).toBe(0);
      for (let attempt = 2; attempt <= SMS_MAX_ATTEMPTS; attempt++) {
        await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1`, [id]);
        expect(await worker.runOnce()).toBe(1);
        expect(await row(id)).toMatchObject({ attempts: attempt, status: attempt < SMS_MAX_ATTEMPTS ? 'queued' : 'failed' });
      }
      await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1`, [id]);
      expect(await worker.runOnce()).toBe(0);
      expect(fake.requests).toHaveLength(SMS_MAX_ATTEMPTS);
      // The failure log names the message, never its text (it holds a code).
      expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain('654321');
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses to send to a number that is not a Nepal mobile', async () => {
    const [{ id }] = await t.db.query(`INSERT INTO sms_outbox (phone, text, kind) VALUES ('+1 555 0100', 'Hello', 'bulk') RETURNING id`);
    expect(await worker.runOnce()).toBe(1);
    expect(fake.requests).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'failed', provider_response: { error: 'not a Nepal mobile number: not sent' } });
  });

  it('takes over a message whose claim expired (a crashed instance), and gives up on it after the last attempt', async () => {
    const [{ id }] = await t.db.query(
      `INSERT INTO sms_outbox (phone, text, kind, status, attempts, locked_by, locked_until) VALUES ('9801234567', 'Orphan', 'prize', 'sending', 1, 'dead:1', now() - interval '1 second') RETURNING id`,
    );
    const [{ id: held }] = await t.db.query(
      `INSERT INTO sms_outbox (phone, text, kind, status, attempts, locked_by, locked_until) VALUES ('9801234568', 'Held', 'prize', 'sending', 1, 'alive:1', now() + interval '30 seconds') RETURNING id`,
    );
    const [{ id: spent }] = await t.db.query(
      `INSERT INTO sms_outbox (phone, text, kind, status, attempts, locked_by, locked_until) VALUES ('9801234569', 'Spent', 'prize', 'sending', $1, 'dead:1', now() - interval '1 second') RETURNING id`,
      [SMS_MAX_ATTEMPTS],
    );
    expect(await worker.runOnce()).toBe(1);
    expect(fake.requests.map((r) => (r.body as Record<string, string>).text)).toEqual(['Orphan']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(held)).toMatchObject({ status: 'sending', locked_by: 'alive:1' });
    expect(await row(spent)).toMatchObject({ status: 'failed' });
  });

  it('shares the outbox between concurrent rounds without sending anything twice', async () => {
    const n = SMS_BATCH + 50;
    await queue(Array.from({ length: n }, (_, i) => ({ phone: uniquePhone(), text: `Bulk ${i}`, kind: 'bulk' })));
    const handled = await Promise.all([worker.runOnce(), worker.runOnce(), worker.runOnce()]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(n);
    expect(fake.requests).toHaveLength(n);
    expect(new Set(fake.requests.map((r) => (r.body as Record<string, string>).text)).size).toBe(n);
    expect(await t.db.query(`SELECT status, count(*)::int AS n FROM sms_outbox GROUP BY status`)).toEqual([{ status: 'sent', n }]);
  });

  it('stops cleanly: the round in flight is recorded before the app closes', async () => {
    const slow = await startFakeProvider({ 'POST /sms/v3/send': { body: AAKASH_OK, delayMs: 300 } });
    const app = await startTestApp({ env: { SMS_PROVIDER: 'aakash', SMS_BASE_URL: slow.url, SMS_WORKER: 'true', SMS_WORKER_INTERVAL_MS: '20' } });
    try {
      await app.db.transaction(() => app.app.get(SmsService).queue([{ phone: uniquePhone(), text: 'Last words', kind: 'bulk' }]));
      await slow.waitFor((r) => r.path === '/sms/v3/send');
      const db = app.databaseUrl;
      await app.app.close();
      const { Client } = await import('pg');
      const c = new Client({ connectionString: db });
      await c.connect();
      const { rows } = await c.query(`SELECT status, locked_by FROM sms_outbox`);
      await c.end();
      expect(rows).toEqual([{ status: 'sent', locked_by: null }]);
    } finally {
      await app.close().catch(() => undefined);
      await slow.close();
    }
  });
});
