import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { inLang, parseNepalMobile, type Lang } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { assertInBranch } from '../../common/auth/branch-scope';
import { FieldErrors, TooManyRequestsError, UnprocessableError } from '../../common/http/errors';
import { cursorRows } from '../../common/export/cursor';
import { ExportColumn, streamWorkbook } from '../../common/export/workbook';
import { paginate } from '../../common/paging/paging';
import { TestRideQuery } from './dto/test-ride-query.dto';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { newSlug } from '../../common/slug';
import { ConfigService } from '../../config/config.module';
import { Db } from '../../repositories/db';
import { TEST_RIDE_TABLE, TestRideExportRow, TestRideRepository } from '../../repositories/test-ride.repository';
import { BikeModelService } from '../bike-model/bike-model.service';
import { BranchService } from '../branch/branch.service';
import { GeographyService, Place } from '../geography/geography.service';
import { ReferrerService } from '../referrer/referrer.service';
import { fillTemplate, smsTemplateKey } from '../sms/sms-templates';
import { SettingService } from '../setting/setting.service';
import { SmsService } from '../sms/sms.service';
import { CreateTestRideDto } from './dto/create-test-ride.dto';
import { TestRideEntity, TestRideType } from './test-ride.entity';

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

/** Test rides and bike bookings (their table's statements: repositories/test-ride.repository.ts). */
@Injectable()
export class TestRideService {
  constructor(
    private readonly rides: TestRideRepository,
    private readonly db: Db,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly referrers: ReferrerService,
    private readonly limits: RateLimitService,
    private readonly sms: SmsService,
    private readonly geography: GeographyService,
    private readonly branches: BranchService,
    private readonly models: BikeModelService,
    private readonly settings: SettingService,
  ) {}

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
    const earlier = await this.rides.recentSame(booking, DUPLICATE_WINDOW_SECONDS);
    if (earlier) return earlier;
    // Counted outside the transaction: the counter has its own connection (the embedded
    // database runs one transaction at a time).
    const perPhone = await this.limits.hit(`test-ride:phone:${dto.phone}`, PHONE_DAILY_LIMIT, 24 * 3600);
    if (!perPhone.allowed) {
      throw new TooManyRequestsError('Too many bookings for this phone number today. Please try again later.', perPhone.retryAfterSeconds);
    }
    return this.db.transaction(async () => {
      // Simultaneous copies of one booking queue here; the first stores it, the others find it.
      await this.rides.lockBooking(booking);
      const same = await this.rides.recentSame(booking, DUPLICATE_WINDOW_SECONDS);
      if (same) return same;
      const referrerId = await this.referrers.ensure(dto.utm_source, dto.phone);
      const slug = newSlug();
      await this.rides.insert({
        slug,
        name: dto.name,
        email: dto.email ?? null,
        phone: dto.phone,
        state: place.state,
        district: place.district,
        city: place.city,
        branchId: branch.id,
        modelId: model.id,
        type,
        utmSource: dto.utm_source ?? null,
        referrerId,
        ip: ip && isIP(ip) ? ip : null,
        lang,
      });
      await this.queueSms({ name: dto.name, phone: dto.phone, type, city: place.city, branch, model, lang });
      return { slug, type };
    });
  }

  /** The staff table: branch-scoped, within from/to (Nepal time), searchable by name, phone and email. */
  async table(actor: AuthUser, query: TestRideQuery) {
    return paginate(this.rides.filtered(actor, query, this.tz), query, TEST_RIDE_TABLE);
  }

  async findOne(actor: AuthUser, slug: string): Promise<TestRideEntity> {
    return assertInBranch(await this.rides.findBySlug(actor, slug), actor, 'test_ride', 'Test ride');
  }

  async remove(actor: AuthUser, slug: string): Promise<void> {
    const ride = await this.findOne(actor, slug);
    await this.rides.softDelete(ride.id);
  }

  /**
   * TestRides.xlsx: the table's rows for the same filters, search, order and branch scope,
   * read through a cursor and streamed row by row (common/export).
   */
  async download(actor: AuthUser, query: TestRideQuery, res: Response): Promise<void> {
    // Built (and so validated: dates, order) before the first byte is sent.
    const qb = this.rides.exportQuery(actor, query, this.tz);
    await streamWorkbook(res, {
      filename: 'TestRides.xlsx',
      sheetName: 'Test rides',
      columns: TEST_RIDE_EXPORT_COLUMNS,
      // The cursor holds a connection of its own, outside any transaction (common/export/cursor.ts).
      rows: cursorRows<TestRideExportRow>(this.dataSource, qb),
      tz: this.tz,
    });
  }

  private get tz(): string {
    return this.config.get('app').campaignTz;
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
    b: {
      name: string;
      phone: string;
      type: TestRideType;
      city: string;
      branch: { title: string; title_ne: string | null; mobile: string | null };
      model: { title: string; title_ne: string | null };
      lang: Lang;
    },
  ) {
    const values = { name: b.name, model: b.model.title, branch: b.branch.title, phone: b.phone, city: b.city };
    // The customer reads the showroom and the model by the names of their language, when head office gave them.
    const named = { model: inLang(b.lang, b.model.title, b.model.title_ne), branch: inLang(b.lang, b.branch.title, b.branch.title_ne) };
    // The customer's text in the language they booked in; the branch's alert in English (staff read it).
    const customerKey = smsTemplateKey('sms_template_test_ride', b.lang);
    const texts = await this.settings.readIn([customerKey, 'sms_template_test_ride_branch']);
    await this.sms.queue([
      {
        phone: b.phone,
        kind: 'test_ride_customer',
        text: fillTemplate(String(texts[customerKey]), { ...values, ...named, what: TYPE_LABEL[b.lang][b.type] }),
      },
    ]);
    const branchMobile = parseNepalMobile(b.branch.mobile);
    if (branchMobile) {
      // At most one alert per branch mobile per window, whoever books from wherever: the
      // bookings made meanwhile are counted in the next one (SmsService.queueNotice).
      const what = TYPE_LABEL.en[b.type];
      await this.sms.queueNotice({
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
