import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import type { Lang } from '@campaign/domain';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { countByDayAndBranch, DayBounds, DayBranchCount, DayCounts, dayCounts } from '../common/paging/counts';
import { DateRange, parseDateRange, whereInRange } from '../common/paging/date-range';
import { ALL_ROWS_MAX, tableQuery, GrowingTableSpec } from '../common/paging/paging';
import type { TestRideQuery } from '../modules/test-ride/dto/test-ride-query.dto';
import { TestRideEntity, TestRideType } from '../modules/test-ride/test-ride.entity';
import { Db } from './db';

export const TEST_RIDE_TABLE: GrowingTableSpec = {
  orderable: {
    'bike_model.title': 'bike_model.title',
    name: 't.name',
    email: 't.email',
    phone: 't.phone',
    state: 't.state',
    district: 't.district',
    city: 't.city',
    'branch.title': 'branch.title',
    type: 't.type',
    created_at: 't.created_at',
    'referrer.title': 'referrer.title',
    id: 't.id',
  },
  searchable: ['t.name', 't.phone', 't.email'],
  defaultOrder: ['created_at', 'DESC'],
  tieBreaker: 't.id',
  allRowsUpTo: ALL_ROWS_MAX,
  shortSearchByPrefix: true,
};

/** Who booked and where they live: the columns a booking stores as sent and the export reads back. */
interface TestRideContact {
  name: string;
  email: string | null;
  phone: string;
  state: string;
  district: string;
  city: string;
}

/** One row of TestRides.xlsx, as `exportQuery` selects it. */
export interface TestRideExportRow extends TestRideContact {
  model: string;
  branch: string;
  type: string;
  registered: Date;
  referrer: string | null;
}

/** What makes two bookings the same one. */
export interface BookingKey {
  phone: string;
  branchId: number;
  modelId: number;
  type: TestRideType;
}

/** A booking as the public dialog stores it. */
export interface NewTestRide extends TestRideContact {
  slug: string;
  branchId: number;
  modelId: number;
  type: TestRideType;
  utmSource: string | null;
  referrerId: number | null;
  ip: string | null;
  lang: Lang;
}

/** Advisory-lock namespace serialising concurrent submissions of one booking. */
const BOOKING_LOCK = 2082_0004;

/**
 * The test_ride table (test rides and bike bookings): every statement that names it
 * (docs/architecture.md, "The floors"). Runs on the caller's transaction when one is open
 * (db.ts). Every staff read is branch-scoped.
 */
@Injectable()
export class TestRideRepository {
  constructor(private readonly db: Db) {}

  /** Live test rides in `actor`'s scope (every branch without one). */
  private scoped(actor: AuthUser | undefined, alias = 't'): SelectQueryBuilder<TestRideEntity> {
    return scopeToBranch(this.db.em.getRepository(TestRideEntity).createQueryBuilder(alias), actor, 'test_ride', alias);
  }

  // ------------------------------------------------------------------ the staff screens

  /** Every staff read of test rides: relations for the columns, and the branch scope. */
  private listed(actor: AuthUser): SelectQueryBuilder<TestRideEntity> {
    return this.scoped(actor)
      .leftJoin('t.branch', 'branch')
      .addSelect(['branch.id', 'branch.title'])
      .leftJoin('t.bike_model', 'bike_model')
      .addSelect(['bike_model.id', 'bike_model.title'])
      .leftJoin('t.referrer', 'referrer')
      .addSelect(['referrer.id', 'referrer.title']);
  }

  /** The table's filters (TEST_RIDE_TABLE): from/to (Nepal time) and, for head office, branch (a branch user's list is their branch). */
  filtered(actor: AuthUser, query: TestRideQuery, tz: string): SelectQueryBuilder<TestRideEntity> {
    const qb = whereInRange(this.listed(actor), 't.created_at', parseDateRange(query, tz));
    if (query.branch !== undefined && actor.branch_id === null) qb.andWhere('t.branch_id = :fBranch', { fBranch: query.branch });
    return qb;
  }

  /** TestRides.xlsx: the table's rows for the same filters, search, order and scope (TestRideExportRow). */
  exportQuery(actor: AuthUser, query: TestRideQuery, tz: string): SelectQueryBuilder<TestRideEntity> {
    return tableQuery(this.filtered(actor, query, tz), query, TEST_RIDE_TABLE)
      .select([])
      .addSelect('bike_model.title', 'model')
      .addSelect('t.name', 'name')
      .addSelect('t.email', 'email')
      .addSelect('t.phone', 'phone')
      .addSelect('t.state', 'state')
      .addSelect('t.district', 'district')
      .addSelect('t.city', 'city')
      .addSelect('branch.title', 'branch')
      .addSelect('t.type', 'type')
      .addSelect('t.created_at', 'registered')
      .addSelect('referrer.title', 'referrer');
  }

  /** One live test ride by slug in `actor`'s scope (the caller checks the branch: assertInBranch). */
  findBySlug(actor: AuthUser, slug: string): Promise<TestRideEntity | null> {
    return this.listed(actor).andWhere('t.slug = :slug', { slug }).getOne();
  }

  async softDelete(id: number): Promise<void> {
    await this.db.em.getRepository(TestRideEntity).softDelete({ id });
  }

  // ------------------------------------------------------------------ the public booking

  /** The same booking stored within the last `windowSeconds`, if any. */
  async recentSame(b: BookingKey, windowSeconds: number): Promise<{ slug: string; type: TestRideType } | undefined> {
    const [same] = await this.db.query<{ slug: string; type: TestRideType }>(
      `SELECT slug, type FROM test_ride
        WHERE phone = $1 AND branch_id = $2 AND bike_model_id = $3 AND type = $4 AND deleted_at IS NULL
          AND created_at > now() - make_interval(secs => $5)
        ORDER BY id DESC LIMIT 1`,
      [b.phone, b.branchId, b.modelId, b.type, windowSeconds],
    );
    return same;
  }

  /** Serialises simultaneous copies of one booking until the caller's transaction ends. */
  async lockBooking(b: BookingKey): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [BOOKING_LOCK, `${b.phone}|${b.branchId}|${b.modelId}|${b.type}`]);
  }

  async insert(r: NewTestRide): Promise<void> {
    await this.db.query(
      `INSERT INTO test_ride (slug, name, email, phone, state, district, city, branch_id, bike_model_id, type, utm_source, referrer_id, ip, lang)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [r.slug, r.name, r.email, r.phone, r.state, r.district, r.city, r.branchId, r.modelId, r.type, r.utmSource, r.referrerId, r.ip, r.lang],
    );
  }

  // ------------------------------------------------------------------ what other modules ask

  /** Erasure: the test rides booked with these phones lose their name, email and phone. */
  async eraseByPhones(phones: string[], name: string): Promise<void> {
    await this.db.query(`UPDATE test_ride SET name = $2, email = NULL, phone = NULL, erased_at = now() WHERE phone = ANY($1)`, [phones, name]);
  }

  /** The dashboard's test-ride cards: what `actor`'s list holds, in total, today and yesterday. */
  countByDay(actor: AuthUser, days: DayBounds): Promise<DayCounts> {
    return dayCounts(this.scoped(actor), 't.created_at', days);
  }

  /** Test rides per Nepal day and branch within [start, end), in `actor`'s scope (analytics). */
  countByDayAndBranch(actor: AuthUser, period: { tz: string; start: Date; end: Date }): Promise<DayBranchCount[]> {
    return countByDayAndBranch(this.scoped(actor), 't.created_at', 't.branch_id', period);
  }

  /** The branch screens' count of live test rides of the branch read under alias `b` (a correlated subquery). */
  countOfBranchSql(b: string): string {
    return `SELECT count(*) FROM test_ride t WHERE t.branch_id = ${b}.id AND t.deleted_at IS NULL`;
  }

  /** Live test rides booked through a referrer (alias `r`): the base of the report's subqueries, selecting what `sub` selects. */
  private referred(sub: SelectQueryBuilder<object>, actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    const qb = sub.from('test_ride', 'tr').where('tr.referrer_id = r.id').andWhere('tr.deleted_at IS NULL');
    return scopeToBranch(whereInRange(qb, 'tr.created_at', range), actor, 'test_ride');
  }

  private subQuery(): SelectQueryBuilder<object> {
    return this.db.em.createQueryBuilder().subQuery();
  }

  /** The referrer report's test rides: a correlated count subquery over a referrer (alias `r`), within `range`, in `actor`'s scope. */
  referralsCount(actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    return this.referred(this.subQuery().select('count(*)::int'), actor, range);
  }

  /** The utm_source each of those test rides carried (stored normalised): what the report's "other" row lists. */
  utmSources(actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    return this.referred(this.subQuery().select('tr.utm_source', 'v'), actor, range).andWhere('tr.utm_source IS NOT NULL');
  }
}
