import { TooManyRequestsError } from '../src/common/http/errors';
import { DrawService } from '../src/modules/draw/draw.service';
import { CODE_MESSAGES, ENQUIRY_CODE, OneTimeCodes, PURCHASE_COUPON } from '../src/modules/sms/one-time-code';
import { SmsService } from '../src/modules/sms/sms.service';
import { allocate, branchIds, clearScheme, uniquePhone } from './factories/campaign';
import { makePreregistration } from './factories/purchase';
import { startTestApp, TestApp } from './harness/test-app';
import { awayFromMidnight, passResendWait } from './harness/nepal-day';

/** The code lifecycle and the draw, called as services on a real PostgreSQL (no HTTP). */
describe('services: one code lifecycle, one draw', () => {
  // Counts a Nepal day's codes: not across Nepal's midnight (waits when run just before or after it).
  beforeAll(() => awayFromMidnight(), 240_000);
  let t: TestApp;
  let codes: OneTimeCodes;
  let sms: SmsService;
  let draws: DrawService;

  beforeAll(async () => {
    t = await startTestApp();
    codes = t.app.get(OneTimeCodes);
    sms = t.app.get(SmsService);
    draws = t.app.get(DrawService);
    await clearScheme(t.db);
  });
  afterAll(() => t.close());

  const refusal = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (e) {
      if (e instanceof TooManyRequestsError) return (e.getResponse() as { message: string }).message;
      throw e;
    }
    return 'allowed';
  };
  const send = (phone: string, policy = PURCHASE_COUPON) =>
    refusal(() =>
      t.db.transaction(async (em) => {
        await codes.checkSend(em, phone, policy);
        await sms.queue([{ phone, text: 'code', kind: policy.kind }]);
      }),
    );
  const age = (phone: string) => passResendWait(t.db, phone);

  it('waits 60 s between two codes to a phone and sends at most 5 a day, per kind, for both codes alike', async () => {
    for (const policy of [ENQUIRY_CODE, PURCHASE_COUPON]) {
      const phone = uniquePhone();
      expect(await send(phone, policy)).toBe('allowed');
      expect(await send(phone, policy)).toMatch(/^Please wait (60|59) seconds before requesting a new code\.$/);
      for (let i = 0; i < 4; i++) {
        await age(phone);
        expect(await send(phone, policy)).toBe('allowed');
      }
      await age(phone);
      expect(await send(phone, policy)).toBe(CODE_MESSAGES.capped(5));
      // The other kind's ledger is its own.
      const other = policy === ENQUIRY_CODE ? PURCHASE_COUPON : ENQUIRY_CODE;
      expect(await send(phone, other)).toBe('allowed');
    }
  });

  it('judges a typed code the same way for both: none, expired, wrong (counted), the last wrong locks, right', () => {
    const soon = new Date(Date.now() + 60_000);
    const verdict = (stored: { code: string | null; expiresAt: Date | null; attempts: number }, given: string) => {
      const v = codes.check(stored, given, PURCHASE_COUPON, ' For help, call 9800000000.');
      return v.ok ? 'ok' : { message: v.error.getResponse(), attempts: v.attempts };
    };
    expect(verdict({ code: null, expiresAt: soon, attempts: 0 }, '123456')).toEqual({ message: { message: CODE_MESSAGES.none, errors: { code: [CODE_MESSAGES.none] } }, attempts: undefined });
    expect(verdict({ code: '123456', expiresAt: new Date(Date.now() - 1), attempts: 0 }, '123456')).toMatchObject({ message: { errors: { code: [CODE_MESSAGES.expired] } } });
    expect(verdict({ code: '123456', expiresAt: soon, attempts: 0 }, '654321')).toMatchObject({ message: { errors: { code: [CODE_MESSAGES.incorrect] } }, attempts: 1 });
    const locked = `${CODE_MESSAGES.exhausted} For help, call 9800000000.`;
    expect(verdict({ code: '123456', expiresAt: soon, attempts: 4 }, '654321')).toMatchObject({ message: { errors: { code: [locked] } }, attempts: 5 });
    expect(verdict({ code: '123456', expiresAt: soon, attempts: 5 }, '123456')).toMatchObject({ message: { errors: { code: [locked] } } });
    expect(verdict({ code: '123456', expiresAt: soon, attempts: 4 }, '123456')).toBe('ok');
    const issued = codes.issue(PURCHASE_COUPON);
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(Math.round((issued.expiresAt.getTime() - Date.now()) / 86400000)).toBe(30);
    expect(Math.round((codes.issue(ENQUIRY_CODE).expiresAt.getTime() - Date.now()) / 1000)).toBe(600);
  });

  it('draws once per record, claims stock once, and moves a draw to another record without a new roll', async () => {
    const [A] = await branchIds(t.db);
    const allocation = await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 1, amount: 9000, probability: 100 });
    const first = await makePreregistration(t.db, { branchId: A, verified: false });
    const second = await makePreregistration(t.db, { branchId: A, verified: false });
    const req = { kind: 'preregistration' as const, recordId: first.id, type: 'preregistration_branch' as const, branchId: A };
    const made = await t.db.transaction((em) => draws.draw(em, req));
    expect(made).toMatchObject({ amount: 9000, allocation_id: allocation, fresh: true });
    const again = await t.db.transaction((em) => draws.draw(em, req));
    expect(again).toMatchObject({ id: made.id, amount: 9000, fresh: false });
    const moved = await t.db.transaction(() => draws.move('preregistration', first.id, second.id));
    expect(moved).toMatchObject({ id: made.id, record_id: second.id, amount: 9000 });
    // The moved draw is the second record's: asking for it returns it, no roll, no stock taken.
    await allocate(t.db, { type: 'preregistration_branch', branchId: A, count: 3, amount: 8000, probability: 100 });
    const kept = await t.db.transaction((em) => draws.draw(em, { ...req, recordId: second.id }));
    expect(kept).toMatchObject({ id: made.id, amount: 9000, fresh: false });
    const rows = await t.db.query(`SELECT record_id FROM draw WHERE kind = 'preregistration' AND record_id = ANY($1)`, [[first.id, second.id]]);
    expect(rows).toEqual([{ record_id: second.id }]);
    const [{ remaining }] = await t.db.query(`SELECT sum(remaining)::int AS remaining FROM allocation WHERE amount = 8000`);
    expect(remaining).toBe(3);
  });
});
