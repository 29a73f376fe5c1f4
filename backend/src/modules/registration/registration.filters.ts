import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { parseDateRange, whereInRange } from '../../common/paging/date-range';
import { RegistrationQuery } from './dto/registration-query.dto';

/**
 * Applies the checked filters (RegistrationQuery) to a query over registration `r` joined
 * with its pre-registration (alias `preregistration`), for the table, its print view and its
 * download. Branch scoping is the caller's (scopeToBranch), so a branch user's branch filter
 * is ignored: their scope already pins it.
 */
export function applyRegistrationFilters<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  f: RegistrationQuery,
  user: AuthUser,
  tz: string,
): SelectQueryBuilder<T> {
  if (f.payment_mode) qb.andWhere('r.payment_mode = :fPaymentMode', { fPaymentMode: f.payment_mode });
  if (f.bike_model !== undefined) qb.andWhere('r.bike_model_id = :fBikeModel', { fBikeModel: f.bike_model });
  if (f.branch !== undefined && user.branch_id === null) qb.andWhere('r.branch_id = :fBranch', { fBranch: f.branch });
  if (f.post_prize !== undefined) qb.andWhere('r.coupon_amount = :fPostPrize', { fPostPrize: f.post_prize });
  // Both stored on the registration (pre_prize copied from its pre-registration, total_prize = the two added) and indexed.
  if (f.pre_prize !== undefined) qb.andWhere('r.pre_prize = :fPrePrize', { fPrePrize: f.pre_prize });
  if (f.prize !== undefined) qb.andWhere('r.total_prize = :fPrize', { fPrize: f.prize });
  if (f.shared !== undefined) qb.andWhere('r.shared = :fShared', { fShared: f.shared });
  return whereInRange(qb, 'r.created_at', parseDateRange(f, tz));
}
