import { imageRef } from '../file/file-view';
import { RegistrationEntity } from './registration.entity';

/** A table row: the columns of the registered list plus what print and the SMS picker need. */
export function toRow(r: RegistrationEntity) {
  const prePrize = r.preregistration?.prize ?? null;
  return {
    id: r.id,
    slug: r.slug,
    bill_no: r.bill_no,
    name: r.name,
    phone: r.phone,
    shared: r.shared,
    payment_mode: r.payment_mode,
    created_at: r.created_at,
    bike_model: r.bike_model ? { id: r.bike_model.id, title: r.bike_model.title } : null,
    branch: r.branch ? { id: r.branch.id, title: r.branch.title, city: r.branch.city } : null,
    preregistration: r.preregistration ? { id: r.preregistration.id, slug: r.preregistration.slug, prize: prePrize } : null,
    coupon_amount: r.coupon_amount,
    total_prize: (prePrize ?? 0) + (r.coupon_amount ?? 0),
    deleted_at: r.deleted_at,
  };
}

/** The detail page: the row plus the record's other fields, its pre-registration, referrers and coupon (the code only with `withCode`). */
export function toDetail(r: RegistrationEntity, withCode: boolean): Record<string, unknown> {
  const pre = r.preregistration;
  const prePrize = pre?.prize ?? null;
  const detail: Record<string, unknown> = {
    ...toRow(r),
    address: r.address,
    citizenship_no: r.citizenship_no,
    pan: r.pan,
    email: r.email,
    roadie: r.roadie,
    bike_model_id: r.bike_model_id,
    engine_no: r.engine_no,
    chasis_no: r.chasis_no,
    registration_no: r.registration_no,
    note: r.note,
    branch_id: r.branch_id,
    preregistration_id: r.preregistration_id,
    preregistration: pre
      ? { id: pre.id, slug: pre.slug, shared: pre.shared, screenshot_url: imageRef(pre.screenshot)?.url ?? null, prize: prePrize }
      : null,
    registration_id: r.registration_id,
    referring_registration: r.referrer_registration
      ? {
          id: r.referrer_registration.id,
          slug: r.referrer_registration.slug,
          name: r.referrer_registration.name,
          bill_no: r.referrer_registration.bill_no,
        }
      : null,
    referred_by: r.referred_by,
    referrer: r.referrer ? { id: r.referrer.id, title: r.referrer.title } : null,
    send_sms: r.send_sms,
    coupon:
      r.coupon_amount !== null
        ? { amount: r.coupon_amount, verified: r.coupon_verified_at !== null, verified_at: r.coupon_verified_at }
        : null,
    updated_at: r.updated_at,
    deleted_at: r.deleted_at,
  };
  if (withCode) detail.coupon_code = r.coupon_code ?? null;
  return detail;
}
