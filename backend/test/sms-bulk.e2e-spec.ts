import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication, Logger } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/configuration';
import { insertDemoSales } from '../src/database/seeds/sales.seed';
import { SPARROW_MAX_RECIPIENTS } from '../src/modules/sms/providers/sparrow.provider';
import { SmsService } from '../src/modules/sms/sms.service';
import { SMS_BATCH, SmsWorker } from '../src/modules/sms/sms.worker';
import { makePreregistration } from './factories/purchase';
import { branchIds, branchUserToken, CustomerRow, makeCustomer, uniquePhone } from './factories/sms';
import { AAKASH_OK, FakeProvider, FakeReply, RecordedRequest, startFakeProvider } from './harness/fake-provider';
import { startTestApp, TestApp } from './harness/test-app';

/** Sparrow's answer for a call to `to` (comma-separated), as the real gateway words it. */
const sparrowOk = (to: string[]): FakeReply => ({
  body: { count: to.length, response_code: 200, response: `${to.length} mesages has been queued for delivery` },
});
const numbersOf = (r: RecordedRequest) => String((r.body as Record<string, string>).to).split(',');
const textOf = (r: RecordedRequest) => String((r.body as Record<string, string>).text);
const sparrowEnv = (fake: FakeProvider, over: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'sparrow',
  SMS_BASE_URL: `${fake.url}/v2`,
  SMS_TOKEN: 'sparrow-token',
  SMS_FROM: 'EverestMoto',
  ...over,
});

/** Distinct valid mobiles, comma-separated the way staff type them. */
const mobiles = (n: number) => Array.from({ length: n }, () => uniquePhone());

/** A second instance of the app on an existing database (another server after a restart). */
async function startOnDatabase(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<{ app: INestApplication; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'campaign-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SMS_WORKER_INTERVAL_MS: '20',
    ...env,
  });
  const app = await createApp(config, { logger: false });
  await app.init();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 30000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * An app on the fake Sparrow gateway, its worker driven round by round, for one describe
 * block; each test starts with an empty outbox and no batches.
 */
function sparrowApp() {
  const ctx = {} as { t: TestApp; fake: FakeProvider; admin: string; worker: SmsWorker };
  beforeAll(async () => {
    ctx.fake = await startFakeProvider({ 'POST /v2/sms/': (r) => sparrowOk(numbersOf(r)) });
    ctx.t = await startTestApp({ env: sparrowEnv(ctx.fake, { SMS_WORKER: 'false' }) });
    ctx.worker = ctx.t.app.get(SmsWorker);
    ctx.admin = `Bearer ${await ctx.t.token('admin@example.com')}`;
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.fake.close();
  });
  beforeEach(async () => {
    ctx.fake.reset();
    await ctx.t.db.query(`DELETE FROM sms_outbox`);
    await ctx.t.db.query(`DELETE FROM sms_batch`);
  });
  return ctx;
}

describe('POST /sms: bulk SMS recipients', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let admin: string;
  let worker: SmsWorker;
  let A: number, B: number, C: number;
  let P1: string, P2: string, P4: string, P5: string, P6: string, P7: string, P8: string;
  let c1: CustomerRow, c3: CustomerRow, c4: CustomerRow, c5: CustomerRow;

  const app = sparrowApp();
  beforeAll(async () => {
    ({ t, fake, admin, worker } = app);
    [A, B, C] = await branchIds(t.db);
    // A: two customers, a third buying again with the first one's phone, a deleted one.
    c1 = await makeCustomer(t.db, { branchId: A });
    P1 = c1.phone;
    P2 = (await makeCustomer(t.db, { branchId: A })).phone;
    c3 = await makeCustomer(t.db, { branchId: A, phone: P1 });
    c4 = await makeCustomer(t.db, { branchId: A, deleted: true });
    P4 = c4.phone;
    // B: two customers; C: one, and one whose stored phone is a landline.
    c5 = await makeCustomer(t.db, { branchId: B });
    P5 = c5.phone;
    P6 = (await makeCustomer(t.db, { branchId: B })).phone;
    P7 = (await makeCustomer(t.db, { branchId: C })).phone;
    const landline = await makeCustomer(t.db, { branchId: C });
    await t.db.query(`UPDATE registration SET phone = '01-4251234' WHERE id = $1`, [landline.id]);
    // An enquiry that never bought is not a customer.
    P8 = (await makePreregistration(t.db, { branchId: A, purchased: false })).phone;
  });

  const send = (body: Record<string, unknown>, auth = admin) => t.http().post('/api/v1/sms').set('Authorization', auth).send(body);
  const queued = async () =>
    (await t.db.query(`SELECT phone, text, kind, batch_id, status FROM sms_outbox ORDER BY phone`)) as Array<{
      phone: string;
      text: string;
      kind: string;
      batch_id: number;
      status: string;
    }>;
  const phonesQueued = async () => (await queued()).map((r) => r.phone).sort();
  const nothingQueued = async () => {
    expect(await queued()).toEqual([]);
    expect(await t.db.query(`SELECT id FROM sms_batch`)).toEqual([]);
  };

  it('ALL: every live customer once, by phone, with a valid mobile only; the answer comes at once with the batch', async () => {
    const res = await send({ type: 'ALL', text: 'Dashain offer: Rs. 5,000 off every bike this week!' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: expect.any(Number), recipients_count: 5, segments: 1 }, message: '5 messages queued.' });
    expect(await phonesQueued()).toEqual([P1, P2, P5, P6, P7].sort());
    expect(await phonesQueued()).not.toContain(P4);
    expect(await phonesQueued()).not.toContain(P8);
    const rows = await queued();
    expect(new Set(rows.map((r) => `${r.kind}|${r.batch_id}|${r.status}|${r.text}`))).toEqual(
      new Set([`bulk|${res.body.data.id}|queued|Dashain offer: Rs. 5,000 off every bike this week!`]),
    );
    const [batch] = await t.db.query(`SELECT type, text, segments, recipients_count, branch_id, created_by FROM sms_batch WHERE id = $1`, [
      res.body.data.id,
    ]);
    const [{ id: adminId }] = await t.db.query(`SELECT id FROM "user" WHERE email = 'admin@example.com'`);
    expect(batch).toEqual({
      type: 'ALL',
      text: 'Dashain offer: Rs. 5,000 off every bike this week!',
      segments: 1,
      recipients_count: 5,
      branch_id: null,
      created_by: adminId,
    });
    // Nothing was sent in the request: the worker does it.
    expect(fake.requests).toHaveLength(0);
  });

  it('BRANCH: only the customers of the chosen branches; JSON ids, strings or a multipart list', async () => {
    const res = await send({ type: 'BRANCH', branches: [B, C], text: 'Service camp at your showroom on Saturday.' });
    expect(res.status).toBe(200);
    expect(res.body.data.recipients_count).toBe(3);
    expect(await phonesQueued()).toEqual([P5, P6, P7].sort());

    const multipart = await t
      .http()
      .post('/api/v1/sms')
      .set('Authorization', admin)
      .field('type', 'BRANCH')
      .field('branches[]', String(A))
      .field('text', 'Free helmet with every purchase.');
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ data: { recipients_count: 2 }, message: '2 messages queued.' });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE batch_id = $1`, [multipart.body.data.id]);
    expect(n).toBe(2);

    const strings = await send({ type: 'BRANCH', branches: `${C}`, text: 'Branch C only.' });
    expect(strings.body.data.recipients_count).toBe(1);
  });

  it('REGISTRANTS: those customers, deduplicated by phone; a deleted or unknown one is refused by position', async () => {
    const res = await send({ type: 'REGISTRANTS', registrants: [c1.id, c3.id, c5.id], text: 'Your first service is due.' });
    expect(res.status).toBe(200);
    expect(res.body.data.recipients_count).toBe(2);
    expect(await phonesQueued()).toEqual([P1, P5].sort());
    await t.db.query(`DELETE FROM sms_outbox`);
    await t.db.query(`DELETE FROM sms_batch`);

    const refused = await send({ type: 'REGISTRANTS', registrants: [c1.id, c4.id, 999999], text: 'Your first service is due.' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'registrants.2': ['The customer at position 2 was not found.'],
      'registrants.3': ['The customer at position 3 was not found.'],
      registrants: ['The customer at position 2 was not found.'],
    });
    await nothingQueued();
  });

  it('MOBILE: numbers split on commas and trimmed, read in any usual format, deduplicated', async () => {
    const [m1, m2] = mobiles(2);
    const res = await send({
      type: 'MOBILE',
      mobiles: ` ${m1},+977 ${m2.slice(0, 3)}-${m2.slice(3)} , ${m1}, `,
      text: 'Hello from Everest Moto.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: expect.any(Number), recipients_count: 2, segments: 1 }, message: '2 messages queued.' });
    expect(await phonesQueued()).toEqual([m1, m2].sort());
    const one = await send({ type: 'MOBILE', mobiles: m1, text: 'Just you.' });
    expect(one.body.message).toBe('1 message queued.');
  });

  it('MOBILE: an invalid number answers 422 naming its position, and nothing is queued', async () => {
    const [m1, m2] = mobiles(2);
    const res = await send({ type: 'MOBILE', mobiles: `${m1}, 01-4251234, ${m2}, 98123, hello`, text: 'Hello.' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The mobile number at position 2 is not a valid Nepal mobile number.');
    expect(res.body.errors).toEqual({
      'mobiles.2': ['The mobile number at position 2 is not a valid Nepal mobile number.'],
      'mobiles.4': ['The mobile number at position 4 is not a valid Nepal mobile number.'],
      'mobiles.5': ['The mobile number at position 5 is not a valid Nepal mobile number.'],
      mobiles: ['The mobile number at position 2 is not a valid Nepal mobile number.'],
    });
    const third = await send({ type: 'MOBILE', mobiles: `${m1},${m2},+1 555 0100`, text: 'Hello.' });
    expect(third.body.errors['mobiles.3']).toEqual(['The mobile number at position 3 is not a valid Nepal mobile number.']);
    await nothingQueued();
  });

  it.each([
    ['no text', { type: 'ALL' }, { text: ['The text field is required.'] }],
    ['a blank text', { type: 'ALL', text: '   ' }, { text: ['The text field is required.'] }],
    ['a text of 1001 characters', { type: 'ALL', text: 'x'.repeat(1001) }, { text: ['The text may not be greater than 1000 characters.'] }],
    ['no type', { text: 'Hello' }, { type: ['The type field is required.'] }],
    ['an unknown type', { type: 'EVERYONE', text: 'Hello' }, { type: ['The selected type is invalid.'] }],
    ['BRANCH without branches', { type: 'BRANCH', text: 'Hello' }, { branches: ['The branches field is required when type is BRANCH.'] }],
    ['an unknown branch', { type: 'BRANCH', branches: [999999], text: 'Hello' }, { branches: ['The selected branches are invalid.'] }],
    [
      'a branch that is not an id',
      { type: 'BRANCH', branches: ['abc'], text: 'Hello' },
      { branches: ['The selected branches are invalid.'] },
    ],
    [
      'REGISTRANTS without registrants',
      { type: 'REGISTRANTS', registrants: [], text: 'Hello' },
      { registrants: ['The registrants field is required when type is REGISTRANTS.'] },
    ],
    [
      'MOBILE without numbers',
      { type: 'MOBILE', mobiles: ' , ', text: 'Hello' },
      { mobiles: ['The mobiles field is required when type is MOBILE.'] },
    ],
    ['an unknown field', { type: 'ALL', text: 'Hello', send_to: 'all' }, { send_to: ['The send_to field is not allowed.'] }],
  ])('refuses %s with 422 under the field and queues nothing', async (_, body, errors) => {
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
    await nothingQueued();
  });

  it('refuses a send with nobody to reach (422), and the same send twice within a minute (409)', async () => {
    const [, , , D] = await branchIds(t.db);
    const res = await send({ type: 'BRANCH', branches: [D], text: 'Anyone?' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ branches: ['There is no customer to send this message to.'] });
    await nothingQueued();
    const body = { type: 'BRANCH', branches: [B], text: 'Only once, please.' };
    const [first, second] = await Promise.all([send(body), send(body)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toMatch(
      /^This message was already sent to these recipients a moment ago \(batch #\d+\)\. Wait a minute to send it again\.$/,
    );
    expect(await phonesQueued()).toEqual([P5, P6].sort());
    // Another text, or other recipients, is another send.
    expect((await send({ ...body, text: 'And this one too.' })).status).toBe(200);
    expect((await send({ ...body, branches: [C] })).status).toBe(200);
  });

  it('counts SMS parts: GSM-7 160/153, Nepali (Unicode) 70/67; the preview answers the same', async () => {
    const nepali = 'नमस्ते! '.repeat(10); // 80 characters of Devanagari: 2 parts
    const res = await send({ type: 'BRANCH', branches: [C], text: nepali });
    expect(res.body.data.segments).toBe(2);
    const long = await send({ type: 'BRANCH', branches: [C], text: 'a'.repeat(161) });
    expect(long.body.data.segments).toBe(2);
    const preview = (text: string) => t.http().post('/api/v1/sms/preview').set('Authorization', admin).send({ text });
    expect((await preview(nepali)).body).toEqual({ data: { segments: 2, encoding: 'UCS-2', characters: 80 } });
    expect((await preview('a'.repeat(160))).body).toEqual({ data: { segments: 1, encoding: 'GSM-7', characters: 160 } });
    expect((await preview('Price: €500\r\nCall us')).body).toEqual({ data: { segments: 1, encoding: 'GSM-7', characters: 19 } });
    expect((await preview('')).body).toEqual({ data: { segments: 0, encoding: 'GSM-7', characters: 0 } });
  });

  it('tells the confirm step how many phones a send reaches and its parts, queuing nothing', async () => {
    const count = (body: object) => t.http().post('/api/v1/sms/recipients').set('Authorization', admin).send(body);
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox`))[0].n;
    // Branch A: two customers and a third with the first one's phone (one message each phone); the deleted one is left out.
    const a = await count({ type: 'BRANCH', branches: [A], text: 'नमस्ते! '.repeat(10) });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ data: { recipients_count: 2, segments: 2 } });
    const sent = await send({ type: 'BRANCH', branches: [A], text: 'Counted then sent.' });
    expect(sent.body.data.recipients_count).toBe((await count({ type: 'BRANCH', branches: [A], text: 'x' })).body.data.recipients_count);
    const mobiles = await count({ type: 'MOBILE', mobiles: `${P1}, ${P1}, 9841000001`, text: 'Hi' });
    expect(mobiles.body.data).toEqual({ recipients_count: 2, segments: 1 });
    const bad = await count({ type: 'MOBILE', mobiles: '12345', text: 'Hi' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('mobiles');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox`))[0].n).toBe(before + sent.body.data.recipients_count);
  });

  it('branch staff reach only their own branch’s customers; ALL means their branch', async () => {
    const staff = `Bearer ${await branchUserToken(t, A)}`;
    const all = await send({ type: 'ALL', text: 'From your showroom in A.' }, staff);
    expect(all.status).toBe(200);
    expect(all.body.data.recipients_count).toBe(2);
    expect(await phonesQueued()).toEqual([P1, P2].sort());
    const [{ branch_id }] = await t.db.query(`SELECT branch_id FROM sms_batch WHERE id = $1`, [all.body.data.id]);
    expect(branch_id).toBe(A);

    const other = await send({ type: 'BRANCH', branches: [A, B], text: 'Sneaky.' }, staff);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ branches: ['You can only send to the customers of your own branch.'] });
    expect((await send({ type: 'BRANCH', branches: [A], text: 'Own branch.' }, staff)).body.data.recipients_count).toBe(2);

    const registrant = await send({ type: 'REGISTRANTS', registrants: [c1.id, c5.id], text: 'Sneaky.' }, staff);
    expect(registrant.status).toBe(422);
    expect(registrant.body.errors['registrants.2']).toEqual(['The customer at position 2 was not found.']);

    const mobile = await send({ type: 'MOBILE', mobiles: `${P1}, ${P5}`, text: 'Sneaky.' }, staff);
    expect(mobile.status).toBe(422);
    expect(mobile.body.errors).toEqual({
      'mobiles.2': ['The mobile number at position 2 is not a customer of your branch.'],
      mobiles: ['The mobile number at position 2 is not a customer of your branch.'],
    });
    // Their own customers and enquiries may be typed in.
    const own = await send({ type: 'MOBILE', mobiles: `${P2}, ${P8}`, text: 'Your own.' }, staff);
    expect(own.status).toBe(200);
    expect(own.body.data.recipients_count).toBe(2);

    // The batches they see are their branch's (three were sent); a head-office batch is a 404.
    const head = await send({ type: 'BRANCH', branches: [C], text: 'Head office only.' });
    const list = await t.http().get('/api/v1/sms').set('Authorization', staff);
    expect(list.body.recordsTotal).toBe(3);
    expect(list.body.data.map((b: { text: string }) => b.text)).toEqual(['Your own.', 'Own branch.', 'From your showroom in A.']);
    expect(list.body.data.every((b: { branch: { id: number } }) => b.branch.id === A)).toBe(true);
    expect((await t.http().get(`/api/v1/sms/${head.body.data.id}`).set('Authorization', staff)).status).toBe(404);
    expect((await t.http().get(`/api/v1/sms/${all.body.data.id}`).set('Authorization', staff)).status).toBe(200);
  });

  it('GET /sms: the batches table with queued, sent and failed counts; GET /sms/{id} one batch', async () => {
    fake.answer('POST /v2/sms/', (r) =>
      numbersOf(r).includes(P6) ? { status: 200, body: { response_code: 1007, response: 'Invalid Receiver' } } : sparrowOk(numbersOf(r)),
    );
    const first = await send({ type: 'BRANCH', branches: [B], text: 'First.' });
    const second = await send({ type: 'ALL', text: 'Second.' });
    expect(await worker.runOnce()).toBe(7);
    const third = await send({ type: 'BRANCH', branches: [C], text: 'Third.' });

    const list = await t.http().get('/api/v1/sms').query({ draw: 3 }).set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ input: { draw: 3, start: 0, length: 10 }, recordsTotal: 3, recordsFiltered: 3 });
    const adminName = (await t.db.query(`SELECT id, name FROM "user" WHERE email = 'admin@example.com'`))[0];
    expect(list.body.data).toEqual([
      {
        id: third.body.data.id,
        type: 'BRANCH',
        text: 'Third.',
        segments: 1,
        recipients_count: 1,
        queued: 1,
        sent: 0,
        failed: 0,
        branch: null,
        created_by: adminName,
        created_at: expect.any(String),
      },
      {
        id: second.body.data.id,
        type: 'ALL',
        text: 'Second.',
        segments: 1,
        recipients_count: 5,
        queued: 0,
        sent: 4,
        failed: 1,
        branch: null,
        created_by: adminName,
        created_at: expect.any(String),
      },
      {
        id: first.body.data.id,
        type: 'BRANCH',
        text: 'First.',
        segments: 1,
        recipients_count: 2,
        queued: 0,
        sent: 1,
        failed: 1,
        branch: null,
        created_by: adminName,
        created_at: expect.any(String),
      },
    ]);
    const searched = await t.http().get('/api/v1/sms').query({ 'search[value]': 'Second', draw: 4 }).set('Authorization', admin);
    expect(searched.body.data.map((b: { id: number }) => b.id)).toEqual([second.body.data.id]);
    expect(searched.body.recordsFiltered).toBe(1);

    const one = await t.http().get(`/api/v1/sms/${second.body.data.id}`).set('Authorization', admin);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: second.body.data.id, recipients_count: 5, queued: 0, sent: 4, failed: 1 });
    expect((await t.http().get('/api/v1/sms/999999').set('Authorization', admin)).status).toBe(404);
    expect((await t.http().get('/api/v1/sms/not-a-number').set('Authorization', admin)).status).toBe(404);
  });
});

describe('the SMS worker through the Sparrow gateway', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let admin: string;
  let worker: SmsWorker;

  const app = sparrowApp();
  beforeAll(() => {
    ({ t, fake, admin, worker } = app);
  });

  const sendTo = async (phones: string[], text: string) => {
    const res = await t
      .http()
      .post('/api/v1/sms')
      .set('Authorization', admin)
      .send({ type: 'MOBILE', mobiles: phones.join(','), text });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };
  const statuses = async (batchId: number) =>
    Object.fromEntries(
      (
        (await t.db.query(`SELECT phone, status, attempts FROM sms_outbox WHERE batch_id = $1`, [batchId])) as Array<{
          phone: string;
          status: string;
          attempts: number;
        }>
      ).map((r) => [r.phone, `${r.status}/${r.attempts}`]),
    );

  it('sends a batch’s identical texts in gateway calls of up to 100 numbers, and records each message', async () => {
    const phones = mobiles(250);
    const id = await sendTo(phones, 'Tihar offer: free service for a year.');
    expect(await worker.runOnce()).toBe(SMS_BATCH);
    expect(await worker.runOnce()).toBe(SMS_BATCH);
    expect(await worker.runOnce()).toBe(50);
    expect(await worker.runOnce()).toBe(0);
    expect(fake.requests.map((r) => numbersOf(r).length)).toEqual([SPARROW_MAX_RECIPIENTS, SPARROW_MAX_RECIPIENTS, 50]);
    expect(fake.requests[0].body).toMatchObject({
      token: 'sparrow-token',
      from: 'EverestMoto',
      text: 'Tihar offer: free service for a year.',
    });
    expect(fake.requests.flatMap(numbersOf).sort()).toEqual([...phones].sort());
    const rows = await t.db.query(
      `SELECT status, attempts, provider, provider_response, sent_at FROM sms_outbox WHERE batch_id = $1 ORDER BY id LIMIT 1`,
      [id],
    );
    expect(rows[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider: 'sparrow',
      provider_response: { status: 200, recipients: 100, body: { count: 100, response_code: 200 } },
    });
    expect(rows[0].sent_at).toBeInstanceOf(Date);
    expect(new Set(Object.values(await statuses(id)))).toEqual(new Set(['sent/1']));
  });

  it('retries a failed gateway call later, and sends each number once it works', async () => {
    const phones = mobiles(3);
    let calls = 0;
    fake.answer('POST /v2/sms/', (r) => (++calls === 1 ? { status: 503, body: 'Service Unavailable' } : sparrowOk(numbersOf(r))));
    const id = await sendTo(phones, 'Retry me.');
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(await worker.runOnce()).toBe(3);
      expect(new Set(Object.values(await statuses(id)))).toEqual(new Set(['queued/1']));
      const [row] = await t.db.query(`SELECT provider_response FROM sms_outbox WHERE batch_id = $1 LIMIT 1`, [id]);
      expect(row.provider_response).toEqual({ status: 503, body: 'Service Unavailable', recipients: 3 });
      // Not due before the backoff.
      expect(await worker.runOnce()).toBe(0);
      await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE batch_id = $1`, [id]);
      expect(await worker.runOnce()).toBe(3);
    } finally {
      warn.mockRestore();
    }
    expect(new Set(Object.values(await statuses(id)))).toEqual(new Set(['sent/2']));
    expect(fake.requests.map((r) => numbersOf(r).length)).toEqual([3, 3]);
  });

  it('records a permanent failure at once: an invalid receiver is failed, the rest of its call still goes out', async () => {
    const phones = mobiles(4);
    const bad = phones[2];
    fake.answer('POST /v2/sms/', (r) =>
      numbersOf(r).includes(bad) ? { status: 403, body: { response_code: 1007, response: 'Invalid Receiver' } } : sparrowOk(numbersOf(r)),
    );
    const id = await sendTo(phones, 'One of you is not reachable.');
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(await worker.runOnce()).toBe(4);
    } finally {
      warn.mockRestore();
    }
    // The call of four was refused, then each number went alone.
    expect(fake.requests.map((r) => numbersOf(r).length)).toEqual([4, 1, 1, 1, 1]);
    expect(await statuses(id)).toEqual({ [phones[0]]: 'sent/1', [phones[1]]: 'sent/1', [bad]: 'failed/1', [phones[3]]: 'sent/1' });
    const [failed] = await t.db.query(`SELECT provider_response FROM sms_outbox WHERE phone = $1`, [bad]);
    expect(failed.provider_response).toEqual({ status: 403, body: { response_code: 1007, response: 'Invalid Receiver' } });
    await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now()`);
    expect(await worker.runOnce()).toBe(0);
  });

  it('sends codes and other single messages before a large bulk batch waiting in the queue', async () => {
    const phones = mobiles(SMS_BATCH + 20);
    await sendTo(phones, 'Big campaign.');
    const otpPhone = uniquePhone();
    await t.db.transaction(() => t.app.get(SmsService).queue([{ phone: otpPhone, text: 'Your code is 123456', kind: 'otp' }]));
    expect(await worker.runOnce()).toBe(SMS_BATCH);
    const first = fake.requests.map((r) => ({ to: numbersOf(r), text: textOf(r) }));
    expect(first).toContainEqual({ to: [otpPhone], text: 'Your code is 123456' });
    expect(first.find((c) => c.text === 'Big campaign.')!.to).toHaveLength(SMS_BATCH - 1);
  });
});

describe('stopping and starting the worker mid-batch', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    // A slow gateway: each call takes 250 ms.
    fake = await startFakeProvider({ 'POST /v2/sms/': (r) => ({ ...sparrowOk(numbersOf(r)), delayMs: 250 }) });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const receivedCounts = () => {
    const counts = new Map<string, number>();
    for (const p of fake.requests.flatMap(numbersOf)) counts.set(p, (counts.get(p) ?? 0) + 1);
    return counts;
  };
  const sentCount = async (db: Client) =>
    (await db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE status = 'sent'`)).rows[0].n as number;

  it('a stopped instance finishes the gateway call in flight; a second instance sends the rest: every phone exactly once', async () => {
    const first = await startTestApp({ env: sparrowEnv(fake, { SMS_WORKER: 'true', SMS_WORKER_INTERVAL_MS: '20' }) });
    let second: Awaited<ReturnType<typeof startOnDatabase>> | undefined;
    try {
      const phones = mobiles(1000);
      const res = await first
        .http()
        .post('/api/v1/sms')
        .set('Authorization', `Bearer ${await first.token('admin@example.com')}`)
        .send({ type: 'MOBILE', mobiles: phones.join(','), text: 'Stop and go.' });
      expect(res.body.data.recipients_count).toBe(1000);
      await fake.waitFor(() => true, { count: 3 });
      // Stop while a call is with the gateway.
      await first.app.close();
      const callsBeforeStop = fake.requests.length;
      expect(callsBeforeStop).toBeLessThan(10);
      const db = new Client({ connectionString: first.databaseUrl });
      await db.connect();
      try {
        // The call in flight was recorded; nothing is left claimed by the stopped instance.
        expect(await sentCount(db)).toBe(callsBeforeStop * SPARROW_MAX_RECIPIENTS);
        expect((await db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE status = 'sending'`)).rows[0].n).toBe(0);
        second = await startOnDatabase(first.databaseUrl, sparrowEnv(fake, { SMS_WORKER: 'true' }));
        await until('every message sent', async () => (await sentCount(db)) === 1000);
      } finally {
        await db.end();
      }
      const counts = receivedCounts();
      expect(counts.size).toBe(1000);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(fake.requests).toHaveLength(10);
    } finally {
      await second?.close();
      await first.close().catch(() => undefined);
    }
  });

  it('a stop puts the claimed messages it had not handed to the gateway back in the queue at once', async () => {
    // Aakash takes one number per call, ten calls at a time: a round of 50 needs five waves.
    const slow = await startFakeProvider({ 'POST /sms/v3/send': { body: AAKASH_OK, delayMs: 300 } });
    const app = await startTestApp({
      env: { SMS_PROVIDER: 'aakash', SMS_BASE_URL: slow.url, SMS_WORKER: 'true', SMS_WORKER_INTERVAL_MS: '20' },
    });
    try {
      await app.app.get(SmsService).queue(mobiles(50).map((phone) => ({ phone, text: 'Wave', kind: 'bulk' })));
      await slow.waitFor(() => true, { count: 10 });
      await app.app.close();
      const calls = slow.requests.length;
      const db = new Client({ connectionString: app.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query(
          `SELECT status, attempts, count(*)::int AS n FROM sms_outbox GROUP BY status, attempts ORDER BY status`,
        );
        expect(rows).toEqual([
          { status: 'queued', attempts: 0, n: 50 - calls },
          { status: 'sent', attempts: 1, n: calls },
        ]);
      } finally {
        await db.end();
      }
      expect(calls).toBeLessThan(50);
    } finally {
      await app.close().catch(() => undefined);
      await slow.close();
    }
  });

  it('a crashed instance (its results never recorded) costs at most the round in flight sent twice, once its claim expires', async () => {
    const first = await startTestApp({ env: sparrowEnv(fake, { SMS_WORKER: 'false' }) });
    let second: Awaited<ReturnType<typeof startOnDatabase>> | undefined;
    try {
      const phones = mobiles(300);
      await first
        .http()
        .post('/api/v1/sms')
        .set('Authorization', `Bearer ${await first.token('admin@example.com')}`)
        .send({ type: 'MOBILE', mobiles: phones.join(','), text: 'Crash test.' });
      // The process dies after the gateway accepted the round and before it wrote the result.
      const crashed = first.app.get(SmsWorker);
      jest.spyOn(crashed as unknown as { record: () => Promise<void> }, 'record').mockRejectedValue(new Error('killed'));
      await expect(crashed.runOnce()).rejects.toThrow('killed');
      const databaseUrl = first.databaseUrl;
      await first.app.close();
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n, min(locked_until) > now() AS held FROM sms_outbox WHERE status = 'sending'`,
        );
        expect(rows[0]).toEqual({ n: SMS_BATCH, held: true });
        // Another instance leaves them alone while the claim holds...
        second = await startOnDatabase(databaseUrl, sparrowEnv(fake, { SMS_WORKER: 'true' }));
        await until('the unclaimed messages sent', async () => (await sentCount(db)) === 300 - SMS_BATCH);
        expect((await db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE status = 'sending'`)).rows[0].n).toBe(SMS_BATCH);
        // ...and takes them over once it expires (SMS_LOCK_SECONDS; time moved on here).
        await db.query(`UPDATE sms_outbox SET locked_until = now() - interval '1 second' WHERE status = 'sending'`);
        await until('every message sent', async () => (await sentCount(db)) === 300);
      } finally {
        await db.end();
      }
      const counts = receivedCounts();
      expect(counts.size).toBe(300);
      const twice = [...counts.values()].filter((n) => n === 2).length;
      expect([...counts.values()].every((n) => n === 1 || n === 2)).toBe(true);
      expect(twice).toBeLessThanOrEqual(SMS_BATCH);
    } finally {
      await second?.close();
      await first.close().catch(() => undefined);
    }
  });
});

describe('bulk SMS at volume (measured, not timed)', () => {
  it('queues 10,000 customers in one request and delivers them through the local fake gateway', async () => {
    const fake = await startFakeProvider({ 'POST /v2/sms/': (r) => sparrowOk(numbersOf(r)) });
    const t = await startTestApp({ env: sparrowEnv(fake, { SMS_WORKER: 'true', SMS_WORKER_INTERVAL_MS: '20' }) });
    try {
      const branches = await branchIds(t.db);
      const seeded = Date.now();
      await t.db.transaction((em) =>
        insertDemoSales((sql, params) => em.query(sql, params), {
          count: 10_000,
          branchIds: branches,
          days: 30,
          purchased: true,
          tag: 'SMS',
        }),
      );
      const seedMs = Date.now() - seeded;
      const token = `Bearer ${await t.token('admin@example.com')}`;
      const started = Date.now();
      const res = await t
        .http()
        .post('/api/v1/sms')
        .set('Authorization', token)
        .send({ type: 'ALL', text: 'Everest Moto: 10,000 riders, one message.' });
      const requestMs = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body.data.recipients_count).toBe(10_000);
      const done = await until(
        'all 10,000 sent',
        async () => {
          const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE status = 'sent'`);
          return n === 10_000 && Date.now();
        },
        120000,
      );
      const firstCall = fake.requests[0].at;
      const seconds = (done - firstCall) / 1000;
      expect(fake.requests).toHaveLength(10_000 / SPARROW_MAX_RECIPIENTS);
      expect(new Set(fake.requests.flatMap(numbersOf)).size).toBe(10_000);
      process.stdout.write(
        `\n[measure] seeded 10,000 registrations (set-based) in ${seedMs} ms; POST /sms to 10,000 answered in ${requestMs} ms; ` +
          `the worker delivered 10,000 in ${seconds.toFixed(2)} s (${Math.round(10_000 / seconds)} messages/s, ${fake.requests.length} gateway calls)\n`,
      );
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
