import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { PAYMENT_MODES, PaymentMode } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { DateRange, parseDateRange, whereInRange } from '../../common/paging/date-range';

/**
 * The filters of the registration table, its print view and its download (SPEC section 7):
 * payment_mode, bike_model, branch (head office only), from/to (Nepal time, by the hour),
 * prize (total: pre-registration prize + purchase coupon), pre_prize (the pre-registration
 * prize), post_prize (the purchase coupon) and shared ('1' key-handover post shared, '0' not).
 * An empty value or 'all' means no filter; anything else invalid answers 422 under the field.
 */
export interface RegistrationFilters {
  payment_mode?: PaymentMode;
  bike_model?: number;
  branch?: number;
  range: DateRange;
  prize?: number;
  pre_prize?: number;
  post_prize?: number;
  shared?: boolean;
}

export function parseRegistrationFilters(query: Record<string, unknown>, user: AuthUser, tz: string): RegistrationFilters {
  const errors: FieldErrors = {};
  const given = (v: unknown): v is string | number =>
    (typeof v === 'string' && v.trim() !== '' && v.trim().toLowerCase() !== 'all') || typeof v === 'number';
  const int = (field: string, message: string): number | undefined => {
    const v = query[field];
    if (!given(v)) return undefined;
    const s = String(v).trim();
    if (!/^\d{1,9}$/.test(s)) {
      errors[field] = [message];
      return undefined;
    }
    return Number(s);
  };
  const out: RegistrationFilters = { range: {} };
  if (given(query.payment_mode)) {
    const mode = String(query.payment_mode).trim().toUpperCase();
    if ((PAYMENT_MODES as readonly string[]).includes(mode)) out.payment_mode = mode as PaymentMode;
    else errors.payment_mode = ['The selected payment mode is invalid.'];
  }
  out.bike_model = int('bike_model', 'The selected bike model is invalid.');
  const branch = int('branch', 'The selected branch is invalid.');
  // Branch staff are pinned to their branch by the scope; their branch filter is ignored.
  if (user.branch_id === null) out.branch = branch;
  out.prize = int('prize', 'The prize must be a whole number of rupees.');
  out.pre_prize = int('pre_prize', 'The pre prize must be a whole number of rupees.');
  out.post_prize = int('post_prize', 'The post prize must be a whole number of rupees.');
  if (given(query.shared)) {
    const s = String(query.shared).trim().toLowerCase();
    if (['1', 'true', 'shared'].includes(s)) out.shared = true;
    else if (['0', 'false', 'not shared'].includes(s)) out.shared = false;
    else errors.shared = ['The shared filter must be 1 or 0.'];
  }
  try {
    out.range = parseDateRange(query, tz);
  } catch (e) {
    if (!(e instanceof UnprocessableError)) throw e;
    Object.assign(errors, (e.getResponse() as { errors: FieldErrors }).errors);
  }
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  return out;
}

/**
 * Applies the filters to a query over registration `r` joined with its pre-registration
 * (alias `preregistration`). Branch scoping is the caller's (scopeToBranch).
 */
export function applyRegistrationFilters<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  f: RegistrationFilters,
): SelectQueryBuilder<T> {
  if (f.payment_mode) qb.andWhere('r.payment_mode = :fPaymentMode', { fPaymentMode: f.payment_mode });
  if (f.bike_model !== undefined) qb.andWhere('r.bike_model_id = :fBikeModel', { fBikeModel: f.bike_model });
  if (f.branch !== undefined) qb.andWhere('r.branch_id = :fBranch', { fBranch: f.branch });
  if (f.post_prize !== undefined) qb.andWhere('r.coupon_amount = :fPostPrize', { fPostPrize: f.post_prize });
  // Both stored on the registration (pre_prize copied from its pre-registration, total_prize = the two added) and indexed.
  if (f.pre_prize !== undefined) qb.andWhere('r.pre_prize = :fPrePrize', { fPrePrize: f.pre_prize });
  if (f.prize !== undefined) qb.andWhere('r.total_prize = :fPrize', { fPrize: f.prize });
  if (f.shared !== undefined) qb.andWhere('r.shared = :fShared', { fShared: f.shared });
  return whereInRange(qb, 'r.created_at', f.range);
}
