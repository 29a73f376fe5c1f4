import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { UnprocessableError } from '../../common/http/errors';
import { Db } from '../../repositories/db';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { type SettingValues } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';
import { OneTimeCodes, PURCHASE_COUPON, supportHelp } from '../sms/one-time-code';
import { fillTemplate } from '../sms/sms-templates';
import { SmsService } from '../sms/sms.service';
import { SALE_FAILURES } from './registration-checks';
import { RegistrationRecordsService } from './registration-records.service';
import { RegistrationEntity } from './registration.entity';
import { couponTemplate } from './registration.rules';

type CouponOutcome = { ok: true; slug: string } | { ok: false; slug: string; error: UnprocessableError };

/** What the coupon SMS reads of its registration. */
type CouponHolder = Pick<RegistrationEntity, 'name' | 'phone' | 'bill_no' | 'coupon_amount' | 'preregistration_id'>;

/**
 * The purchase coupon's code: made with the purchase, sent by SMS, confirmed by staff at key
 * hand-over (verify), sent again or replaced (notify, reset).
 */
@Injectable()
export class CouponService {
  constructor(
    private readonly rows: RegistrationRepository,
    private readonly db: Db,
    private readonly records: RegistrationRecordsService,
    private readonly settings: SettingService,
    private readonly preregistrations: PreregistrationRepository,
    private readonly sms: SmsService,
    private readonly codes: OneTimeCodes,
  ) {}

  /**
   * The purchase draw's coupon (`amount`) and its first code, inside the purchase's
   * transaction; the SMS is queued when the purchase asks for it, whatever the phone's limits
   * (the sale must not fail on them), and counts toward them.
   */
  async issueForPurchase(settings: SettingValues, saved: RegistrationEntity, amount: number): Promise<void> {
    const { code, expiresAt } = this.codes.issue(PURCHASE_COUPON);
    await this.rows.setPurchaseCoupon(saved.id, amount, code, expiresAt, saved.send_sms);
    if (saved.send_sms) await this.queueSms(settings, { ...saved, coupon_amount: amount }, code);
  }

  /**
   * Staff confirm, at key hand-over, the coupon code the customer received. A wrong code
   * counts a try; after 5 wrong tries (or 30 days) the code is dead and a new one must be sent.
   */
  async verify(user: AuthUser, slugOrId: string, code: string) {
    const settings = await this.settings.getAll();
    const outcome = await this.db.transaction(async (): Promise<CouponOutcome> => {
      const record = await this.lockForCoupon(user, slugOrId);
      const slug = record.slug;
      if (record.coupon_verified_at) return { ok: true, slug };
      const verdict = await this.codes.verify(
        { code: record.coupon_code, expiresAt: record.coupon_code_expires_at, attempts: record.coupon_attempts },
        code,
        PURCHASE_COUPON,
        supportHelp(settings.support_phones),
        (attempts) => this.rows.setCouponAttempts(record.id, attempts),
      );
      if (!verdict.ok) return { ok: false, slug, error: verdict.error };
      await this.rows.markCouponVerified(record.id);
      return { ok: true, slug };
    });
    // The wrong try is committed before the 422 is answered.
    if (!outcome.ok) throw outcome.error;
    return this.records.findOne(user, outcome.slug);
  }

  /** A new coupon code (the old one stops working), sent by SMS; 60 s between sends, 5 sends a day. */
  reset(user: AuthUser, slugOrId: string) {
    return this.send(user, slugOrId, true);
  }

  /** Sends the coupon SMS again (the same code while it is usable, otherwise a new one). */
  notify(user: AuthUser, slugOrId: string) {
    return this.send(user, slugOrId, false);
  }

  private async send(user: AuthUser, slugOrId: string, fresh: boolean) {
    // The settings have their own connection: read before the transaction (the embedded
    // database runs one transaction at a time).
    const { id } = await this.records.load(user, slugOrId, { withDeleted: true });
    const settings = await this.settings.getAll();
    const slug = await this.db.transaction(async (em) => {
      const record = await this.lockForCoupon(user, String(id));
      if (record.coupon_amount === null) throw SALE_FAILURES.fail('NoCoupon');
      if (record.coupon_verified_at) throw SALE_FAILURES.fail('CouponVerified');
      await this.codes.checkSend(em, record.phone, PURCHASE_COUPON);
      const stored = { code: record.coupon_code, expiresAt: record.coupon_code_expires_at, attempts: record.coupon_attempts };
      let code = record.coupon_code!;
      if (fresh || !this.codes.usable(stored, PURCHASE_COUPON)) {
        const issued = this.codes.issue(PURCHASE_COUPON);
        code = issued.code;
        await this.rows.replaceCouponCode(record.id, code, issued.expiresAt);
      }
      await this.rows.markCouponSent(record.id);
      await this.queueSms(settings, record, code);
      return record.slug;
    });
    return this.records.findOne(user, slug);
  }

  /** The registration locked until the transaction ends, with its stored code; 409 when deleted. */
  private async lockForCoupon(user: AuthUser, slugOrId: string): Promise<RegistrationEntity> {
    const record = await this.records.load(user, slugOrId, { lock: true, withDeleted: true });
    if (record.deleted_at) throw SALE_FAILURES.fail('DeletedNoCoupon');
    return Object.assign(record, await this.rows.couponSecret(record.id));
  }

  private async queueSms(settings: SettingValues, r: CouponHolder, code: string): Promise<void> {
    const coupon = r.coupon_amount ?? 0;
    const prize = (await this.preregistrations.prizeOf(r.preregistration_id)) ?? 0;
    const rupees = (n: number) => n.toLocaleString('en-IN');
    const text = fillTemplate(couponTemplate(settings.sms_template_coupon), {
      name: r.name,
      coupon: rupees(coupon),
      prize: rupees(prize),
      total: rupees(prize + coupon),
      code,
      bill_no: r.bill_no,
      campaign: settings.campaign_name,
      brand: settings.brand_name,
    });
    await this.sms.queue([{ phone: r.phone, text, kind: 'coupon' }]);
  }
}
