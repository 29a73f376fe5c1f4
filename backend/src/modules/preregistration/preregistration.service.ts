import { phoneLookup, PreregistrationQuery } from './dto/preregistration-query.dto';
import { ERASED_KEY_COLUMN, erasedIdentityKey, IdentityField } from './erased-identity';
import { HttpException, Injectable, OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { maskPhone, type Lang, type PublicPreregistration } from '@campaign/domain';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser, hasPermission } from '../../common/auth/auth-user';
import { assertInBranch, inBranch, scopeToBranch } from '../../common/auth/branch-scope';
import { Permission } from '../../common/auth/permission.enum';
import { isUniqueViolation, uniqueViolationField, UniqueFields } from '../../common/http/db-errors';
import { FieldErrors, TooManyRequestsError, UnprocessableError } from '../../common/http/errors';
import { cursorRows } from '../../common/export/cursor';
import { ExportColumn, streamWorkbook } from '../../common/export/workbook';
import { parseDateRange, whereInRange } from '../../common/paging/date-range';
import { countByDayAndBranch, DayBounds, dayCounts } from '../../common/paging/counts';
import { ALL_ROWS_MAX, paginate, TableSpec, tableQuery } from '../../common/paging/paging';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { newSlug } from '../../common/slug';
import { ConfigService } from '../../config/config.module';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { BikeModelService } from '../bike-model/bike-model.service';
import { BranchCounters } from '../branch/branch-counters';
import { BranchService } from '../branch/branch.service';
import { DrawService } from '../draw/draw.service';
import { FileEntity } from '../file/file.entity';
import { FileService } from '../file/file.service';
import type { Upload } from '../file/upload';
import { SettingValues } from '../setting/setting.defaults';
import { fillTemplate, smsTemplateKey } from '../sms/sms-templates';
import { SettingService } from '../setting/setting.service';
import { SmsAudience } from '../sms/sms-audience';
import { codeError, ENQUIRY_CODE, OneTimeCodes, supportHelp } from '../sms/one-time-code';
import { SmsService } from '../sms/sms.service';
import { ReferrerCounters } from '../referrer/referrer-counters';
import { ReferrerService } from '../referrer/referrer.service';
import { ShareLinks } from '../referrer/share-links';
import { CreateEnquiryDto } from './dto/create-enquiry.dto';
import { CreatePreregistrationDto } from './dto/create-preregistration.dto';
import { UpdatePreregistrationDto } from './dto/update-preregistration.dto';
import { PreregistrationEntity } from './preregistration.entity';
import { ClaimRow, deleteClaim, deleteClaimsOf, insertClaim, lockClaim, readClaim, setClaimAttempts, setClaimCode } from './enquiry-claim';
import { PreregistrationDetail, toDetailView, toPublicView, toRowView } from './preregistration.view';
import { returned } from '../../common/returned';
import { campaignDay } from '../../common/time';
import { appendAudit } from '../audit/audit-trail';
import { PREREGISTRATION_MOVE_ACTION } from '../audit/audit-words';

/** The pre-registration's expected failures (a code's own are the code lifecycle's, one-time-code.ts); the table's keys are the codes. */
const PREREGISTRATION_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Pre-registration not found.' },
  Purchased: { status: 409, message: 'This pre-registration has a purchase and cannot be deleted.' },
});

export const PENDING_PURCHASE = 'This citizenship/pan has pending purchase.';
export const CITIZENSHIP_PURCHASED = 'This citizenship/pan has already made its purchase in this campaign: one pre-registration per customer.';
export const PHONE_TAKEN_STAFF = 'This phone number is already pre-registered for this campaign: one pre-registration per customer.';
export const PHONE_PURCHASED_STAFF = 'This phone number has already made its purchase in this campaign: one pre-registration per customer.';
/** The answers of a right code on the public routes (the SMS link's, the way back's). */
export const VERIFIED_NOW = 'Your phone number is verified. Congratulations!';
export const VERIFIED_ALREADY = 'Your phone number is already verified.';
/** A held record's (issue #32): verified, no draw; the public is told that its branch checks it, never why. */
export const VERIFIED_HELD = 'Your phone number is verified. Your pre-registration is being checked by the branch, who will contact you.';
/** Staff: a held record whose citizenship number no other live record holds any more. */
export const HELD_CLEAR = 'Held without a draw: no other pre-registration has this citizenship/pan now. Saving the record releases it (and draws, once verified).';
/** A branch user's change of the nearest showroom: it would move a public enquiry to another branch. */
export const NEAREST_BRANCH_HEAD_OFFICE_ONLY =
  'Only head office can change the nearest showroom: it decides which branch follows the pre-registration up.';
/** The table's unique indexes and the field each speaks for: one live pre-registration per phone and per citizenship number. */
const PREREGISTRATION_UNIQUE: UniqueFields = { preregistration_phone_uq: 'phone', preregistration_citizenship_uq: 'citizenship_no' };

const PREREGISTRATION_TABLE: TableSpec = {
  orderable: {
    id: 'p.id',
    name: 'p.name',
    phone: 'p.phone',
    'branch.title': 'branch.title',
    'nearest_branch.title': 'nearest_branch.title',
    'bike_model.title': 'bike_model.title',
    created_at: 'p.created_at',
    prize: 'p.prize',
  },
  searchable: ['p.name', 'p.phone'],
  defaultOrder: ['created_at', 'DESC'],
  tieBreaker: 'p.id',
  allRowsUpTo: ALL_ROWS_MAX,
};

/** The row as the verify and resend paths lock it (SELECT ... FOR UPDATE). */
interface LockedRow {
  id: number;
  slug: string;
  name: string;
  phone: string;
  branch_id: number | null;
  nearest_branch_id: number | null;
  owner_branch_id: number | null;
  send_sms: boolean;
  is_verified: boolean;
  purchased: boolean;
  held: boolean;
  code: string | null;
  code_attempts: number;
  code_expires_at: Date | null;
  client_seed: string | null;
  lang: Lang;
}

/** LockedRow's columns. */
const LOCKED_COLUMNS = `id, slug, name, phone, branch_id, nearest_branch_id, owner_branch_id, send_sms, is_verified, purchased, held, code, code_attempts,
              code_expires_at, client_seed, lang`;

/** An earlier record of a phone or a citizenship number (checkDuplicates, earlierRecord). */
type EarlierRecord = { slug: string; owner_branch_id: number | null; purchased: boolean };

/** A pre-registration locked for erasure: what the erasure blanks, keys and deletes. */
export type ErasureRow = { id: number; phone: string | null; citizenship_no: string | null; screenshot_id: number | null; erased: boolean };

/** A code's verdict on the public or staff verify: the record it opened (a claim's is the phone's record), or the refusal. */
type VerifyOutcome = { ok: true; already: boolean; slug: string } | { ok: false; error: HttpException };

/**
 * Pre-registrations: the public enquiry and the staff screens. Every staff query goes
 * through scopeToBranch / assertInBranch; every code path that touches the code or the
 * draw locks the row first.
 */
@Injectable()
export class PreregistrationService implements OnModuleInit {
  constructor(
    @InjectRepository(PreregistrationEntity) private readonly repo: Repository<PreregistrationEntity>,
    private readonly dataSource: DataSource,
    private readonly draws: DrawService,
    private readonly sms: SmsService,
    private readonly settings: SettingService,
    private readonly files: FileService,
    private readonly limits: RateLimitService,
    private readonly config: ConfigService,
    private readonly branches: BranchService,
    private readonly models: BikeModelService,
    private readonly counters: BranchCounters,
    private readonly audience: SmsAudience,
    private readonly registrations: RegistrationRepository,
    private readonly codes: OneTimeCodes,
    private readonly referrers: ReferrerService,
    private readonly referrerCounters: ReferrerCounters,
    private readonly shareLinks: ShareLinks,
  ) {}

  onModuleInit() {
    const owned = (b: string) => `FROM preregistration p WHERE p.owner_branch_id = ${b}.id AND p.deleted_at IS NULL`;
    this.counters.contribute('preregistrations', (b) => `SELECT count(*) ${owned(b)}`);
    this.counters.contribute('prizes_awarded', (b) => `SELECT count(*) ${owned(b)} AND p.prize IS NOT NULL`);
    // A pre-registration counts for its source (a sharer's friend above all) once its phone is
    // verified, and once per person (phone, or an erased record's key of it): an unverified one
    // from an invented phone proves no one (issue #32).
    const referred = (sub: SelectQueryBuilder<object>) =>
      sub.from('preregistration', 'pre').where('pre.referrer_id = r.id').andWhere('pre.deleted_at IS NULL').andWhere('pre.is_verified');
    this.referrerCounters.contribute('preregistrations_count', (sub, actor, range) =>
      scopeToBranch(whereInRange(referred(sub.select('count(DISTINCT COALESCE(pre.phone, pre.erased_phone_key))::int')), 'pre.created_at', range), actor, 'preregistration'),
    );
    this.referrerCounters.contributeSources('preregistration', (sub, actor, range) =>
      scopeToBranch(whereInRange(referred(sub.select('lower(btrim(pre.utm_source))', 'v')).andWhere('pre.utm_source IS NOT NULL'), 'pre.created_at', range), actor, 'preregistration'),
    );
    this.shareLinks.setOwner(async (em, code) => {
      const [row] = await em.query(`SELECT phone FROM preregistration WHERE share_code = $1`, [code]);
      return row ? { phone: row.phone } : null;
    });
    this.audience.addKnownPhones(async (em, user, phones) => {
      const qb = scopeToBranch(em.getRepository(PreregistrationEntity).createQueryBuilder('p'), user, 'preregistration');
      const rows = await qb.select('p.phone', 'phone').distinct(true).andWhere('p.phone = ANY(:phones)', { phones }).getRawMany<{ phone: string }>();
      return rows.map((r) => r.phone);
    });
  }

  // ---------------------------------------------------------------- what other modules ask

  /** The dashboard's pre-registration cards: what the user's list holds, in total, today and yesterday. */
  dayCounts(actor: AuthUser, days: DayBounds) {
    return dayCounts(this.scoped(actor), 'p.created_at', days);
  }

  /** Pre-registrations made (`created_at`) or verified (`verified_at`) per Nepal day and owner branch (analytics). */
  countByDayAndBranch(actor: AuthUser, at: 'created_at' | 'verified_at', period: { tz: string; start: Date; end: Date }) {
    return countByDayAndBranch(this.scoped(actor), `p.${at}`, 'p.owner_branch_id', period);
  }

  /** Pre-registrations made within [start, end) per source, most first (analytics). */
  countBySource(actor: AuthUser, start: Date, end: Date) {
    return this.scoped(actor)
      .select('p.source', 'source')
      .addSelect('count(*)::int', 'preregistrations')
      .andWhere('p.created_at >= :start AND p.created_at < :end', { start, end })
      .groupBy('p.source')
      .orderBy('preregistrations', 'DESC')
      .addOrderBy('p.source', 'ASC', 'NULLS LAST')
      .getRawMany<{ source: string | null; preregistrations: number }>();
  }

  /** SQL (and parameters) selecting the ids of the live pre-registrations in the user's scope. */
  liveIds(actor: AuthUser): { sql: string; params: unknown[] } {
    const [sql, params] = this.scoped(actor).select('p.id').getQueryAndParameters();
    return { sql, params };
  }

  /**
   * Locks a live pre-registration of `branchId` (its owner branch) for a purchase, until the
   * caller's transaction ends; 404 otherwise. By id or slug.
   */
  async lockForPurchase(em: EntityManager, branchId: number, idOrSlug: string) {
    const byId = /^\d{1,9}$/.test(idOrSlug);
    const [pre] = await em.query(
      `SELECT id, slug, phone, is_verified, purchased, utm_source, prize
         FROM preregistration
        WHERE ${byId ? 'id = $1::int' : 'slug = $1'}
          AND deleted_at IS NULL
          AND owner_branch_id = $2
        FOR UPDATE`,
      [idOrSlug, branchId],
    );
    if (!pre) throw PREREGISTRATION_FAILURES.fail('NotFound');
    return pre as { id: number; slug: string; phone: string; is_verified: boolean; purchased: boolean; utm_source: string | null; prize: number | null };
  }

  /** Marks a locked pre-registration purchased (the sale's transaction). */
  async markPurchased(em: EntityManager, id: number): Promise<void> {
    await em.query(`UPDATE preregistration SET purchased = true, status = 'purchased', updated_at = now() WHERE id = $1`, [id]);
  }

  /** Erasure on request: locks a pre-registration by slug (deleted ones too) until the caller's transaction ends; 404 when unknown. */
  async lockForErasure(em: EntityManager, slug: string): Promise<ErasureRow> {
    const [row] = await em.query(`SELECT id, phone, citizenship_no, screenshot_id, erased_at FROM preregistration WHERE slug = $1 FOR UPDATE`, [slug]);
    if (!row) throw PREREGISTRATION_FAILURES.fail('NotFound');
    return { id: row.id, phone: row.phone, citizenship_no: row.citizenship_no, screenshot_id: row.screenshot_id, erased: !!row.erased_at };
  }

  /**
   * Blanks a locked pre-registration's personal fields under `name` (a pseudonym). Its draw,
   * prize and status stay, so the allocation stock and the audit trail still add up; a keyed
   * hash of the phone and the citizenship number stays too, so the person is still one person
   * to the one-record and one-draw rules (erased-identity.ts).
   */
  async erase(em: EntityManager, row: ErasureRow, name: string): Promise<void> {
    const keyOf = (field: IdentityField) => (row[field] ? this.identityKey(field, row[field]) : null);
    await em.query(
      `UPDATE preregistration SET name = $2, address = NULL, phone = NULL, email = NULL, citizenship_no = NULL, note = NULL,
              roadie = NULL, screenshot_id = NULL, code = NULL, code_expires_at = NULL, erased_at = now(), updated_at = now(),
              erased_phone_key = COALESCE($3, erased_phone_key), erased_citizenship_key = COALESCE($4, erased_citizenship_key)
        WHERE id = $1`,
      [row.id, name, keyOf('phone'), keyOf('citizenship_no')],
    );
    // Pending claims of the phone (enquiry-claim.ts) hold it and a typed name: they go too.
    if (row.phone) await deleteClaimsOf(em, row.phone);
  }

  private identityKey(field: IdentityField, value: string): string {
    return erasedIdentityKey(this.config.get('privacy').identityKey, field, value);
  }

  /** Retention: purges every citizenship number and screenshot; answers how many records changed and the screenshots' file ids. */
  async purgeIdentityDocuments(em: EntityManager): Promise<{ records: number; screenshotIds: number[] }> {
    const rows: Array<{ screenshot_id: number | null }> = returned(
      await em.query(
        `UPDATE preregistration p SET citizenship_no = NULL, screenshot_id = NULL, updated_at = now()
           FROM (SELECT id, screenshot_id FROM preregistration WHERE citizenship_no IS NOT NULL OR screenshot_id IS NOT NULL FOR UPDATE) old
          WHERE p.id = old.id RETURNING old.screenshot_id`,
      ),
    );
    return { records: rows.length, screenshotIds: rows.map((r) => r.screenshot_id).filter((id): id is number => id !== null) };
  }

  /** The prize a pre-registration's draw gave (null before it is verified). */
  async prizeOf(em: EntityManager, id: number): Promise<number | null> {
    const [row] = await em.query(`SELECT prize FROM preregistration WHERE id = $1`, [id]);
    return row?.prize ?? null;
  }

  /** Live pre-registrations in the user's scope (the rows of their list before filters). */
  private scoped(actor: AuthUser) {
    return scopeToBranch(this.repo.createQueryBuilder('p'), actor, 'preregistration');
  }

  private get tz(): string {
    return this.config.get('app').campaignTz;
  }

  // ---------------------------------------------------------------- queries

  private baseQuery(actor: AuthUser | undefined, em?: EntityManager): SelectQueryBuilder<PreregistrationEntity> {
    const qb = (em ? em.getRepository(PreregistrationEntity) : this.repo)
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.branch', 'branch')
      .leftJoinAndSelect('p.nearest_branch', 'nearest_branch')
      .leftJoin('p.bike_model', 'bike_model');
    return scopeToBranch(qb, actor, 'preregistration');
  }

  private bikeModelTitles(ids: Array<number | null>): Promise<Map<number, string>> {
    return this.models.titles(ids);
  }

  /** Applies the checked filters (PreregistrationQuery); a branch's rows are those it owns, as its own staff's list shows them. */
  private applyFilters(qb: SelectQueryBuilder<PreregistrationEntity>, q: PreregistrationQuery) {
    const phone = q.phone ? phoneLookup(q.phone) : undefined;
    if (phone && 'full' in phone) qb.andWhere('p.phone = :fphone', { fphone: phone.full });
    else if (phone) qb.andWhere('p.phone LIKE :lphone', { lphone: `%${phone.digits}%` });
    if (q.bike_model !== undefined) qb.andWhere('p.bike_model_id = :fbike', { fbike: q.bike_model });
    if (q.branch === 'public' || q.branch === 'none') qb.andWhere('p.branch_id IS NULL');
    else if (q.branch !== undefined) qb.andWhere('p.owner_branch_id = :fbranch', { fbranch: q.branch });
    if (q.prize === 'none') qb.andWhere('p.prize IS NULL');
    else if (q.prize !== undefined) qb.andWhere('p.prize = :fprize', { fprize: q.prize });
    return whereInRange(qb, 'p.created_at', parseDateRange(q, this.tz));
  }

  async table(actor: AuthUser, query: PreregistrationQuery) {
    const qb = this.applyFilters(this.baseQuery(actor), query);
    return paginate(qb, query, PREREGISTRATION_TABLE, async (rows) => {
      const titles = await this.bikeModelTitles(rows.map((r) => r.bike_model_id));
      return rows.map((r) => toRowView(r, titles));
    });
  }

  /** GET /preregistration/download: the table's rows (same filters, search, order and scope) as .xlsx. */
  async download(actor: AuthUser, query: PreregistrationQuery, res: Response): Promise<void> {
    const qb = tableQuery(this.applyFilters(this.baseQuery(actor), query), query, PREREGISTRATION_TABLE)
      .select('p.slug', 'slug')
      .addSelect('p.name', 'name')
      .addSelect('p.phone', 'phone')
      .addSelect('p.email', 'email')
      .addSelect('p.address', 'address')
      .addSelect('p.citizenship_no', 'citizenship_no')
      .addSelect('bike_model.title', 'bike_model')
      .addSelect('branch.title', 'branch')
      .addSelect('nearest_branch.title', 'nearest_branch')
      .addSelect('p.source', 'source')
      .addSelect('p.roadie', 'roadie')
      .addSelect('p.shared', 'shared')
      .addSelect('p.is_verified', 'is_verified')
      .addSelect('p.purchased', 'purchased')
      .addSelect('p.prize', 'prize')
      .addSelect('p.created_at', 'created_at');
    type Row = Record<string, unknown> & { created_at: Date };
    const yesNo = (v: unknown) => (v ? 'Yes' : 'No');
    const columns: ExportColumn<Row>[] = [
      { header: 'Slug', value: (r) => r.slug as string },
      { header: 'Name', width: 24, value: (r) => r.name as string },
      { header: 'Phone', width: 14, value: (r) => r.phone as string },
      { header: 'Email', width: 24, value: (r) => r.email as string },
      { header: 'Address', width: 28, value: (r) => r.address as string },
      { header: 'Citizenship No/PAN', value: (r) => r.citizenship_no as string },
      { header: 'Bike Model', value: (r) => r.bike_model as string },
      { header: 'Branch', width: 22, value: (r) => (r.branch as string) ?? 'Public' },
      { header: 'Nearest Branch', width: 22, value: (r) => r.nearest_branch as string },
      { header: 'Source', value: (r) => r.source as string },
      { header: 'Roadie', value: (r) => r.roadie as string },
      { header: 'Shared', value: (r) => yesNo(r.shared) },
      { header: 'Verified', value: (r) => yesNo(r.is_verified) },
      { header: 'Purchased', value: (r) => yesNo(r.purchased) },
      { header: 'Register Prize', value: (r) => (r.prize as number | null) ?? '' },
      { header: 'Registered (Nepal time)', width: 20, value: (r) => r.created_at, date: true },
    ];
    await streamWorkbook(res, {
      filename: 'Preregistrations.xlsx',
      sheetName: 'Preregistrations',
      columns,
      rows: cursorRows<Row>(this.dataSource, qb as never),
      tz: this.tz,
    });
  }

  /** One record as staff see it (404 for another branch's record). */
  async findForStaff(actor: AuthUser, slug: string, em?: EntityManager): Promise<PreregistrationDetail> {
    const withCode = hasPermission(actor, Permission.SendSms);
    const qb = this.baseQuery(actor, em).leftJoinAndSelect('p.screenshot', 'screenshot').andWhere('p.slug = :slug', { slug });
    qb.addSelect('p.owner_branch_id');
    if (withCode) qb.addSelect('p.code');
    const found = assertInBranch(await qb.getOne(), actor, 'preregistration', 'Pre-registration');
    const titles = await this.bikeModelTitles([found.bike_model_id]);
    const view = toDetailView(found, titles, { withCode });
    view.draw_id = (await this.draws.find(em ?? this.dataSource.manager, 'preregistration', found.id))?.public_id ?? null;
    view.friends = await this.referrers.friendsOf(found.share_code);
    if (found.held) view.held = await this.heldBecause(em ?? this.dataSource.manager, found, actor);
    if (found.purchased) {
      const purchase = await this.registrations.purchaseSlugOf(found.id);
      view.registration = purchase ? { slug: purchase } : null;
    }
    return view;
  }

  /** GET /enquiry/{slug}: name, masked phone, verified flag and prize only; a pending claim (enquiry-claim.ts) reads as any unverified record. */
  async findPublic(slug: string): Promise<PublicPreregistration> {
    return (await this.readPublic(slug)).data;
  }

  /**
   * The answer of a right code on the public routes (the SMS link's, the way back's): the
   * record it opened and what to say. A held record (issue #32) says only that the branch
   * checks it, never why.
   */
  async verifiedAnswer(slug: string, already: boolean): Promise<{ data: PublicPreregistration; message: string }> {
    const { data, held } = await this.readPublic(slug);
    return { data, message: held ? VERIFIED_HELD : already ? VERIFIED_ALREADY : VERIFIED_NOW };
  }

  private async readPublic(slug: string): Promise<{ data: PublicPreregistration; held: boolean }> {
    const found = await this.repo.findOne({
      where: { slug },
      select: { id: true, slug: true, name: true, phone: true, is_verified: true, prize: true, share_code: true, held: true },
    });
    if (!found) {
      const claim = await readClaim(this.dataSource.manager, slug);
      if (!claim) throw PREREGISTRATION_FAILURES.fail('NotFound');
      return { data: toPublicView({ ...claim, is_verified: false, prize: null, share_code: '' }), held: false };
    }
    const draw = found.is_verified ? await this.draws.find(this.dataSource.manager, 'preregistration', found.id) : undefined;
    return { data: toPublicView(found, draw?.public_id ?? null), held: found.held && found.is_verified };
  }

  // ---------------------------------------------------------------- writes

  /**
   * POST /enquiry. The captcha was checked by the controller. Nobody learns another person's
   * state here (issue #32): the body is checked first and alone; then every well-formed
   * enquiry answers the same 200 with a new pending slug and sends a code to the phone
   * (within the phone's limits), whoever holds the phone or the citizenship number:
   * - a phone with a live record gets a pending claim (enquiry-claim.ts) whose right code
   *   opens that record: no second record, no second draw;
   * - a citizenship number another live record holds saves the record held: verified
   *   without a draw, shown to its branch's staff with the message and a link (heldBecause).
   */
  async createPublic(dto: CreateEnquiryDto, screenshot?: Upload, lang: Lang = 'en'): Promise<PublicPreregistration> {
    // After the campaign's last day no one registers (the draw that follows is closed too).
    await this.settings.refuseAfterCampaign();
    // Per-phone limit on top of the per-address one: a phone cannot be hammered from many addresses.
    const hit = await this.limits.hit(`enquiry:phone:${dto.phone}`, 5, 3600);
    if (!hit.allowed) throw new TooManyRequestsError('Too many registrations for this phone number. Please try again later.', hit.retryAfterSeconds);
    const settings = await this.settings.getAll();
    const errors: FieldErrors = {};
    // The body's own checks answer first and alone: nothing in them depends on who holds the phone or the number.
    await this.checkReferences(dto, errors, this.dataSource, settings);
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    const values: Partial<PreregistrationEntity> = {
      name: dto.name,
      address: dto.address ?? null,
      phone: dto.phone,
      email: dto.email ?? null,
      citizenship_no: dto.citizenship_no ?? null,
      bike_model_id: dto.bike_model_id,
      nearest_branch_id: dto.nearest_branch_id,
      source: dto.source,
      roadie: dto.roadie ?? null,
      // What the visitor chose: the box starts unticked, and an unticked box may send nothing.
      shared: dto.shared ?? false,
      utm_source: dto.utm_source ?? null,
      client_seed: dto.client_seed ?? null,
      send_sms: true,
      lang,
      branch_id: null,
      created_by: null,
    };
    // Everything that needs its own connection happens before the transaction (see issueCode).
    const stored = screenshot ? await this.files.storeImage(screenshot.buffer, { field: 'screenshot', originalName: screenshot.originalname, createdBy: null }) : undefined;
    try {
      const { view, claim } = await this.savePublic(values, stored, settings);
      // A claim keeps no screenshot: the phone's record is the one that stands.
      if (claim) await this.files.discard(stored);
      return view;
    } catch (e) {
      await this.files.discard(stored);
      throw e;
    }
  }

  /**
   * Saves a public enquiry as a claim, a held record or a record (see createPublic) and sends
   * its code, in one transaction. Both lookups run for every enquiry, so the work is the same
   * whichever answers. Two enquiries racing past the lookups meet a unique index (phone,
   * citizenship number, slug): the next attempt finds the winner and answers as it would have.
   */
  private async savePublic(values: Partial<PreregistrationEntity>, stored: FileEntity | undefined, settings: SettingValues): Promise<{ view: PublicPreregistration; claim: boolean }> {
    const phone = values.phone!;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(async (em) => {
          const phoneOwner = await this.earlierRecord(em, 'phone', phone);
          const numberHolder = values.citizenship_no ? await this.earlierRecord(em, 'citizenship_no', values.citizenship_no) : undefined;
          if (phoneOwner) {
            const claim = { id: 0, slug: newSlug(), phone, name: values.name!, lang: values.lang ?? 'en' };
            claim.id = await insertClaim(em, claim);
            await this.issueClaimCode(em, claim, settings);
            return { claim: true, view: toPublicView({ slug: claim.slug, name: claim.name, phone, is_verified: false, prize: null, share_code: '' }) };
          }
          const saved = await this.saveRecord(em, { ...values, held: numberHolder !== undefined }, stored, settings);
          return { claim: false, view: toPublicView(saved) };
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        if (attempt >= 3) throw new ServiceUnavailableException({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      }
    }
  }

  /** POST /preregistration: branch staff only (the route's access rule), tied to their branch. */
  async createStaff(actor: AuthUser, dto: CreatePreregistrationDto, screenshot?: Upload): Promise<PreregistrationDetail> {
    // After the campaign's last day no one registers (the draw that follows is closed too).
    await this.settings.refuseAfterCampaign();
    const errors: FieldErrors = {};
    await this.checkReferences(dto, errors, this.dataSource, await this.settings.getAll());
    await this.checkDuplicates({ phone: dto.phone, citizenship_no: dto.citizenship_no }, actor, errors);
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    const saved = await this.insert(
      {
        name: dto.name,
        address: dto.address,
        phone: dto.phone,
        email: dto.email ?? null,
        citizenship_no: dto.citizenship_no,
        bike_model_id: dto.bike_model_id ?? null,
        nearest_branch_id: dto.nearest_branch_id ?? null,
        source: dto.source ?? null,
        roadie: dto.roadie ?? null,
        shared: dto.shared ?? false,
        note: dto.note ?? null,
        utm_source: null,
        client_seed: dto.client_seed ?? null,
        send_sms: dto.send_sms ?? true,
        branch_id: actor.branch_id,
        created_by: actor.id,
      },
      screenshot,
      actor,
    );
    return this.findForStaff(actor, saved.slug);
  }

  private async insert(values: Partial<PreregistrationEntity>, screenshot: Upload | undefined, actor: AuthUser): Promise<PreregistrationEntity> {
    // Everything that needs its own connection happens before the transaction (see issueCode).
    const settings = await this.settings.getAll();
    const stored = screenshot ? await this.files.storeImage(screenshot.buffer, { field: 'screenshot', originalName: screenshot.originalname, createdBy: actor.id }) : undefined;
    try {
      return await this.dataSource.transaction((em) => this.saveRecord(em, values, stored, settings));
    } catch (e) {
      await this.files.discard(stored);
      throw await this.mapUniqueViolation(e, values, actor);
    }
  }

  /** Saves a new record and makes its code (sent by SMS with send_sms), in the caller's transaction. */
  private async saveRecord(em: EntityManager, values: Partial<PreregistrationEntity>, stored: FileEntity | undefined, settings: SettingValues): Promise<PreregistrationEntity> {
    const referrer_id = await this.referrers.ensure(em, values.utm_source, values.phone);
    const entity = em.create(PreregistrationEntity, { ...values, referrer_id, slug: newSlug(), screenshot_id: stored?.id ?? null, status: 'pending' });
    const saved = await em.save(entity);
    await this.issueCode(em, { id: saved.id, slug: saved.slug, phone: saved.phone, name: saved.name, lang: saved.lang }, saved.send_sms, settings);
    return saved;
  }

  /** POST /preregistration/{slug}: the changed fields. The phone is fixed once verified. */
  async update(actor: AuthUser, slug: string, dto: UpdatePreregistrationDto, screenshot?: Upload): Promise<PreregistrationDetail> {
    const errors: FieldErrors = {};
    for (const k of ['name', 'address', 'phone', 'citizenship_no'] as const) {
      if (dto[k] === null) errors[k] = [`The ${k === 'citizenship_no' ? 'citizenship no' : k} field is required.`];
    }
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    const settings = await this.settings.getAll();
    let stored: FileEntity | undefined;
    try {
      // A new screenshot is stored first (FileService uses its own transaction); dropped if the update fails.
      if (screenshot) stored = await this.files.storeImage(screenshot.buffer, { field: 'screenshot', originalName: screenshot.originalname, createdBy: actor.id });
      await this.dataSource.transaction(async (em) => {
        const row = await this.lock(em, slug, actor);
        const phoneChanges = dto.phone !== undefined && dto.phone !== row.phone;
        if (phoneChanges && row.is_verified) errors.phone = ['The phone cannot be changed once the pre-registration is verified.'];
        if (dto.branch_id !== undefined && dto.branch_id !== row.branch_id) {
          if (actor.branch_id !== null) errors.branch_id = ['The selected branch is invalid.'];
          else if (dto.branch_id !== null && !(await this.exists(em, 'branch', dto.branch_id))) errors.branch_id = ['The selected branch is invalid.'];
        }
        // Only head office moves a record between branches. A public enquiry belongs to its
        // nearest showroom, so a branch user's change of it would hand the record (prize
        // included) to another branch: refused before anything is written; the unchanged value is accepted.
        const nearestChanges = dto.nearest_branch_id !== undefined && dto.nearest_branch_id !== row.nearest_branch_id;
        if (nearestChanges && actor.branch_id !== null) errors.nearest_branch_id = [NEAREST_BRANCH_HEAD_OFFICE_ONLY];
        await this.checkReferences(dto, errors, em, settings);
        const current = await em.query(`SELECT citizenship_no FROM preregistration WHERE id = $1`, [row.id]);
        const citizenshipChanges = dto.citizenship_no !== undefined && dto.citizenship_no !== current[0].citizenship_no;
        await this.checkDuplicates(
          { phone: phoneChanges ? dto.phone! : null, citizenship_no: citizenshipChanges ? (dto.citizenship_no ?? null) : null, exceptId: row.id },
          actor,
          errors,
          em,
        );
        if (Object.keys(errors).length) throw new UnprocessableError(errors);
        const patch: Partial<PreregistrationEntity> = {};
        const fields = ['name', 'address', 'phone', 'email', 'citizenship_no', 'bike_model_id', 'nearest_branch_id', 'source', 'roadie', 'shared', 'note', 'send_sms', 'branch_id'] as const;
        for (const k of fields) if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
        if (stored) patch.screenshot_id = stored.id;
        if (Object.keys(patch).length) await em.update(PreregistrationEntity, { id: row.id }, patch);
        // Head office's move is in the audit trail with where the record was and where it went, in the move's own transaction.
        await this.auditMove(em, actor, row, dto);
        // A held record (issue #32) is released once no other live record holds its citizenship number.
        if (row.held) await this.releaseHold(em, row.id, row.slug);
        // A new phone gets a new code (the old one went to the old phone). It counts against the
        // record's codes of the day, sent or not: past them the change is refused (429), nothing written.
        if (phoneChanges) await this.issueCode(em, { id: row.id, slug: row.slug, phone: dto.phone!, name: dto.name ?? row.name, lang: row.lang }, dto.send_sms ?? row.send_sms, settings);
      });
    } catch (e) {
      await this.files.discard(stored);
      throw await this.mapUniqueViolation(e, dto, actor);
    }
    return this.findForStaff(actor, slug);
  }

  /**
   * Writes a move to the audit trail when an update changed branch_id or nearest_branch_id
   * (only head office may: a branch user's change was refused before): each one's old and new
   * value and the owning branch before and after (COALESCE(branch_id, nearest_branch_id)).
   */
  private async auditMove(em: EntityManager, actor: AuthUser, row: LockedRow, dto: UpdatePreregistrationDto): Promise<void> {
    const branchTo = dto.branch_id !== undefined ? dto.branch_id : row.branch_id;
    const nearestTo = dto.nearest_branch_id !== undefined ? dto.nearest_branch_id : row.nearest_branch_id;
    if (branchTo === row.branch_id && nearestTo === row.nearest_branch_id) return;
    await appendAudit(em, {
      user_id: actor.id,
      user_email: actor.email,
      branch_id: actor.branch_id,
      action: PREREGISTRATION_MOVE_ACTION,
      resource: 'preregistration',
      record_key: row.slug,
      fields: {
        branch_id: { from: row.branch_id, to: branchTo },
        nearest_branch_id: { from: row.nearest_branch_id, to: nearestTo },
        owner_branch_id: { from: row.owner_branch_id, to: branchTo ?? nearestTo },
      },
      status: 200,
      ip: null,
    });
  }

  /** DELETE /preregistration/{slug}: a soft delete; refused once purchased. */
  async remove(actor: AuthUser, slug: string): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const row = await this.lock(em, slug, actor);
      if (row.purchased) throw PREREGISTRATION_FAILURES.fail('Purchased');
      await em.query(`UPDATE preregistration SET deleted_at = now(), updated_at = now() WHERE id = $1`, [row.id]);
    });
  }

  // ---------------------------------------------------------------- code and draw

  /**
   * Checks the code and, when right, verifies and draws in the same transaction. The row
   * is locked first, so concurrent verifications of one record run one after another:
   * the first draws, the others find it verified. A wrong try is counted (committed)
   * before the 422 is thrown. On the public route a pending claim's slug (enquiry-claim.ts)
   * is checked against the claim's own code and tries; its right code opens the phone's live
   * record (verified and drawn as that record's own code would) and deletes the claim, and
   * the answer names that record. Staff (`actor`) never see a claim.
   */
  async verify(slug: string, code: string, actor?: AuthUser): Promise<{ already: boolean; slug: string }> {
    const settings = await this.settings.getAll();
    const help = supportHelp(settings.support_phones);
    const outcome = await this.dataSource.transaction(async (em): Promise<VerifyOutcome> => {
      const claim = actor ? undefined : await lockClaim(em, slug);
      if (claim) return this.verifyClaim(em, claim, code, help);
      const row = await this.lock(em, slug, actor);
      if (row.is_verified) return { ok: true, already: true, slug: row.slug };
      const verdict = await this.codes.verify(
        { code: row.code, expiresAt: row.code_expires_at, attempts: row.code_attempts },
        code,
        ENQUIRY_CODE,
        help,
        (attempts) => em.query(`UPDATE preregistration SET code_attempts = $2 WHERE id = $1`, [row.id, attempts]),
      );
      if (!verdict.ok) return verdict;
      await this.markVerified(em, row);
      return { ok: true, already: false, slug: row.slug };
    });
    if (!outcome.ok) throw outcome.error;
    return { already: outcome.already, slug: outcome.slug };
  }

  /** A claim's code, with the claim's own 5 tries; the right one spends the claim and opens the phone's live record. */
  private async verifyClaim(em: EntityManager, claim: ClaimRow, code: string, help: string): Promise<VerifyOutcome> {
    const verdict = await this.codes.verify(
      { code: claim.code, expiresAt: claim.code_expires_at, attempts: claim.code_attempts },
      code,
      ENQUIRY_CODE,
      help,
      (attempts) => setClaimAttempts(em, claim.id, attempts),
    );
    if (!verdict.ok) return verdict;
    await deleteClaim(em, claim.id);
    const row = await this.lockLiveOfPhone(em, claim.phone);
    // The phone's record was trashed or erased since: nothing to open (the spent claim is gone).
    if (!row) return { ok: false, error: PREREGISTRATION_FAILURES.fail('NotFound') };
    if (row.is_verified) return { ok: true, already: true, slug: row.slug };
    await this.markVerified(em, row);
    return { ok: true, already: false, slug: row.slug };
  }

  /**
   * The way back by phone's right code (enquiry-return.service.ts checked it against its own
   * budget, return_tries, on the row it locked): verifies and draws in the caller's
   * transaction, as `verify` does, without the link's budget (code_attempts), which the
   * way back never reads or spends.
   */
  async verifyChecked(em: EntityManager, slug: string): Promise<{ already: boolean }> {
    const row = await this.lock(em, slug);
    if (row.is_verified) return { already: true };
    await this.markVerified(em, row);
    return { already: false };
  }

  /** Verifies a locked, unverified record whose code was right (the code is spent) and draws once per phone. */
  private async markVerified(em: EntityManager, row: LockedRow): Promise<void> {
    await em.query(
      `UPDATE preregistration
          SET is_verified = true, verified_at = now(), status = 'verified', updated_at = now(),
              code = NULL, code_expires_at = NULL, code_attempts = 0, return_tries = 0
        WHERE id = $1`,
      [row.id],
    );
    // A held record (issue #32) is verified without a draw; a staff save that releases it draws (releaseHold).
    if (row.held) return;
    const prize = await this.drawOncePerPhone(em, row);
    if (prize !== null) await em.query(`UPDATE preregistration SET prize = $2 WHERE id = $1`, [row.id, prize]);
  }

  /**
   * Releases a held record (issue #32) on a staff save once no other live record holds its
   * citizenship number (staff corrected it, or the other record went); a verified one is
   * drawn now, as its verification would have been.
   */
  private async releaseHold(em: EntityManager, id: number, slug: string): Promise<void> {
    const [current] = await em.query(`SELECT citizenship_no FROM preregistration WHERE id = $1`, [id]);
    if (current.citizenship_no && (await this.earlierRecord(em, 'citizenship_no', current.citizenship_no, id))) return;
    await em.query(`UPDATE preregistration SET held = false, updated_at = now() WHERE id = $1`, [id]);
    const row = await this.lock(em, slug);
    if (!row.is_verified) return;
    const prize = await this.drawOncePerPhone(em, row);
    if (prize !== null) await em.query(`UPDATE preregistration SET prize = $2 WHERE id = $1`, [id, prize]);
  }

  /**
   * The enquiry draw is once per phone for the campaign: a person who trashes their record
   * and registers again keeps what they won, never a new roll.
   * - "Of the phone" includes an erased record, by the keyed hash it kept of its phone.
   * - An earlier record of the phone that was deleted hands its draw over: the draw row (its
   *   prize and audit) moves to this record and the deleted one no longer holds the prize.
   * - An earlier live record of the phone holding a prize (a customer who bought and came
   *   back) keeps it; this record gets none, so two live records never hold one prize.
   * - Otherwise the draw is made now.
   * Serialised per phone by an advisory lock, inside the verifying transaction.
   */
  private async drawOncePerPhone(em: EntityManager, row: LockedRow): Promise<number | null> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('draw:' || $1))`, [row.phone]);
    // Two index lookups (the phone; an erased record's key), never an OR the planner might scan for.
    const holders: Array<{ id: number; deleted: boolean; prize: number }> = await em.query(
      `SELECT id, deleted, prize FROM (
         SELECT id, deleted_at IS NOT NULL AS deleted, prize FROM preregistration WHERE phone = $1 AND id <> $2 AND prize IS NOT NULL
         UNION ALL
         SELECT id, deleted_at IS NOT NULL AS deleted, prize FROM preregistration WHERE erased_phone_key = $3 AND id <> $2 AND prize IS NOT NULL
       ) h
       ORDER BY NOT deleted DESC, id`,
      [row.phone, row.id, this.identityKey('phone', row.phone)],
    );
    const holder = holders[0];
    if (holder && !holder.deleted) return null;
    if (holder) {
      const moved = await this.draws.move(em, 'preregistration', holder.id, row.id);
      await em.query(`UPDATE preregistration SET prize = NULL, updated_at = now() WHERE id = $1`, [holder.id]);
      return moved?.amount ?? holder.prize;
    }
    const result = await this.draws.draw(em, {
      kind: 'preregistration',
      recordId: row.id,
      type: row.branch_id === null ? 'preregistration_public' : 'preregistration_branch',
      branchId: row.branch_id,
      clientSeed: row.client_seed,
      notify: row.send_sms ? { phone: row.phone, name: row.name, lang: row.lang } : undefined,
    });
    return result.amount;
  }

  /** Sends a new code (60 s between codes, 5 per phone per Nepal day). Returns the masked phone. */
  async resend(slug: string, actor?: AuthUser): Promise<string> {
    const settings = await this.settings.getAll();
    return this.dataSource.transaction(async (em) => {
      // A pending claim's slug (the public route only) gets a new code of the claim, as a record would.
      const claim = actor ? undefined : await lockClaim(em, slug);
      if (claim) {
        await this.issueClaimCode(em, claim, settings);
        return maskPhone(claim.phone);
      }
      const row = await this.lock(em, slug, actor);
      if (row.is_verified) throw codeError('This pre-registration is already verified.');
      await this.issueCode(em, row, true, settings);
      return maskPhone(row.phone);
    });
  }

  /**
   * Counts one more code made for a record today (`codes_day`, `codes_today`) on the row the
   * caller locked, and refuses one past the day's cap (OneTimeCodes.refuseOverRecordCap). Id 0
   * runs the same statement on no row: the return path's stand-in for a phone without a record.
   */
  async countCodeMade(em: EntityManager, id: number): Promise<void> {
    const day = campaignDay(new Date(), this.tz);
    const [row] = returned<{ codes_today: number }>(
      await em.query(
        `UPDATE preregistration
            SET codes_today = CASE WHEN codes_day = $2::date THEN codes_today + 1 ELSE 1 END, codes_day = $2::date
          WHERE id = $1
        RETURNING codes_today`,
        [id, day],
      ),
    );
    this.codes.refuseOverRecordCap(row?.codes_today, ENQUIRY_CODE);
  }

  /**
   * Makes a new code for a locked row and, with `send`, queues it by SMS after checking the
   * phone's limits (OneTimeCodes: the one code lifecycle, shared with the purchase coupon).
   * Only the transaction's connection is used: the settings were read before it began (a
   * second pooled connection inside a transaction can starve the pool, and the embedded
   * PGlite serves one transaction at a time). The text's {link} is the record's verify page.
   * Also used by the visitor's return path (enquiry-return.service.ts).
   */
  async issueCode(em: EntityManager, row: { id: number; slug: string; phone: string; name: string; lang?: Lang }, send: boolean, settings: SettingValues): Promise<void> {
    if (send) await this.codes.checkSend(em, row.phone, ENQUIRY_CODE);
    // Every code made for the record counts against its day, sent or not, to whichever phone (a staff phone change too).
    await this.countCodeMade(em, row.id);
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    // A new code: both budgets of wrong tries start again (the link's, code_attempts; the way back by phone's, return_tries).
    await em.query(
      `UPDATE preregistration
          SET code = $2, code_expires_at = $3, code_attempts = 0, return_tries = 0, code_sent_at = CASE WHEN $4 THEN now() ELSE code_sent_at END
        WHERE id = $1`,
      [row.id, code, expiresAt, send],
    );
    if (send) await this.queueCode(em, row, code, settings);
  }

  /** A new code for a pending claim (enquiry-claim.ts), sent to its phone within the phone's limits, as issueCode sends a record's. */
  private async issueClaimCode(em: EntityManager, claim: { id: number; slug: string; phone: string; name: string; lang: Lang }, settings: SettingValues): Promise<void> {
    await this.codes.checkSend(em, claim.phone, ENQUIRY_CODE);
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    await setClaimCode(em, claim.id, code, expiresAt);
    await this.queueCode(em, claim, code, settings);
  }

  /** Queues a code's SMS: in the language the visitor used (#15); its {link} is the slug's verify page. */
  private async queueCode(em: EntityManager, row: { slug: string; phone: string; name: string; lang?: Lang }, code: string, settings: SettingValues): Promise<void> {
    const link = `${this.config.get('app').publicUrl}/enquiry/${encodeURIComponent(row.slug)}/verify`;
    const template = String(settings[smsTemplateKey('sms_template_otp', row.lang ?? 'en')]);
    const text = fillTemplate(template, { code, name: row.name, campaign: settings.campaign_name, brand: settings.brand_name }, { link });
    await this.sms.queue(em, [{ phone: row.phone, text, kind: 'otp' }]);
  }

  /** Locks one live record by slug, in the caller's branch scope (404 otherwise). */
  private async lock(em: EntityManager, slug: string, actor?: AuthUser): Promise<LockedRow> {
    const rows: LockedRow[] = await em.query(
      `SELECT ${LOCKED_COLUMNS}
         FROM preregistration
        WHERE slug = $1 AND deleted_at IS NULL
          FOR UPDATE`,
      [slug],
    );
    return assertInBranch(rows[0], actor, 'preregistration', 'Pre-registration');
  }

  /** The phone's live record, locked: its open one first, else its newest (as the way back by phone finds it). */
  private async lockLiveOfPhone(em: EntityManager, phone: string): Promise<LockedRow | undefined> {
    const rows: LockedRow[] = await em.query(
      `SELECT ${LOCKED_COLUMNS}
         FROM preregistration
        WHERE phone = $1 AND deleted_at IS NULL
        ORDER BY purchased, created_at DESC
        LIMIT 1
          FOR UPDATE`,
      [phone],
    );
    return rows[0];
  }

  // ---------------------------------------------------------------- checks

  private async exists(em: EntityManager | DataSource, what: 'branch' | 'bike_model', id: number): Promise<boolean> {
    return (await (what === 'branch' ? this.branches : this.models).brief(id, em)) !== undefined;
  }

  private async checkReferences(
    dto: { bike_model_id?: number | null; nearest_branch_id?: number | null; roadie?: string | null },
    errors: FieldErrors,
    em: EntityManager | DataSource,
    settings: SettingValues,
  ) {
    if (typeof dto.bike_model_id === 'number' && !(await this.exists(em, 'bike_model', dto.bike_model_id))) errors.bike_model_id = ['The selected bike model is invalid.'];
    if (typeof dto.nearest_branch_id === 'number' && !(await this.exists(em, 'branch', dto.nearest_branch_id))) errors.nearest_branch_id = ['The selected nearest branch is invalid.'];
    if (typeof dto.roadie === 'string') {
      const roadies = Array.isArray(settings.roadies) ? settings.roadies : [];
      if (roadies.length && !roadies.includes(dto.roadie)) errors.roadie = ['The selected roadie is invalid.'];
    }
  }

  /**
   * One pre-registration per customer for the whole campaign, as the terms promise: per
   * phone, and per citizenship number or PAN where one is given. Purchased records count
   * too (a customer who bought does not pre-register, or draw, again); only a deleted
   * record frees its phone and number. Staff's create and update only: the error names the
   * earlier record's slug to staff who may open it (the form shows a View link). The public
   * is never told (createPublic: a claim, or a held record).
   */
  private async checkDuplicates(
    v: { phone: string | null; citizenship_no: string | null; exceptId?: number },
    viewer: AuthUser,
    errors: FieldErrors,
    em: EntityManager | DataSource = this.dataSource,
  ) {
    if (v.phone) {
      const row = await this.earlierRecord(em, 'phone', v.phone, v.exceptId);
      if (row) errors.phone = earlierRecordError(row.purchased ? PHONE_PURCHASED_STAFF : PHONE_TAKEN_STAFF, row, viewer);
    }
    if (v.citizenship_no) {
      const row = await this.earlierRecord(em, 'citizenship_no', v.citizenship_no, v.exceptId);
      if (row) errors.citizenship_no = earlierRecordError(row.purchased ? CITIZENSHIP_PURCHASED : PENDING_PURCHASE, row, viewer);
    }
  }

  /**
   * The earliest live record other than `exceptId` with this phone or citizenship number (held
   * ones included); an erased record counts by the keyed hash it kept of it (erased-identity.ts).
   */
  private async earlierRecord(em: EntityManager | DataSource, column: IdentityField, value: string, exceptId = 0): Promise<EarlierRecord | undefined> {
    const rows: EarlierRecord[] = await em.query(
      `SELECT slug, owner_branch_id, purchased FROM (
         SELECT id, slug, owner_branch_id, purchased FROM preregistration WHERE ${column} = $1 AND deleted_at IS NULL AND id <> $2
         UNION ALL
         SELECT id, slug, owner_branch_id, purchased FROM preregistration WHERE ${ERASED_KEY_COLUMN[column]} = $3 AND deleted_at IS NULL AND id <> $2
       ) earlier ORDER BY id LIMIT 1`,
      [value, exceptId, this.identityKey(column, value)],
    );
    return rows[0];
  }

  /** Why a record is held (issue #32), as staff's form says it: the message, and the holder's slug when the viewer may open it. */
  private async heldBecause(em: EntityManager, p: { id: number; citizenship_no: string | null }, viewer: AuthUser): Promise<string[]> {
    const holder = p.citizenship_no ? await this.earlierRecord(em, 'citizenship_no', p.citizenship_no, p.id) : undefined;
    return holder ? earlierRecordError(holder.purchased ? CITIZENSHIP_PURCHASED : PENDING_PURCHASE, holder, viewer) : [HELD_CLEAR];
  }

  /** Two staff requests raced past the checks: the unique index answers, mapped to the same 422. */
  private async mapUniqueViolation(e: unknown, values: { phone?: string | null; citizenship_no?: string | null }, actor: AuthUser): Promise<unknown> {
    const field = uniqueViolationField(e, PREREGISTRATION_UNIQUE);
    if ((field !== 'phone' && field !== 'citizenship_no') || !values[field]) return e;
    const errors: FieldErrors = {};
    await this.checkDuplicates({ phone: field === 'phone' ? values.phone! : null, citizenship_no: field === 'citizenship_no' ? values.citizenship_no! : null }, actor, errors);
    return new UnprocessableError(errors[field] ? errors : { [field]: [field === 'phone' ? PHONE_TAKEN_STAFF : PENDING_PURCHASE] });
  }
}

/**
 * [message, '<slug>'] for staff who may open the earlier record (head office, or the
 * branch that owns it); the message alone otherwise (the slug would only 404 for them).
 */
export function earlierRecordError(message: string, row: { slug: string; owner_branch_id: number | null }, viewer: AuthUser | null): string[] {
  if (!viewer) return [message];
  const visible = inBranch(row, viewer, 'preregistration');
  return visible ? [message, row.slug] : [message];
}
