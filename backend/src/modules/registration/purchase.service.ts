import { Injectable } from '@nestjs/common';
import { parseNepalMobile } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { newSlug } from '../../common/slug';
import { Db } from '../../repositories/db';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { DrawService } from '../draw/draw.service';
import { PREREGISTRATION_FAILURES } from '../preregistration/preregistration-failures';
import { ReferrerService } from '../referrer/referrer.service';
import { SettingService } from '../setting/setting.service';
import { CouponService } from './coupon.service';
import { CreateRegistrationDto } from './dto/create-registration.dto';
import { mappingUniqueRaces, RegistrationChecks, SALE_FAILURES } from './registration-checks';
import { RegistrationRecordsService } from './registration-records.service';
import { prefixBillNo } from './registration.rules';

/** A purchase: a verified pre-registration becomes a registration, with its draw and coupon. */
@Injectable()
export class PurchaseService {
  constructor(
    private readonly rows: RegistrationRepository,
    private readonly db: Db,
    private readonly checks: RegistrationChecks,
    private readonly records: RegistrationRecordsService,
    private readonly coupons: CouponService,
    private readonly settings: SettingService,
    private readonly preregistrations: PreregistrationRepository,
    private readonly referrers: ReferrerService,
    private readonly draws: DrawService,
  ) {}

  /**
   * Converts a verified, unpurchased pre-registration into a purchase, in one transaction:
   * the pre-registration row is locked, the registration inserted, the pre-registration
   * marked purchased, the purchase draw run once, the coupon code made and its SMS queued.
   * A second request for the same pre-registration waits on the lock and then finds it
   * purchased (422), so there is one registration and one draw.
   */
  async create(user: AuthUser, dto: CreateRegistrationDto) {
    // Branch users only: the route's access rule refuses head office.
    const branchId = user.branch_id!;
    const billNo = prefixBillNo(branchId, dto.bill_no);
    // Read before the transaction: the settings have their own connection, and the embedded
    // database runs one transaction at a time.
    const settings = await this.settings.getAll();
    const slug = await mappingUniqueRaces(() =>
      this.db.transaction(async (em) => {
        const pre = await this.preregistrations.lockForPurchase(branchId, dto.preregistration_id);
        if (!pre) throw PREREGISTRATION_FAILURES.fail('NotFound');
        if (!pre.is_verified) throw SALE_FAILURES.fail('NotVerified');
        if (pre.purchased) throw SALE_FAILURES.fail('AlreadyPurchased');
        const errors: FieldErrors = {};
        if (dto.phone !== undefined && parseNepalMobile(dto.phone) !== pre.phone) {
          errors.phone = [SALE_FAILURES.message('PhoneIsThePreregistrations')];
        }
        await this.checks.checkFields({ ...dto, bill_no: billNo }, errors);
        const referringId = await this.checks.referringId(user, dto.registration_id, undefined, errors);
        if (Object.keys(errors).length) throw new UnprocessableError(errors);

        const referredBy = await this.referrers.ensure(pre.utm_source, pre.phone);
        const saved = await this.rows.insert({
          slug: newSlug(),
          bill_no: billNo,
          preregistration_id: pre.id,
          name: dto.name,
          address: dto.address,
          citizenship_no: dto.citizenship_no,
          pan: dto.pan ?? null,
          email: dto.email ?? null,
          phone: pre.phone,
          roadie: dto.roadie ?? null,
          shared: dto.shared ?? false,
          bike_model_id: dto.bike_model_id,
          engine_no: dto.engine_no ?? null,
          chasis_no: dto.chasis_no ?? null,
          registration_no: dto.registration_no ?? null,
          payment_mode: dto.payment_mode,
          note: dto.note ?? '',
          branch_id: branchId,
          registration_id: referringId,
          referred_by: referredBy,
          send_sms: dto.send_sms ?? true,
          client_seed: dto.client_seed ?? null,
          created_by: user.id,
        });
        await this.preregistrations.markPurchased(pre.id);
        const draw = await this.draws.draw(em, { kind: 'registration', recordId: saved.id, type: 'registration_branch', branchId, clientSeed: dto.client_seed });
        await this.coupons.issueForPurchase(settings, saved, draw.amount);
        return saved.slug;
      }),
    );
    return this.records.findOne(user, slug);
  }
}
