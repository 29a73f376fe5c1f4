import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source';
import { enquiryBody, uniqueDigits, uniquePhone } from './factories/campaign';
import { makePreregistration } from './factories/purchase';
import { ChildApp, childLogin, startChildApp } from './harness/child-app';
import { FakeProvider, SPARROW_OK, startFakeProvider } from './harness/fake-provider';
import { createTestDatabase } from './harness/test-app';
import { awayFromMidnight, passResendWait } from './harness/nepal-day';

jest.setTimeout(300_000);

/**
 * No code in any log line. The built app runs as a child process with LOG_LEVEL=info and
 * Sparrow pointed at a local fake gateway (the `log` provider prints codes by design and is
 * the documented exception); everything it writes is kept. Every code it made (OTPs, coupon
 * codes) goes through enquiry, verify, wrong tries, resends, staff reads, a failing gateway
 * and shutdown; then the log is searched for each code as a whole number.
 */
describe('codes never reach the log', () => {
  // Counts a Nepal day's codes: not across Nepal's midnight (waits when run just before or after it).
  beforeAll(() => awayFromMidnight(), 240_000);
  let fake: FakeProvider;
  let child: ChildApp;
  let db: DataSource;
  let drop: () => Promise<void>;
  const failingPhone = uniquePhone();

  beforeAll(async () => {
    fake = await startFakeProvider();
    // One phone's messages fail at the gateway, so the worker's failure lines are in the log too.
    fake.answer('POST /v2/sms/', (r) => (String((r.body as Record<string, string>).to).includes(failingPhone) ? { status: 500, body: { response_code: 500 } } : { status: 200, body: SPARROW_OK }));
    const database = await createTestDatabase('demo');
    drop = database.drop;
    db = new DataSource(dataSourceOptions(database.url, 2));
    await db.initialize();
    child = await startChildApp({
      databaseUrl: database.url,
      env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 'log-test-token', TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' },
    });
  });
  afterAll(async () => {
    if (child && child.proc.exitCode === null) await child.stop('SIGKILL');
    await db?.destroy();
    await drop?.();
    await fake?.close();
  });

  let ip = 0;
  const call = async (method: string, path: string, body?: object, token?: string) => {
    const res = await fetch(`${child.url}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${++ip % 250}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as { data: { slug: string; code?: string } } };
  };
  const codeOf = async (slug: string) => {
    const [row] = await db.query(`SELECT code FROM preregistration WHERE slug = $1`, [slug]);
    if (!row) throw new Error(`no pre-registration ${slug} in the database the app writes to; last log lines:\n${child.lines.slice(-15).join('\n')}`);
    return row.code as string;
  };
  const pass60s = (phone: string) => passResendWait(db, phone, 'otp');

  it('makes, sends, checks and resends codes with LOG_LEVEL=info, and no log line holds one', async () => {
    const codes: string[] = [];
    // Public enquiry: a wrong try, then the right code.
    const first = await call('POST', '/enquiry', await enquiryBody(db, { phone: uniquePhone() }));
    expect([first.status, first.status === 200 ? "" : JSON.stringify(first.body)]).toEqual([200, ""]);
    const c1 = await codeOf(first.body.data.slug);
    codes.push(c1);
    expect((await call('POST', `/enquiry/${first.body.data.slug}/verify`, { code: c1 === '000000' ? '111111' : '000000' })).status).toBe(422);
    expect((await call('POST', `/enquiry/${first.body.data.slug}/verify`, { code: c1 })).status).toBe(200);

    // A phone whose messages fail at the gateway, and its resend.
    const second = await call('POST', '/enquiry', await enquiryBody(db, { phone: failingPhone }));
    expect(second.status).toBe(200);
    codes.push(await codeOf(second.body.data.slug));
    await pass60s(failingPhone);
    expect((await call('POST', `/enquiry/${second.body.data.slug}/resend`, {})).status).toBe(200);
    codes.push(await codeOf(second.body.data.slug));

    // Staff: a pre-registration with its code by SMS, head office reads it (the code is in the answer), resends, staff verify.
    const staff = await childLogin(child.url, 'staff@example.com', 'Staff@2082', '10.78.0.1');
    const office = await childLogin(child.url, 'office@example.com', 'Office@2082', '10.78.0.2');
    const phone3 = uniquePhone();
    const made = await call('POST', '/preregistration', { name: 'Log Test', address: 'Teku', phone: phone3, citizenship_no: uniqueDigits(11), send_sms: true }, staff);
    expect(made.status).toBe(200);
    const slug3 = made.body.data.slug;
    const read = await call('GET', `/preregistration/${slug3}`, undefined, office);
    expect(read.body.data.code).toMatch(/^\d{6}$/);
    codes.push(read.body.data.code!);
    await pass60s(phone3);
    expect((await call('POST', `/preregistration/${slug3}/resend`, undefined, office)).status).toBe(200);
    const c5 = await codeOf(slug3);
    codes.push(c5);
    expect((await call('POST', `/preregistration/${slug3}/verify`, { code: c5 }, staff)).status).toBe(200);

    // A purchase with its coupon code by SMS, a new coupon code, and its check at key hand-over.
    const pre = await makePreregistration(db, { branchId: (await db.query(`SELECT id FROM branch ORDER BY "order", id LIMIT 1`))[0].id });
    const model = (await db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`))[0].id;
    const sale = await call('POST', '/registration', { preregistration_id: pre.slug, bill_no: uniqueDigits(8), name: pre.name, address: 'Teku', citizenship_no: uniqueDigits(10), bike_model_id: model, payment_mode: 'CASH', send_sms: true }, staff);
    expect(sale.status).toBe(200);
    const coupon = async () => (await db.query(`SELECT coupon_code FROM registration WHERE slug = $1`, [sale.body.data.slug]))[0].coupon_code as string;
    codes.push(await coupon());
    // The wait between coupon codes counts from the last one sent to the phone (the outbox).
    await passResendWait(db, pre.phone, 'coupon');
    expect((await call('POST', `/registration/${sale.body.data.slug}/reset`, undefined, office)).status).toBe(200);
    const k2 = await coupon();
    codes.push(k2);
    expect((await call('POST', `/registration/${sale.body.data.slug}/verify`, { code: k2 === '000000' ? '111111' : '000000' }, staff)).status).toBe(422);
    expect((await call('POST', `/registration/${sale.body.data.slug}/verify`, { code: k2 }, staff)).status).toBe(200);

    // A sign-in code: strangers spend the account's budget for untrusted browsers, then a fresh browser signs in with the password and the code sent by SMS.
    const managerPhone = (await db.query(`SELECT phone FROM "user" WHERE email = 'manager@example.com'`))[0].phone as string;
    for (let i = 0; i < 10; i++) expect((await call('POST', '/auth/login', { email: 'manager@example.com', password: `wrong-${i}` })).status).toBe(401);
    expect((await call('POST', '/auth/login', { email: 'manager@example.com', password: 'Manager@2082' })).status).toBe(401);
    const signinText = (await fake.waitFor((r) => String((r.body as Record<string, string>).to).includes(managerPhone) && /sign-in code/.test(String((r.body as Record<string, string>).text))))[0];
    const signinCode = /\b(\d{6})\b/.exec(String((signinText.body as Record<string, string>).text))![1];
    codes.push(signinCode);
    expect((await call('POST', '/auth/login', { email: 'manager@example.com', password: 'Manager@2082', code: signinCode })).status).toBe(200);

    // Let the worker hand everything to the gateway (and fail the failing phone's), then stop the app.
    // Waited for at the gateway itself: a row leaves the queue before its request arrives (a loaded machine shows the gap).
    const texts = () => fake.requestsTo('POST /v2/sms/').map((r) => String((r.body as Record<string, string>).text));
    const allTravelled = () => codes.every((c) => texts().some((tx) => tx.includes(c)));
    for (let i = 0; i < 400 && !allTravelled(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(allTravelled()).toBe(true); // the codes did travel, by SMS
    const exit = await child.stop('SIGTERM');
    expect(exit.code).toBe(0);

    const lines = child.lines;
    expect(lines.some((l) => l.includes('"url":"/api/v1/enquiry"'))).toBe(true); // request logging was on
    expect(lines.some((l) => /SMS #\d+ \(otp\) to 98\*{6}\d{2}|SMS #\d+ \(otp\) to 9\d\*{6}\d{2}/.test(l))).toBe(true); // the gateway failure was logged, masked
    const found = codes.flatMap((c) => lines.filter((l) => new RegExp(`(?<!\\d)${c}(?!\\d)`).test(l)).map((l) => `${c}: ${l.slice(0, 200)}`));
    expect(found).toEqual([]);
    console.log(`logs: ${lines.length} log lines at LOG_LEVEL=info searched for ${codes.length} codes (${new Set(codes).size} distinct OTP, coupon and sign-in codes sent by SMS): ${found.length} found`);
  });
});
