import { isIP } from 'node:net';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { parseNepalMobile, type Lang } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { assertInBranch, scopeToBranch } from '../../common/auth/branch-scope';
import { FieldErrors, TooManyRequestsError, UnprocessableError } from '../../common/http/errors';
import { parseDateRange, whereInRange } from '../../common/paging/date-range';
import { countByDayAndBranch, DayBounds, dayCounts } from '../../common/paging/counts';
import { cursorRows } from '../../common/export/cursor';
import { ExportColumn, streamWorkbook } from '../../common/export/workbook';
import { ALL_ROWS_MAX, paginate, tableQuery, TableSpec } from '../../common/paging/paging';
import { TestRideQuery } from './dto/test-ride-query.dto';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { newSlug } from '../../common/slug';
import { ConfigService } from '../../config/config.module';
import { BikeModelService } from '../bike-model/bike-model.service';
import { BranchCounters } from '../branch/branch-counters';
import { BranchService } from '../branch/branch.service';
import { GeographyService, Place } from '../geography/geography.service';
import { ReferrerCounters } from '../referrer/referrer-counters';
import { ReferrerService } from '../referrer/referrer.service';
import { fillTemplate, smsTemplateKey } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';
import { SmsService } from '../sms/sms.service';
import { CreateTestRideDto } from './dto/create-test-ride.dto';
import { TestRideEntity, TestRideType } from './test-ride.entity';

export const TEST_RIDE_TABLE: TableSpec = {
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
};

/** The same booking (phone, branch, model, type) sent again within this window is stored once. */
const DUPLICATE_WINDOW_SECONDS = 60;

/** New bookings per phone per day: each one texts that phone, so it is capped against SMS flooding. */
const PHONE_DAILY_LIMIT = 5;
/**
 * A branch mobile gets at most one booking alert per 10 minutes (so at most 6 an hour and 144 a
 * day, whoever books from wherever); the bookings made meanwhile are counted in the next one.
 */
export const BRANCH_NOTICE_WINDOW_SECONDS = 600;
/** The branch's alert for several bookings; one booking keeps its own text (the sms_template_test_ride_branch setting). */
export const BRANCH_NOTICE_MANY = '{count} new test ride and bike bookings since the last SMS. The latest, a {what}: {name}, {phone}, {model}, {city}. See all of them in the admin panel.';
/** Advisory-lock namespace serialising concurrent submissions of one booking. */
const BOOKING_LOCK = 2082_0004;

interface TestRideExportRow {
  model: string;
  name: string;
  email: string | null;
  phone: string;
  state: string;
  district: string;
  city: string;
  branch: string;
  type: string;
  registered: Date;
  referrer: string | null;
}

/** The download's columns: those of the admin table, in its order. */
const TEST_RIDE_EXPORT_COLUMNS: ExportColumn<TestRideExportRow>[] = [
  { header: 'Model', width: 20, value: (r) => r.model },
  { header: 'Name', width: 28, value: (r) => r.name },
  { header: 'Email', width: 28, value: (r) => r.email },
  { header: 'Phone', width: 14, value: (r) => r.phone },
  { header: 'State', width: 14, value: (r) => r.state },
  { header: 'District', width: 16, value: (r) => r.district },
  { header: 'City', width: 28, value: (r) => r.city },
  { header: 'Branch', width: 26, value: (r) => r.branch },
  { header: 'Type', width: 11, value: (r) => r.type },
  { header: 'Registered', width: 18, value: (r) => r.registered, date: true },
  { header: 'Referrer', width: 20, value: (r) => r.referrer },
];

/** What a booking is called in its SMS ({what}), in each language; the texts themselves are settings (sms_template_test_ride*). */
const TYPE_LABEL: Record<Lang, Record<TestRideType, string>> = {
  en: { TESTRIDE: 'test ride', BOOKING: 'bike booking' },
  ne: { TESTRIDE: 'टेस्ट राइड', BOOKING: 'बाइक बुकिङ' },
};

/** Test rides and bike bookings; the only code that names the test_ride table. */
@Injectable()
export class TestRideService implements OnModuleInit {
  constructor(
    @InjectRepository(TestRideEntity) private readonly rides: Repository<TestRideEntity>,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly referrers: ReferrerService,
    private readonly limits: RateLimitService,
    private readonly sms: SmsService,
    private readonly geography: GeographyService,
    private readonly branches: BranchService,
    private readonly models: BikeModelService,
    private readonly branchCounters: BranchCounters,
    private readonly settings: SettingService,
    private readonly referrerCounters: ReferrerCounters,
  ) {}

  /** Erasure: the test rides booked with these phones lose their name, email and phone. */
  async eraseByPhones(em: EntityManager, phones: string[], name: string): Promise<void> {
    await em.query(`UPDATE test_ride SET name = $2, email = NULL, phone = NULL, erased_at = now() WHERE phone = ANY($1)`, [phones, name]);
  }

  onModuleInit() {
    this.branchCounters.contribute('test_rides', (b) => `SELECT count(*) FROM test_ride t WHERE t.branch_id = ${b}.id AND t.deleted_at IS NULL`);
    this.referrerCounters.contribute('test_rides_count', (sub, actor, range) =>
      scopeToBranch(whereInRange(sub.select('count(*)::int').from('test_ride', 'tr').where('tr.referrer_id = r.id').andWhere('tr.deleted_at IS NULL'), 'tr.created_at', range), actor, 'test_ride'),
    );
    // The values the report's "other" row lists (utm_source is stored normalised).
    this.referrerCounters.contributeSources('test_ride', (sub, actor, range) =>
      scopeToBranch(
        whereInRange(sub.select('tr.utm_source', 'v').from('test_ride', 'tr').where('tr.referrer_id = r.id').andWhere('tr.deleted_at IS NULL').andWhere('tr.utm_source IS NOT NULL'), 'tr.created_at', range),
        actor,
        'test_ride',
      ),
    );
  }

  /** The dashboard's test-ride cards: what the user's list holds, in total, today and yesterday. */
  dayCounts(actor: AuthUser, days: DayBounds) {
    return dayCounts(this.query(actor), 't.created_at', days);
  }

  /** Test rides per Nepal day and branch within [start, end), in the user's scope (analytics). */
  countByDayAndBranch(actor: AuthUser, period: { tz: string; start: Date; end: Date }) {
    return countByDayAndBranch(this.query(actor), 't.created_at', 't.branch_id', period);
  }

  /**
   * Stores a booking from the public dialog and, in the same transaction, queues an SMS to
   * the branch (at most one per 10 minutes, counting the bookings made meanwhile) and a
   * confirmation to the customer. A repeat of the same booking within a
   * minute (a double click, a retry on a slow network) answers the stored one.
   */
  async create(dto: CreateTestRideDto, ip?: string, lang: Lang = 'en'): Promise<{ slug: string; type: TestRideType }> {
    const type: TestRideType = dto.type ?? 'TESTRIDE';
    const { branch, model, place } = await this.checkReferences(dto);
    const booking = { phone: dto.phone, branchId: branch.id, modelId: model.id, type };
    const earlier = await this.recentSame(this.dataSource.manager, booking);
    if (earlier) return earlier;
    // Counted outside the transaction: the counter has its own connection (the embedded
    // database runs one transaction at a time).
    const perPhone = await this.limits.hit(`test-ride:phone:${dto.phone}`, PHONE_DAILY_LIMIT, 24 * 3600);
    if (!perPhone.allowed) {
      throw new TooManyRequestsError('Too many bookings for this phone number today. Please try again later.', perPhone.retryAfterSeconds);
    }
    return this.dataSource.transaction(async (em) => {
      // Simultaneous copies of one booking queue here; the first stores it, the others find it.
      await em.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [BOOKING_LOCK, `${dto.phone}|${branch.id}|${model.id}|${type}`]);
      const same = await this.recentSame(em, booking);
      if (same) return same;
      const referrerId = await this.referrers.ensure(em, dto.utm_source, dto.phone);
      const slug = newSlug();
      await em.query(
        `INSERT INTO test_ride (slug, name, email, phone, state, district, city, branch_id, bike_model_id, type, utm_source, referrer_id, ip, lang)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
        [slug, dto.name, dto.email ?? null, dto.phone, place.state, place.district, place.city, branch.id, model.id, type, dto.utm_source ?? null, referrerId, ip && isIP(ip) ? ip : null, lang],
      );
      await this.queueSms(em, { name: dto.name, phone: dto.phone, type, city: place.city, branch, model, lang });
      return { slug, type };
    });
  }

  /** The same booking (phone, branch, model, type) stored within the last minute, if any. */
  private async recentSame(em: EntityManager, b: { phone: string; branchId: number; modelId: number; type: TestRideType }) {
    const [same] = await em.query(
      `SELECT slug, type FROM test_ride
        WHERE phone = $1 AND branch_id = $2 AND bike_model_id = $3 AND type = $4 AND deleted_at IS NULL
          AND created_at > now() - make_interval(secs => $5)
        ORDER BY id DESC LIMIT 1`,
      [b.phone, b.branchId, b.modelId, b.type, DUPLICATE_WINDOW_SECONDS],
    );
    return same as { slug: string; type: TestRideType } | undefined;
  }

  /** The staff table: branch-scoped, within from/to (Nepal time), searchable by name, phone and email. */
  async table(actor: AuthUser, query: TestRideQuery) {
    return paginate(this.filtered(actor, query), query, TEST_RIDE_TABLE);
  }

  async findOne(actor: AuthUser, slug: string): Promise<TestRideEntity> {
    const ride = await this.query(actor).andWhere('t.slug = :slug', { slug }).getOne();
    return assertInBranch(ride, actor, 'test_ride', 'Test ride');
  }

  async remove(actor: AuthUser, slug: string): Promise<void> {
    const ride = await this.findOne(actor, slug);
    await this.rides.softDelete({ id: ride.id });
  }

  /**
   * TestRides.xlsx: the table's rows for the same filters, search, order and branch scope,
   * read through a cursor and streamed row by row (common/export).
   */
  async download(actor: AuthUser, query: TestRideQuery, res: Response): Promise<void> {
    // Built (and so validated: dates, order) before the first byte is sent.
    const qb = tableQuery(this.filtered(actor, query), query, TEST_RIDE_TABLE)
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
    await streamWorkbook(res, {
      filename: 'TestRides.xlsx',
      sheetName: 'Test rides',
      columns: TEST_RIDE_EXPORT_COLUMNS,
      rows: cursorRows<TestRideExportRow>(this.dataSource, qb),
      tz: this.config.get('app').campaignTz,
    });
  }

  /** Every read of test rides starts here: relations for the columns, and the branch scope. */
  private query(actor: AuthUser) {
    const qb = this.rides
      .createQueryBuilder('t')
      .leftJoin('t.branch', 'branch')
      .addSelect(['branch.id', 'branch.title'])
      .leftJoin('t.bike_model', 'bike_model')
      .addSelect(['bike_model.id', 'bike_model.title'])
      .leftJoin('t.referrer', 'referrer')
      .addSelect(['referrer.id', 'referrer.title']);
    return scopeToBranch(qb, actor, 'test_ride');
  }

  /** The table's filters: from/to (Nepal time) and, for head office, branch (a branch user's list is their branch). */
  private filtered(actor: AuthUser, query: TestRideQuery) {
    const range = parseDateRange(query, this.config.get('app').campaignTz);
    const qb = whereInRange(this.query(actor), 't.created_at', range);
    if (query.branch !== undefined && actor.branch_id === null) qb.andWhere('t.branch_id = :fBranch', { fBranch: query.branch });
    return qb;
  }

  /** The branch and model must exist; state, district and city must be one place of the geography (when it is loaded). */
  private async checkReferences(dto: CreateTestRideDto) {
    const errors: FieldErrors = {};
    const branch = await this.branches.brief(dto.branch_id);
    const model = await this.models.brief(dto.bike_model_id);
    if (!branch) errors.branch_id = ['The selected branch is invalid.'];
    if (!model) errors.bike_model_id = ['The selected model is invalid.'];
    let place: Place = { state: dto.state, district: dto.district, city: dto.city };
    // Free text is accepted only while the geography is not loaded (a fresh install).
    if ((await this.geography.get()).tree.length) {
      const resolved = await this.geography.resolve(place);
      if ('errors' in resolved) Object.assign(errors, resolved.errors);
      else place = resolved.place;
    }
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    return { branch: branch!, model: model!, place };
  }

  private async queueSms(
    em: EntityManager,
    b: { name: string; phone: string; type: TestRideType; city: string; branch: { title: string; mobile: string | null }; model: { title: string }; lang: Lang },
  ) {
    const values = { name: b.name, model: b.model.title, branch: b.branch.title, phone: b.phone, city: b.city };
    // The customer's text in the language they booked in; the branch's alert in English (staff read it).
    const customerKey = smsTemplateKey('sms_template_test_ride', b.lang);
    const texts = await this.settings.readIn(em, [customerKey, 'sms_template_test_ride_branch']);
    await this.sms.queue(em, [
      {
        phone: b.phone,
        kind: 'test_ride_customer',
        text: fillTemplate(String(texts[customerKey]), { ...values, what: TYPE_LABEL[b.lang][b.type] }),
      },
    ]);
    const branchMobile = parseNepalMobile(b.branch.mobile);
    if (branchMobile) {
      // At most one alert per branch mobile per window, whoever books from wherever: the
      // bookings made meanwhile are counted in the next one (SmsService.queueNotice).
      const what = TYPE_LABEL.en[b.type];
      await this.sms.queueNotice(em, {
        phone: branchMobile,
        kind: 'test_ride_branch',
        windowSeconds: BRANCH_NOTICE_WINDOW_SECONDS,
        text: (events) =>
          events === 1
            ? fillTemplate(texts.sms_template_test_ride_branch, { ...values, what })
            : fillTemplate(BRANCH_NOTICE_MANY, { ...values, what, count: events }),
      });
    }
  }
}
