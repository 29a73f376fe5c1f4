import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { PaymentMode } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { DateRange, parseDateRange, whereInRange } from '../../common/paging/date-range';
import { RegistrationQuery } from './dto/registration-query.dto';

/** The registration table's filters as the SQL reads them (the query is checked by RegistrationQuery). */
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

/** The checked query (RegistrationQuery) as filters: a branch user's branch filter is dropped (their scope pins it). */
export function registrationFilters(query: RegistrationQuery, user: AuthUser, tz: string): RegistrationFilters {
  const { payment_mode, bike_model, branch, prize, pre_prize, post_prize, shared } = query;
  return { payment_mode, bike_model, branch: user.branch_id === null ? branch : undefined, prize, pre_prize, post_prize, shared, range: parseDateRange(query, tz) };
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
