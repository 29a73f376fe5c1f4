import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { NEPAL_MOBILE_RE, parseNepalMobile } from '@campaign/domain';
import { AuthUser, hasPermission } from '../../common/auth/auth-user';
import { assertInBranch, scopeToBranch } from '../../common/auth/branch-scope';
import { Permission } from '../../common/auth/permission.enum';
import { cursorRows } from '../../common/export/cursor';
import { streamWorkbook } from '../../common/export/workbook';
import { Failures } from '../../common/http/domain-errors';
import { isUniqueViolation, uniqueViolationField, UniqueFields } from '../../common/http/db-errors';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { ALL_ROWS_MAX, countRows, escapeLike, PageQuery, paginate, TableSpec, tableQuery, tooManyRows } from '../../common/paging/paging';
import { countByDayAndBranch, DayBounds, dayCounts } from '../../common/paging/counts';
import { whereInRange } from '../../common/paging/date-range';
import { newSlug } from '../../common/slug';
import { ConfigService } from '../../config/config.module';
import { BikeModelService } from '../bike-model/bike-model.service';
import { BranchCounters } from '../branch/branch-counters';
import { DrawService } from '../draw/draw.service';
import { imageRef } from '../file/file-view';
import { PreregistrationLinks } from '../preregistration/preregistration-links';
import { PreregistrationService } from '../preregistration/preregistration.service';
import { ReferrerCounters } from '../referrer/referrer-counters';
import { ReferrerService } from '../referrer/referrer.service';
import { fillTemplate, type SettingValues } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';
import { SmsAudience } from '../sms/sms-audience';
import { OneTimeCodes, PURCHASE_COUPON, supportHelp } from '../sms/one-time-code';
import { SmsService } from '../sms/sms.service';
import { CreateRegistrationDto } from './dto/create-registration.dto';
import { UpdateRegistrationDto } from './dto/update-registration.dto';
import { REGISTRATION_EXPORT_COLUMNS, RegistrationExportRow } from './registration.export';
import { RegistrationQuery } from './dto/registration-query.dto';
import { applyRegistrationFilters } from './registration.filters';
import { RegistrationEntity } from './registration.entity';
import { couponTemplate, prefixBillNo } from './registration.rules';
import { returned } from '../../common/returned';

/** The registered table (SPEC: Registered list / dashboard). */
export const REGISTRATION_TABLE: TableSpec = {
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
};

/** The deleted-registrations table. */
export const DELETED_REGISTRATION_TABLE: TableSpec = {
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
};

/** Unique constraints of the table and the field each one speaks for. */
const REGISTRATION_UNIQUE: UniqueFields = {
  registration_bill_no_uq: 'bill_no',
  registration_engine_no_uq: 'engine_no',
  registration_chasis_no_uq: 'chasis_no',
  registration_preregistration_uq: 'preregistration_id',
};

/** The sales module's expected failures; the table's keys are the codes. */
const SALE_FAILURES = new Failures({
  NotVerified: { status: 422, field: 'preregistration_id', message: 'This pre-registration is not verified yet.' },
  AlreadyPurchased: { status: 422, field: 'preregistration_id', message: 'This pre-registration has already been purchased.' },
  PhoneIsThePreregistrations: { status: 422, field: 'phone', message: "The phone number cannot be changed: it is the pre-registration's phone." },
  PhoneFixed: { status: 422, field: 'phone', message: 'The phone number cannot be changed.' },
  BillNoTaken: { status: 422, field: 'bill_no', message: 'The bill no has already been taken.' },
  EngineNoTaken: { status: 422, field: 'engine_no', message: 'The engine no has already been taken.' },
  ChasisNoTaken: { status: 422, field: 'chasis_no', message: 'The chasis no has already been taken.' },
  BikeModelInvalid: { status: 422, field: 'bike_model_id', message: 'The selected bike model is invalid.' },
  ReferringInvalid: { status: 422, field: 'registration_id', message: 'The selected referring registration is invalid.' },
  DeletedNoEdit: { status: 409, message: 'This registration is deleted: restore it before editing.' },
  AlreadyDeleted: { status: 409, message: 'This registration is already deleted.' },
  NotDeleted: { status: 409, message: 'This registration is not deleted.' },
  DeletedNoCoupon: { status: 409, message: 'This registration is deleted: restore it first.' },
  NoCoupon: { status: 422, field: 'code', message: 'This registration has no coupon.' },
  CouponVerified: { status: 422, field: 'code', message: 'The coupon has already been verified.' },
  Conflict: { status: 409, message: 'This registration conflicts with another one. Please reload and try again.' },
});
type SaleFailure = Parameters<typeof SALE_FAILURES.fail>[0];

/** The failure a taken unique value answers (the check and a race past it alike). */
const TAKEN: Record<string, SaleFailure> = {
  bill_no: 'BillNoTaken',
  engine_no: 'EngineNoTaken',
  chasis_no: 'ChasisNoTaken',
  preregistration_id: 'AlreadyPurchased',
};

type CouponOutcome = { ok: true } | { ok: false; error: UnprocessableError };

/** Sales: purchase registrations, their purchase draw and coupon code. The only code that names the registration table. */
/** What a winner video shows of the registration it names. */
export interface WinningRegistration {
  id: number;
  slug: string;
  name: string;
  phone: string;
  bill_no: string;
  citizenship_no: string | null;
}

@Injectable()
export class RegistrationService implements OnModuleInit {
  constructor(
    @InjectRepository(RegistrationEntity) private readonly registrations: Repository<RegistrationEntity>,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly draws: DrawService,
    private readonly sms: SmsService,
    private readonly referrers: ReferrerService,
    private readonly settings: SettingService,
    private readonly preregistrations: PreregistrationService,
    private readonly models: BikeModelService,
    private readonly branchCounters: BranchCounters,
    private readonly referrerCounters: ReferrerCounters,
    private readonly audience: SmsAudience,
    private readonly links: PreregistrationLinks,
    private readonly codes: OneTimeCodes,
  ) {}

  /** Erasure: blanks the personal fields of a pre-registration's purchase under `name`; answers the phones it held. */
  async eraseForPreregistration(em: EntityManager, preregistrationId: number, name: string): Promise<string[]> {
    const rows: Array<{ phone: string }> = await em.query(`SELECT phone FROM registration WHERE preregistration_id = $1 FOR UPDATE`, [preregistrationId]);
    await em.query(
      `UPDATE registration SET name = $2, address = '', citizenship_no = '', pan = NULL, email = NULL, phone = '',
              engine_no = NULL, chasis_no = NULL, registration_no = NULL, note = '', erased_at = now(), updated_at = now()
        WHERE preregistration_id = $1`,
      [preregistrationId, name],
    );
    return rows.map((r) => r.phone).filter((p) => !!p);
  }

  /** Retention: purges every purchase's citizenship number; answers how many changed. */
  async purgeIdentityDocuments(em: EntityManager): Promise<number> {
    return returned(await em.query(`UPDATE registration SET citizenship_no = '', updated_at = now() WHERE citizenship_no <> '' RETURNING id`)).length;
  }

  /** The live registration a winner video names (its id, for the video form and detail); undefined when none. */
  async winner(id: number): Promise<WinningRegistration | undefined> {
    const rows: WinningRegistration[] = await this.dataSource.query(
      `SELECT id, slug, name, phone, bill_no, citizenship_no FROM registration WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return rows[0];
  }

  onModuleInit() {
    const live = (b: string) => `FROM registration r WHERE r.branch_id = ${b}.id AND r.deleted_at IS NULL`;
    this.branchCounters.contribute('registrations_count', (b) => `SELECT count(*) ${live(b)}`);
    this.branchCounters.contribute('sales', (b) => `SELECT count(*) ${live(b)}`);
    this.branchCounters.contribute('prizes_awarded', (b) => `SELECT count(*) ${live(b)} AND r.coupon_amount IS NOT NULL`);
    this.referrerCounters.contribute('referrals_count', (sub, actor, range) =>
      scopeToBranch(whereInRange(sub.select('count(*)::int').from('registration', 'reg').where('reg.referred_by = r.id').andWhere('reg.deleted_at IS NULL'), 'reg.created_at', range), actor, 'registration'),
    );
    this.links.setPurchaseSlug(async (em, preregistrationId) => {
      const [row] = await em.query(`SELECT slug FROM registration WHERE preregistration_id = $1`, [preregistrationId]);
      return row?.slug ?? null;
    });
    const scoped = (em: EntityManager, user: AuthUser) => scopeToBranch(em.getRepository(RegistrationEntity).createQueryBuilder('r'), user, 'registration');
    this.audience.setCustomers({
      phones: (em, user, filter) => {
        const qb = scoped(em, user)
          .select('r.phone', 'phone')
          .distinct(true)
          .andWhere('r.phone ~ :mobileRe', { mobileRe: NEPAL_MOBILE_RE.source });
        if (filter.branches) qb.andWhere('r.branch_id = ANY(:branches)', { branches: filter.branches });
        if (filter.ids) qb.andWhere('r.id = ANY(:registrants)', { registrants: filter.ids });
        return qb as never;
      },
      existing: async (em, user, ids) => {
        const rows = await scoped(em, user).select('r.id', 'id').andWhere('r.id = ANY(:ids)', { ids }).getRawMany<{ id: number }>();
        return new Set(rows.map((r) => Number(r.id)));
      },
    });
    this.audience.addKnownPhones(async (em, user, phones) => {
      const rows = await scoped(em, user).select('r.phone', 'phone').distinct(true).andWhere('r.phone = ANY(:phones)', { phones }).getRawMany<{ phone: string }>();
      return rows.map((r) => r.phone);
    });
  }

  /** The dashboard's sales cards: what the user's registered list holds, in total, today and yesterday. */
  dayCounts(user: AuthUser, days: DayBounds) {
    return dayCounts(scopeToBranch(this.registrations.createQueryBuilder('r'), user, 'registration'), 'r.created_at', days);
  }

  /** Sales per Nepal day and branch within [start, end), in the user's scope (analytics). */
  countByDayAndBranch(user: AuthUser, period: { tz: string; start: Date; end: Date }) {
    return countByDayAndBranch(scopeToBranch(this.registrations.createQueryBuilder('r'), user, 'registration'), 'r.created_at', 'r.branch_id', period);
  }

  /** SQL (and parameters) selecting the ids of the live registrations in the user's scope. */
  liveIds(user: AuthUser): { sql: string; params: unknown[] } {
    const [sql, params] = scopeToBranch(this.registrations.createQueryBuilder('r'), user, 'registration').select('r.id').getQueryAndParameters();
    return { sql, params };
  }

  /** Registrations with what the table and the detail show, scoped to the user's branch. */
  private query(user: AuthUser, em: EntityManager = this.dataSource.manager): SelectQueryBuilder<RegistrationEntity> {
    const qb = em
      .getRepository(RegistrationEntity)
      .createQueryBuilder('r')
      .leftJoin('r.bike_model', 'bike_model')
      .addSelect(['bike_model.id', 'bike_model.title'])
      .leftJoin('r.branch', 'branch')
      .addSelect(['branch.id', 'branch.title', 'branch.city'])
      .leftJoin('r.preregistration', 'preregistration')
      .addSelect(['preregistration.id', 'preregistration.slug', 'preregistration.prize']);
    return scopeToBranch(qb, user, 'registration');
  }

  /** The filtered table query (live registrations) shared by the table, print and download. */
  private filtered(user: AuthUser, query: RegistrationQuery): SelectQueryBuilder<RegistrationEntity> {
    return applyRegistrationFilters(this.query(user), query, user, this.config.get('app').campaignTz);
  }

  table(user: AuthUser, query: RegistrationQuery) {
    return paginate(this.filtered(user, query), query, REGISTRATION_TABLE, (rows) => rows.map(toRow));
  }

  /**
   * GET /registration?all: every live registration of the filters (and the user's branch),
   * newest first, with only what print and the SMS picker read (id, name, phone, slug); as
   * `length=-1`, at most ALL_ROWS_MAX of them (else 422 under `length`).
   */
  async all(user: AuthUser, query: RegistrationQuery): Promise<Array<{ id: number; name: string; phone: string; slug: string }>> {
    if ((await countRows(this.filtered(user, query))) > ALL_ROWS_MAX) throw tooManyRows(ALL_ROWS_MAX);
    const rows: Array<{ id: number; name: string; phone: string; slug: string }> = await this.filtered(user, query)
      .select([])
      .addSelect('r.id', 'id')
      .addSelect('r.name', 'name')
      .addSelect('r.phone', 'phone')
      .addSelect('r.slug', 'slug')
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(ALL_ROWS_MAX + 1)
      .getRawMany();
    if (rows.length > ALL_ROWS_MAX) throw tooManyRows(ALL_ROWS_MAX);
    return rows;
  }

  deletedTable(user: AuthUser, query: PageQuery) {
    const qb = this.query(user).withDeleted().andWhere('r.deleted_at IS NOT NULL');
    return paginate(qb, query, DELETED_REGISTRATION_TABLE, (rows) => rows.map(toRow));
  }

  /** Registrations.xlsx: the table's rows for the same filters, search and order, read through a cursor. */
  async download(user: AuthUser, query: RegistrationQuery, res: Response): Promise<void> {
    const tz = this.config.get('app').campaignTz;
    const qb = tableQuery(this.filtered(user, query), query, REGISTRATION_TABLE)
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
    await streamWorkbook(res, {
      filename: 'Registrations.xlsx',
      sheetName: 'Registrations',
      columns: REGISTRATION_EXPORT_COLUMNS,
      rows: cursorRows<RegistrationExportRow>(this.dataSource, qb),
      tz,
    });
  }

  /** One registration (deleted ones too: the detail page shows them without Edit). */
  async findOne(user: AuthUser, slugOrId: string) {
    const record = await this.load(user, slugOrId, { withDeleted: true, detail: true });
    const detail = this.toDetail(user, record);
    // The public ids of its two draws, checked on /fairness (docs/fairness.md).
    const em = this.dataSource.manager;
    detail.draw_id = (await this.draws.find(em, 'registration', record.id))?.public_id ?? null;
    if (detail.preregistration && record.preregistration_id) {
      (detail.preregistration as Record<string, unknown>).draw_id = (await this.draws.find(em, 'preregistration', record.preregistration_id))?.public_id ?? null;
    }
    return detail;
  }

  private async load(
    user: AuthUser,
    slugOrId: string,
    opts: { withDeleted?: boolean; detail?: boolean; em?: EntityManager; lock?: boolean } = {},
  ): Promise<RegistrationEntity> {
    const qb = this.query(user, opts.em);
    if (opts.withDeleted) qb.withDeleted();
    if (opts.detail) {
      qb.leftJoin('r.referrer_registration', 'referring', 'referring.deleted_at IS NULL')
        .addSelect(['referring.id', 'referring.slug', 'referring.name', 'referring.bill_no'])
        .leftJoin('preregistration.screenshot', 'screenshot')
        .addSelect(['preregistration.shared', 'screenshot.id', 'screenshot.filename', 'screenshot.thumbnail_filename'])
        .leftJoin('r.referrer', 'referrer')
        .addSelect(['referrer.id', 'referrer.title']);
      if (hasPermission(user, Permission.SendSms)) qb.addSelect('r.coupon_code');
    }
    if (/^\d{1,9}$/.test(slugOrId)) qb.andWhere('r.id = :id', { id: Number(slugOrId) });
    else qb.andWhere('r.slug = :slug', { slug: slugOrId });
    if (opts.lock) qb.setLock('pessimistic_write', undefined, ['r']);
    return assertInBranch(await qb.getOne(), user, 'registration', 'Registration');
  }

  /** The referring-registration picker: up to 20 live registrations of the user's scope. */
  async search(user: AuthUser, q: string) {
    const qb = this.registrations
      .createQueryBuilder('r')
      .select(['r.id', 'r.slug', 'r.name', 'r.phone', 'r.bill_no', 'r.created_at'])
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(20);
    scopeToBranch(qb, user, 'registration');
    if (q) qb.andWhere('(r.name ILIKE :q OR r.phone ILIKE :q OR r.bill_no ILIKE :q)', { q: `%${escapeLike(q)}%` });
    const rows = await qb.getMany();
    return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, phone: r.phone, bill_no: r.bill_no }));
  }

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
    const slug = await this.write(() =>
      this.dataSource.transaction(async (em) => {
        const pre = await this.preregistrations.lockForPurchase(em, branchId, dto.preregistration_id);
        if (!pre.is_verified) throw SALE_FAILURES.fail('NotVerified');
        if (pre.purchased) throw SALE_FAILURES.fail('AlreadyPurchased');
        const errors: FieldErrors = {};
        if (dto.phone !== undefined && parseNepalMobile(dto.phone) !== pre.phone) {
          errors.phone = [SALE_FAILURES.message('PhoneIsThePreregistrations')];
        }
        await this.checkFields(em, { ...dto, bill_no: billNo }, errors);
        const referringId = await this.referringId(em, user, dto.registration_id, undefined, errors);
        if (Object.keys(errors).length) throw new UnprocessableError(errors);

        const referredBy = await this.referrers.ensure(em, pre.utm_source, pre.phone);
        const record = em.getRepository(RegistrationEntity).create({
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
        const saved = await em.getRepository(RegistrationEntity).save(record);
        await this.preregistrations.markPurchased(em, pre.id);
        const draw = await this.draws.draw(em, { kind: 'registration', recordId: saved.id, type: 'registration_branch', branchId, clientSeed: dto.client_seed });
        // Sent with the purchase whatever the phone's limits (the sale must not fail on them); it counts toward them.
        const { code, expiresAt } = this.codes.issue(PURCHASE_COUPON);
        await em.query(
          `UPDATE registration
              SET coupon_amount = $2, coupon_code = $3, coupon_attempts = 0,
                  coupon_code_expires_at = $4,
                  coupon_code_sent_at = CASE WHEN $5 THEN now() END
            WHERE id = $1`,
          [saved.id, draw.amount, code, expiresAt, saved.send_sms],
        );
        if (saved.send_sms) await this.queueCouponSms(em, settings, { ...saved, coupon_amount: draw.amount }, code);
        return saved.slug;
      }),
    );
    return this.findOne(user, slug);
  }

  async update(user: AuthUser, slugOrId: string, dto: UpdateRegistrationDto) {
    const slug = await this.write(() =>
      this.dataSource.transaction(async (em) => {
        const record = await this.load(user, slugOrId, { em, lock: true, withDeleted: true });
        if (record.deleted_at) throw SALE_FAILURES.fail('DeletedNoEdit');
        const errors: FieldErrors = {};
        if (dto.phone !== undefined && parseNepalMobile(dto.phone) !== record.phone) {
          errors.phone = [SALE_FAILURES.message('PhoneFixed')];
        }
        const billNo = dto.bill_no !== undefined ? prefixBillNo(record.branch_id, dto.bill_no) : undefined;
        await this.checkFields(em, { ...dto, bill_no: billNo }, errors, record.id);
        const referringId =
          dto.registration_id !== undefined ? await this.referringId(em, user, dto.registration_id, record.id, errors) : undefined;
        if (Object.keys(errors).length) throw new UnprocessableError(errors);
        const patch: Partial<RegistrationEntity> = {};
        const fields = [
          'name',
          'address',
          'citizenship_no',
          'pan',
          'email',
          'roadie',
          'shared',
          'bike_model_id',
          'engine_no',
          'chasis_no',
          'registration_no',
          'payment_mode',
          'note',
          'send_sms',
        ] as const;
        for (const k of fields) if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
        if (patch.note === null) patch.note = '';
        if (billNo !== undefined) patch.bill_no = billNo;
        if (referringId !== undefined) patch.registration_id = referringId;
        if (Object.keys(patch).length) await em.getRepository(RegistrationEntity).update({ id: record.id }, patch);
        return record.slug;
      }),
    );
    return this.findOne(user, slug);
  }

  /** Soft delete: the purchase, its prize and its bill number stay (restore brings it back as it was). */
  async remove(user: AuthUser, slugOrId: string): Promise<void> {
    const record = await this.load(user, slugOrId, { withDeleted: true });
    if (record.deleted_at) throw SALE_FAILURES.fail('AlreadyDeleted');
    await this.registrations.softDelete({ id: record.id });
  }

  async restore(user: AuthUser, slugOrId: string) {
    const record = await this.load(user, slugOrId, { withDeleted: true });
    if (!record.deleted_at) throw SALE_FAILURES.fail('NotDeleted');
    await this.registrations.restore({ id: record.id });
    return this.findOne(user, record.slug);
  }

  /**
   * Staff confirm, at key hand-over, the coupon code the customer received. A wrong code
   * counts a try; after 5 wrong tries (or 30 days) the code is dead and a new one must be sent.
   */
  async verifyCoupon(user: AuthUser, slugOrId: string, code: string) {
    const settings = await this.settings.getAll();
    const outcome = await this.dataSource.transaction(async (em): Promise<CouponOutcome & { slug: string }> => {
      const record = await this.lockForCoupon(em, user, slugOrId);
      const slug = record.slug;
      if (record.coupon_verified_at) return { ok: true, slug };
      const verdict = await this.codes.verify(
        { code: record.coupon_code, expiresAt: record.coupon_code_expires_at, attempts: record.coupon_attempts },
        code,
        PURCHASE_COUPON,
        supportHelp(settings.support_phones),
        (attempts) => em.query(`UPDATE registration SET coupon_attempts = $2 WHERE id = $1`, [record.id, attempts]),
      );
      if (!verdict.ok) return { ok: false, slug, error: verdict.error };
      await em.query(`UPDATE registration SET coupon_verified_at = now() WHERE id = $1`, [record.id]);
      return { ok: true, slug };
    });
    // The wrong try is committed before the 422 is answered.
    if (!outcome.ok) throw outcome.error;
    return this.findOne(user, outcome.slug);
  }

  /** A new coupon code (the old one stops working), sent by SMS; 60 s between sends, 5 sends a day. */
  async resetCoupon(user: AuthUser, slugOrId: string) {
    return this.sendCoupon(user, slugOrId, true);
  }

  /** Sends the coupon SMS again (the same code while it is usable, otherwise a new one). */
  async notifyCoupon(user: AuthUser, slugOrId: string) {
    return this.sendCoupon(user, slugOrId, false);
  }

  private async sendCoupon(user: AuthUser, slugOrId: string, fresh: boolean) {
    // The settings have their own connection: read before the transaction (the embedded
    // database runs one transaction at a time).
    const { id } = await this.load(user, slugOrId, { withDeleted: true });
    const settings = await this.settings.getAll();
    const slug = await this.dataSource.transaction(async (em) => {
      const record = await this.lockForCoupon(em, user, String(id));
      if (record.coupon_amount === null) throw SALE_FAILURES.fail('NoCoupon');
      if (record.coupon_verified_at) throw SALE_FAILURES.fail('CouponVerified');
      await this.codes.checkSend(em, record.phone, PURCHASE_COUPON);
      const stored = { code: record.coupon_code, expiresAt: record.coupon_code_expires_at, attempts: record.coupon_attempts };
      let code = record.coupon_code!;
      if (fresh || !this.codes.usable(stored, PURCHASE_COUPON)) {
        const issued = this.codes.issue(PURCHASE_COUPON);
        code = issued.code;
        await em.query(`UPDATE registration SET coupon_code = $2, coupon_attempts = 0, coupon_code_expires_at = $3 WHERE id = $1`, [record.id, code, issued.expiresAt]);
      }
      await em.query(`UPDATE registration SET coupon_code_sent_at = now() WHERE id = $1`, [record.id]);
      await this.queueCouponSms(em, settings, record, code);
      return record.slug;
    });
    return this.findOne(user, slug);
  }

  private async lockForCoupon(em: EntityManager, user: AuthUser, slugOrId: string) {
    const record = await this.load(user, slugOrId, { em, lock: true, withDeleted: true });
    if (record.deleted_at) throw SALE_FAILURES.fail('DeletedNoCoupon');
    const [secret] = await em.query(
      `SELECT coupon_code, coupon_code_expires_at, coupon_code_sent_at, coupon_attempts FROM registration WHERE id = $1`,
      [record.id],
    );
    return Object.assign(record, secret) as RegistrationEntity;
  }

  private async queueCouponSms(
    em: EntityManager,
    settings: SettingValues,
    r: Pick<RegistrationEntity, 'name' | 'phone' | 'bill_no' | 'coupon_amount' | 'preregistration_id'>,
    code: string,
  ) {
    const coupon = r.coupon_amount ?? 0;
    const prize = (await this.preregistrations.prizeOf(em, r.preregistration_id)) ?? 0;
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
    await this.sms.queue(em, [{ phone: r.phone, text, kind: 'coupon' }]);
  }

  /** The field rules that need the database: the bike model exists, bill/engine/chassis numbers are free. */
  private async checkFields(
    em: EntityManager,
    dto: { bike_model_id?: number; bill_no?: string; engine_no?: string | null; chasis_no?: string | null },
    errors: FieldErrors,
    exceptId = 0,
  ) {
    if (dto.bike_model_id !== undefined) {
      if (!(await this.models.brief(dto.bike_model_id, em))) errors.bike_model_id = [SALE_FAILURES.message('BikeModelInvalid')];
    }
    // Taken numbers include deleted registrations: a restore must never clash.
    for (const field of ['bill_no', 'engine_no', 'chasis_no'] as const) {
      const value = dto[field];
      if (value === undefined || value === null) continue;
      const [taken] = await em.query(`SELECT 1 FROM registration WHERE ${field} = $1 AND id <> $2`, [value, exceptId]);
      if (taken) errors[field] = [SALE_FAILURES.message(TAKEN[field])];
    }
  }

  /** The referring registration (id or slug) within the user's scope, not the record itself. */
  private async referringId(
    em: EntityManager,
    user: AuthUser,
    value: string | null | undefined,
    selfId: number | undefined,
    errors: FieldErrors,
  ): Promise<number | null> {
    if (value === undefined || value === null) return null;
    const qb = em.getRepository(RegistrationEntity).createQueryBuilder('r').select(['r.id', 'r.branch_id']);
    if (/^\d{1,9}$/.test(value)) qb.where('r.id = :id', { id: Number(value) });
    else qb.where('r.slug = :slug', { slug: value });
    scopeToBranch(qb, user, 'registration');
    const found = await qb.getOne();
    if (!found || found.id === selfId) {
      errors.registration_id = [SALE_FAILURES.message('ReferringInvalid')];
      return null;
    }
    return found.id;
  }

  /** Maps a unique-index race (two requests past the same check) to the field's 422. */
  private async write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const field = uniqueViolationField(e, REGISTRATION_UNIQUE);
      if (field) throw SALE_FAILURES.fail(TAKEN[field]);
      if (isUniqueViolation(e)) {
        throw SALE_FAILURES.fail('Conflict');
      }
      throw e;
    }
  }

  private toDetail(user: AuthUser, r: RegistrationEntity) {
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
    if (hasPermission(user, Permission.SendSms)) detail.coupon_code = r.coupon_code ?? null;
    return detail;
  }
}

/** A table row: the columns of the registered list plus what print and the SMS picker need. */
function toRow(r: RegistrationEntity) {
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
