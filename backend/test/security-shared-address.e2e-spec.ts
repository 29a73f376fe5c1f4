import { PUBLIC_LIMITS } from '../src/common/rate-limit/public-limits';
import { CAMPAIGN_ENV, enquiryBody, uniquePhone } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * Many people behind one address is normal in Nepal (carrier gateways, a showroom's Wi-Fi):
 * an hour of a launch day from one address goes through, while one machine flooding the
 * server still meets the address's limit (common/rate-limit/public-limits.ts).
 */
describe('a shared address (carrier gateway, showroom Wi-Fi)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
  });
  afterAll(() => t?.close());

  /** A minute passes for the address's one-minute windows (the hour's windows keep counting). */
  const aMinutePasses = () => t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key LIKE 'ip:%:short:%'`);

  it('takes 300 distinct real enquiries from one address in an hour, each sending its code', async () => {
    const ip = '10.99.0.1';
    const perMinute = PUBLIC_LIMITS.enquiry.short.limit;
    const phones: string[] = [];
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 300; i++) {
      // Spread over the hour as people arrive: never more than a minute's limit in one minute.
      if (i > 0 && i % Math.min(50, perMinute) === 0) await aMinutePasses();
      const phone = uniquePhone();
      phones.push(phone);
      const res = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', ip).send(await enquiryBody(t.db, { phone }));
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 200: 300 });
    const [codes] = await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE kind = 'otp' AND phone = ANY($1)`, [phones]);
    expect(codes.n).toBe(300);
  });

  it('still refuses one machine that floods within a minute', async () => {
    const ip = '10.99.0.2';
    const limit = PUBLIC_LIMITS.enquiry.short.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', ip).send(await enquiryBody(t.db, { phone: uniquePhone() }))).status);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});
