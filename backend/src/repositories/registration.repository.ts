import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { NEPAL_MOBILE_RE } from '@campaign/domain';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { countByDayAndBranch, DayBounds, DayBranchCount, DayCounts, dayCounts } from '../common/paging/counts';
import { DateRange, parseDateRange, whereInRange } from '../common/paging/date-range';
import { ALL_ROWS_MAX, escapeLike, tableQuery, GrowingTableSpec } from '../common/paging/paging';
import { returned } from '../common/returned';
import type { RegistrationQuery } from '../modules/registration/dto/registration-query.dto';
import { RegistrationEntity } from '../modules/registration/registration.entity';
import { Db } from './db';

/** The registered table (the admin's registered list and dashboard). */
export const REGISTRATION_TABLE: GrowingTableSpec = {
  orderable: {
    id: 'r.id',
    bill_no: 'r.bill_no',
    name: 'r.name',
    phone: 'r.phone',
    'bike_model.title': 'bike_model.title',
    'branch.title': 'branch.title',
    'branch.city': 'branch.city',
    created_at: 'r.created_at',
    payment_mode: 'r.payment_mode',
    'preregistration.prize': 'preregistration.prize',
    coupon_amount: 'r.coupon_amount',
  },
  searchable: ['r.name', 'r.phone', 'r.bill_no'],
  defaultOrder: ['created_at', 'DESC'],
  tieBreaker: 'r.id',
  allRowsUpTo: ALL_ROWS_MAX,
  shortSearchByPrefix: true,
};

/** The deleted-registrations table. */
export const DELETED_REGISTRATION_TABLE: GrowingTableSpec = {
  orderable: {
    id: 'r.id',
    bill_no: 'r.bill_no',
    name: 'r.name',
    'bike_model.title': 'bike_model.title',
    'branch.title': 'branch.title',
    'branch.city': 'branch.city',
    created_at: 'r.created_at',
    deleted_at: 'r.deleted_at',
  },
  searchable: ['r.name', 'r.phone', 'r.bill_no'],
  defaultOrder: ['deleted_at', 'DESC'],
  tieBreaker: 'r.id',
  allRowsUpTo: ALL_ROWS_MAX,
  shortSearchByPrefix: true,
};

/** What a winner video shows of the registration it names. */
export interface WinningRegistration {
  id: number;
  slug: string;
  name: string;
  phone: string;
  bill_no: string;
  citizenship_no: string | null;
}

/** One row of Registrations.xlsx, as `exportQuery` selects it. */
export interface RegistrationExportRow {
  bill_no: string;
  name: string;
  phone: string;
  address: string;
  citizenship_no: string;
  email: string | null;
  bike_model: string | null;
  branch: string | null;
  city: string | null;
  /** The purchase's instant (a date cell in the campaign's time). */
  registered: Date;
  payment_mode: string;
  engine_no: string | null;
  chasis_no: string | null;
  registration_no: string | null;
  pre_prize: number | null;
  post_prize: number | null;
  shared: boolean;
}

/** A coupon code as stored (never in the table's rows: read only to verify or resend it). */
export interface CouponSecret {
  coupon_code: string | null;
  coupon_code_expires_at: Date | null;
  coupon_code_sent_at: Date | null;
  coupon_attempts: number;
}

/** Which customers a bulk send reaches: all in scope, those of some branches, or chosen records. */
export interface CustomerFilter {
  branches?: number[];
  ids?: number[];
}

/** The numbers that must be free across every registration, deleted ones included (a restore must never clash). */
export type UniqueNumber = 'bill_no' | 'engine_no' | 'chasis_no';

/** How a staff read finds one registration. */
export interface FindOptions {
  withDeleted?: boolean;
  /** The detail's joins: the referring registration, the screenshot, the referrer. */
  detail?: boolean;
  /** Adds the coupon code (staff who may send SMS see it). */
  withCouponCode?: boolean;
  /** Locks the row until the caller's transaction ends. */
  lock?: boolean;
}

/** Narrows a query of registrations (alias `r`) to one, by id (digits) or slug. */
function whereIdOrSlug(qb: SelectQueryBuilder<RegistrationEntity>, idOrSlug: string): SelectQueryBuilder<RegistrationEntity> {
  return /^\d{1,9}$/.test(idOrSlug) ? qb.andWhere('r.id = :id', { id: Number(idOrSlug) }) : qb.andWhere('r.slug = :slug', { slug: idOrSlug });
}

/**
 * The registration table (purchases): every statement that names it (docs/architecture.md,
 * "The floors"). Runs on the caller's transaction when one is open (db.ts). Branch staff
 * reach only their branch's rows: every staff read goes through scopeToBranch.
 */
@Injectable()
export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  private qb(alias = 'r'): SelectQueryBuilder<RegistrationEntity> {
    return this.db.em.getRepository(RegistrationEntity).createQueryBuilder(alias);
  }
  /** The purchase draws' prizes (the coupon amounts) records hold, by id (trashed records too). */
  async couponsOf(ids: number[]): Promise<Map<number, number | null>> {
    const rows = ids.length ? await this.db.query<{ id: number; coupon_amount: number | null }>(`SELECT id, coupon_amount FROM registration WHERE id = ANY($1)`, [ids]) : [];
    return new Map(rows.map((r) => [Number(r.id), r.coupon_amount === null ? null : Number(r.coupon_amount)]));
  }


  /** Live registrations in `user`'s scope (every branch without one). */
  private scoped(user: AuthUser | undefined, alias = 'r'): SelectQueryBuilder<RegistrationEntity> {
    return scopeToBranch(this.qb(alias), user, 'registration', alias);
  }

  // ------------------------------------------------------------------ the staff screens

  /** Registrations with what the table and the detail show, in `user`'s scope. */
  private listed(user: AuthUser): SelectQueryBuilder<RegistrationEntity> {
    const qb = this.qb()
      .leftJoin('r.bike_model', 'bike_model')
      .addSelect(['bike_model.id', 'bike_model.title'])
      .leftJoin('r.branch', 'branch')
      .addSelect(['branch.id', 'branch.title', 'branch.city'])
      .leftJoin('r.preregistration', 'preregistration')
      .addSelect(['preregistration.id', 'preregistration.slug', 'preregistration.prize']);
    return scopeToBranch(qb, user, 'registration');
  }

  /**
   * The live registrations of the table's filters (REGISTRATION_TABLE), for the table, its
   * print view and its download. A branch user's branch filter is ignored: their scope pins it.
   */
  filtered(user: AuthUser, f: RegistrationQuery, tz: string): SelectQueryBuilder<RegistrationEntity> {
    const qb = this.listed(user);
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

  /** The soft-deleted registrations in `user`'s scope (DELETED_REGISTRATION_TABLE). */
  deleted(user: AuthUser): SelectQueryBuilder<RegistrationEntity> {
    return this.listed(user).withDeleted().andWhere('r.deleted_at IS NOT NULL');
  }

  /** The print view and the SMS picker: the filters' rows, newest first, at most `limit`. */
  printRows(user: AuthUser, f: RegistrationQuery, tz: string, limit: number): Promise<Array<{ id: number; name: string; phone: string; slug: string }>> {
    return this.filtered(user, f, tz)
      .select([])
      .addSelect('r.id', 'id')
      .addSelect('r.name', 'name')
      .addSelect('r.phone', 'phone')
      .addSelect('r.slug', 'slug')
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(limit)
      .getRawMany();
  }

  /** Registrations.xlsx: the table's rows for the same filters, search and order (RegistrationExportRow). */
  exportQuery(user: AuthUser, query: RegistrationQuery, tz: string): SelectQueryBuilder<RegistrationEntity> {
    return tableQuery(this.filtered(user, query, tz), query, REGISTRATION_TABLE)
      .select([])
      .addSelect('r.bill_no', 'bill_no')
      .addSelect('r.name', 'name')
      .addSelect('r.phone', 'phone')
      .addSelect('r.address', 'address')
      .addSelect('r.citizenship_no', 'citizenship_no')
      .addSelect('r.email', 'email')
      .addSelect('bike_model.title', 'bike_model')
      .addSelect('branch.title', 'branch')
      .addSelect('branch.city', 'city')
      .addSelect('r.created_at', 'registered')
      .addSelect('r.payment_mode', 'payment_mode')
      .addSelect('r.engine_no', 'engine_no')
      .addSelect('r.chasis_no', 'chasis_no')
      .addSelect('r.registration_no', 'registration_no')
      .addSelect('preregistration.prize', 'pre_prize')
      .addSelect('r.coupon_amount', 'post_prize')
      .addSelect('r.shared', 'shared');
  }

  /** One registration by id or slug in `user`'s scope (the caller checks the branch: assertInBranch). */
  find(user: AuthUser, slugOrId: string, opts: FindOptions = {}): Promise<RegistrationEntity | null> {
    const qb = this.listed(user);
    if (opts.withDeleted) qb.withDeleted();
    if (opts.detail) {
      qb.leftJoin('r.referrer_registration', 'referring', 'referring.deleted_at IS NULL')
        .addSelect(['referring.id', 'referring.slug', 'referring.name', 'referring.bill_no'])
        .leftJoin('preregistration.screenshot', 'screenshot')
        .addSelect(['preregistration.shared', 'screenshot.id', 'screenshot.filename', 'screenshot.thumbnail_filename'])
        .leftJoin('r.referrer', 'referrer')
        .addSelect(['referrer.id', 'referrer.title']);
    }
    if (opts.withCouponCode) qb.addSelect('r.coupon_code');
    whereIdOrSlug(qb, slugOrId);
    if (opts.lock) qb.setLock('pessimistic_write', undefined, ['r']);
    return qb.getOne();
  }

  /** The referring-registration picker: up to 20 live registrations of `user`'s scope matching `q` (name, phone, bill no). */
  search(user: AuthUser, q: string): Promise<RegistrationEntity[]> {
    const qb = this.scoped(user)
      .select(['r.id', 'r.slug', 'r.name', 'r.phone', 'r.bill_no', 'r.created_at'])
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(20);
    if (q) qb.andWhere('(r.name ILIKE :q OR r.phone ILIKE :q OR r.bill_no ILIKE :q)', { q: `%${escapeLike(q)}%` });
    return qb.getMany();
  }

  /** The id of a live registration (by id or slug) in `user`'s scope, or undefined. */
  async idInScope(user: AuthUser, idOrSlug: string): Promise<number | undefined> {
    const qb = whereIdOrSlug(this.scoped(user).select(['r.id', 'r.branch_id']), idOrSlug);
    return (await qb.getOne())?.id;
  }

  /** Whether another registration (deleted ones too) than `exceptId` holds `value` as its `field`. */
  async isTaken(field: UniqueNumber, value: string, exceptId = 0): Promise<boolean> {
    const [taken] = await this.db.query(`SELECT 1 FROM registration WHERE ${field} = $1 AND id <> $2`, [value, exceptId]);
    return !!taken;
  }

  // ------------------------------------------------------------------ writes

  /** Inserts a purchase; answers the stored row (its id, slug and defaults). */
  insert(values: Partial<RegistrationEntity>): Promise<RegistrationEntity> {
    const repo = this.db.em.getRepository(RegistrationEntity);
    return repo.save(repo.create(values));
  }

  /** Changes the given fields of one registration. */
  async patch(id: number, patch: Partial<RegistrationEntity>): Promise<void> {
    await this.db.em.getRepository(RegistrationEntity).update({ id }, patch);
  }

  /** Soft delete: the row, its prize and its bill number stay. */
  async softDelete(id: number): Promise<void> {
    await this.db.em.getRepository(RegistrationEntity).softDelete({ id });
  }

  async restore(id: number): Promise<void> {
    await this.db.em.getRepository(RegistrationEntity).restore({ id });
  }

  /** The purchase draw's coupon and its first code; `sent` stamps the send time. */
  async setPurchaseCoupon(id: number, amount: number, code: string, expiresAt: Date, sent: boolean): Promise<void> {
    await this.db.query(
      `UPDATE registration
          SET coupon_amount = $2, coupon_code = $3, coupon_attempts = 0,
              coupon_code_expires_at = $4,
              coupon_code_sent_at = CASE WHEN $5 THEN now() END
        WHERE id = $1`,
      [id, amount, code, expiresAt, sent],
    );
  }

  /** The stored coupon code of one registration (the caller holds its lock). */
  async couponSecret(id: number): Promise<CouponSecret> {
    const [secret] = await this.db.query<CouponSecret>(
      `SELECT coupon_code, coupon_code_expires_at, coupon_code_sent_at, coupon_attempts FROM registration WHERE id = $1`,
      [id],
    );
    return secret;
  }

  async setCouponAttempts(id: number, attempts: number): Promise<void> {
    await this.db.query(`UPDATE registration SET coupon_attempts = $2 WHERE id = $1`, [id, attempts]);
  }

  async markCouponVerified(id: number): Promise<void> {
    await this.db.query(`UPDATE registration SET coupon_verified_at = now() WHERE id = $1`, [id]);
  }

  /** A new coupon code: the old one stops working, the tries start again. */
  async replaceCouponCode(id: number, code: string, expiresAt: Date): Promise<void> {
    await this.db.query(`UPDATE registration SET coupon_code = $2, coupon_attempts = 0, coupon_code_expires_at = $3 WHERE id = $1`, [id, code, expiresAt]);
  }

  async markCouponSent(id: number): Promise<void> {
    await this.db.query(`UPDATE registration SET coupon_code_sent_at = now() WHERE id = $1`, [id]);
  }

  // ------------------------------------------------------------------ what other modules ask

  /** The slug of the purchase made from a pre-registration, or null. */
  async purchaseSlugOf(preregistrationId: number): Promise<string | null> {
    const [row] = await this.db.query<{ slug: string }>(`SELECT slug FROM registration WHERE preregistration_id = $1`, [preregistrationId]);
    return row?.slug ?? null;
  }

  /** The live registration a winner video names, or undefined. */
  async winner(id: number): Promise<WinningRegistration | undefined> {
    const [row] = await this.db.query<WinningRegistration>(
      `SELECT id, slug, name, phone, bill_no, citizenship_no FROM registration WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return row;
  }

  /** Erasure: blanks the personal fields of a pre-registration's purchase under `name` (locked first); answers the phones it held. */
  async eraseForPreregistration(preregistrationId: number, name: string): Promise<string[]> {
    const rows = await this.db.query<{ phone: string }>(`SELECT phone FROM registration WHERE preregistration_id = $1 FOR UPDATE`, [preregistrationId]);
    await this.db.query(
      `UPDATE registration SET name = $2, address = '', citizenship_no = '', pan = NULL, email = NULL, phone = '',
              engine_no = NULL, chasis_no = NULL, registration_no = NULL, note = '', erased_at = now(), updated_at = now()
        WHERE preregistration_id = $1`,
      [preregistrationId, name],
    );
    return rows.map((r) => r.phone).filter((p) => !!p);
  }

  /** Retention: blanks every purchase's citizenship number; answers how many changed. */
  async purgeCitizenshipNumbers(): Promise<number> {
    return returned(await this.db.query(`UPDATE registration SET citizenship_no = '', updated_at = now() WHERE citizenship_no <> '' RETURNING id`)).length;
  }

  /** The dashboard's sales cards: what `user`'s registered list holds, in total, today and yesterday. */
  countByDay(user: AuthUser, days: DayBounds): Promise<DayCounts> {
    return dayCounts(this.scoped(user), 'r.created_at', days);
  }

  /** Sales per Nepal day and branch within [start, end), in `user`'s scope (analytics). */
  countByDayAndBranch(user: AuthUser, period: { tz: string; start: Date; end: Date }): Promise<DayBranchCount[]> {
    return countByDayAndBranch(this.scoped(user), 'r.created_at', 'r.branch_id', period);
  }

  /** SQL (and parameters) selecting the ids of the live registrations in `user`'s scope. */
  liveIds(user: AuthUser): { sql: string; params: unknown[] } {
    const [sql, params] = this.scoped(user).select('r.id').getQueryAndParameters();
    return { sql, params };
  }

  /** The branch table's count of live registrations of the branch read under alias `b` (a correlated subquery). */
  countOfBranchSql(b: string): string {
    return `SELECT count(*) FROM registration r WHERE r.branch_id = ${b}.id AND r.deleted_at IS NULL`;
  }

  /** The same, of those whose purchase draw gave a coupon (prizes awarded). */
  couponsOfBranchSql(b: string): string {
    return `${this.countOfBranchSql(b)} AND r.coupon_amount IS NOT NULL`;
  }

  /**
   * The referrer report's referrals: a correlated count subquery over a referrer (alias `r`)
   * of the live purchases it referred, within `range`, in `actor`'s scope (every branch without one).
   */
  referralsCount(actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    const sub = this.db.em.createQueryBuilder().subQuery();
    const qb = sub.select('count(*)::int').from('registration', 'reg').where('reg.referred_by = r.id').andWhere('reg.deleted_at IS NULL');
    return scopeToBranch(whereInRange(qb, 'reg.created_at', range), actor, 'registration');
  }

  /** Bulk SMS: DISTINCT phone (column "phone") of live customers in `user`'s scope with a mobile number, narrowed by `filter`. */
  customerPhones(user: AuthUser, filter: CustomerFilter): SelectQueryBuilder<object> {
    const qb = this.scoped(user)
      .select('r.phone', 'phone')
      .distinct(true)
      .andWhere('r.phone ~ :mobileRe', { mobileRe: NEPAL_MOBILE_RE.source });
    if (filter.branches) qb.andWhere('r.branch_id = ANY(:branches)', { branches: filter.branches });
    if (filter.ids) qb.andWhere('r.id = ANY(:registrants)', { registrants: filter.ids });
    return qb as SelectQueryBuilder<object>;
  }

  /** Which of `ids` are live customers in `user`'s scope. */
  async existingCustomers(user: AuthUser, ids: number[]): Promise<Set<number>> {
    const rows = await this.scoped(user).select('r.id', 'id').andWhere('r.id = ANY(:ids)', { ids }).getRawMany<{ id: number }>();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Of `phones`, those of live purchases in `user`'s scope. */
  async knownPhones(user: AuthUser, phones: string[]): Promise<string[]> {
    const rows = await this.scoped(user).select('r.phone', 'phone').distinct(true).andWhere('r.phone = ANY(:phones)', { phones }).getRawMany<{ phone: string }>();
    return rows.map((r) => r.phone);
  }
}
