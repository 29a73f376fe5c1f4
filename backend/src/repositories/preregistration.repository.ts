import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import type { Lang } from '@campaign/domain';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { countByDayAndBranch, DayBounds, dayCounts } from '../common/paging/counts';
import { DateRange, parseDateRange, whereInRange } from '../common/paging/date-range';
import { ALL_ROWS_MAX, tableQuery, GrowingTableSpec } from '../common/paging/paging';
import { returned } from '../common/returned';
import { phoneLookup, type PreregistrationQuery } from '../modules/preregistration/dto/preregistration-query.dto';
import { ERASED_KEY_COLUMN, type IdentityField } from '../modules/preregistration/erased-identity';
import { PreregistrationEntity } from '../modules/preregistration/preregistration.entity';
import { Db } from './db';

/** The pre-registration table (the admin's list and its download). */
export const PREREGISTRATION_TABLE: GrowingTableSpec = {
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
  shortSearchByPrefix: true,
};

/** The row as the verify, resend and update paths lock it (SELECT ... FOR UPDATE). */
export interface LockedRow {
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

/** A phone's live record as the way back by phone locks it (enquiry-return.service.ts). */
export interface ReturnRow {
  id: number;
  slug: string;
  name: string;
  phone: string;
  lang: Lang;
  is_verified: boolean;
  code: string | null;
  return_tries: number;
  expired: boolean | null;
}

/** An earlier record of a phone or a citizenship number (the one-record-per-customer checks). */
export type EarlierRecord = { slug: string; owner_branch_id: number | null; purchased: boolean };

/** A pre-registration locked for erasure: what the erasure blanks, keys and deletes. */
export type ErasureRow = { id: number; phone: string | null; citizenship_no: string | null; screenshot_id: number | null; erased: boolean };

/** A pre-registration locked for a purchase. */
export type PurchasablePreregistration = { id: number; slug: string; phone: string; is_verified: boolean; purchased: boolean; utm_source: string | null; prize: number | null };

/** An earlier record of a phone holding a prize (the draw once per phone). */
export type PrizeHolder = { id: number; deleted: boolean; prize: number };

/** The fields a staff update may change. */
export type PreregistrationPatch = Partial<
  Pick<
    PreregistrationEntity,
    'name' | 'address' | 'phone' | 'email' | 'citizenship_no' | 'bike_model_id' | 'nearest_branch_id' | 'source' | 'roadie' | 'shared' | 'note' | 'send_sms' | 'branch_id' | 'screenshot_id'
  >
>;

/**
 * The preregistration table: every statement that names it (docs/architecture.md, "The
 * floors"). Runs on the caller's transaction when one is open (db.ts). Staff reads go through
 * scopeToBranch (a branch sees the records it owns); the keyed hashes of erased identities are
 * computed by the caller (erased-identity.ts) and handed in.
 */
/** What an insert answers of the new record: what the callers read (its slug, its code's addressee, its public answer). */
const INSERTED = ['id', 'slug', 'name', 'phone', 'lang', 'send_sms', 'is_verified', 'prize', 'share_code'] as const;
export type InsertedPreregistration = Pick<PreregistrationEntity, (typeof INSERTED)[number]>;

/** The record's insertable columns, property name to column name, from the entity's own metadata (read once). */
let insertable: Map<string, string> | undefined;
function insertableColumns(db: Db): Map<string, string> {
  insertable ??= new Map(
    db.em.connection
      .getMetadata(PreregistrationEntity)
      .columns.filter((c) => c.isInsert && !c.isGenerated && !c.isVirtual)
      .map((c) => [c.propertyName, c.databaseName]),
  );
  return insertable;
}

@Injectable()
export class PreregistrationRepository {
  constructor(private readonly db: Db) {}

  private qb(alias = 'p'): SelectQueryBuilder<PreregistrationEntity> {
    return this.db.em.getRepository(PreregistrationEntity).createQueryBuilder(alias);
  }

  /** Live pre-registrations in `actor`'s scope (the rows of their list before filters). */
  private scoped(actor: AuthUser | undefined): SelectQueryBuilder<PreregistrationEntity> {
    return scopeToBranch(this.qb(), actor, 'preregistration');
  }

  // ------------------------------------------------------------------ what other modules ask

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

  /** The branch screens' counts: live records a branch owns (correlated on branch alias `b`). */
  countOfBranchSql(b: string): string {
    return `SELECT count(*) FROM preregistration p WHERE p.owner_branch_id = ${b}.id AND p.deleted_at IS NULL`;
  }

  /** The branch screens' prizes awarded, this table's part: live records a branch owns holding a prize. */
  prizesOfBranchSql(b: string): string {
    return `${this.countOfBranchSql(b)} AND p.prize IS NOT NULL`;
  }

  /**
   * Verified live pre-registrations made through a referrer (alias `r`), within `range`, in
   * `actor`'s scope: an unverified one from an invented phone proves no one (issue #32).
   */
  private referred(sub: SelectQueryBuilder<object>, actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    const qb = sub.from('preregistration', 'pre').where('pre.referrer_id = r.id').andWhere('pre.deleted_at IS NULL').andWhere('pre.is_verified');
    return scopeToBranch(whereInRange(qb, 'pre.created_at', range), actor, 'preregistration');
  }

  private subQuery(): SelectQueryBuilder<object> {
    return this.db.em.createQueryBuilder().subQuery();
  }

  /** The referrer report's pre-registrations: counted once per person (phone, or an erased record's key of it). */
  referralsCount(actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    return this.referred(this.subQuery().select('count(DISTINCT COALESCE(pre.phone, pre.erased_phone_key))::int'), actor, range);
  }

  /** The normalised utm_source each of those records carried: what the report's "other" row lists. */
  utmSources(actor: AuthUser | undefined, range: DateRange): SelectQueryBuilder<object> {
    return this.referred(this.subQuery().select('lower(btrim(pre.utm_source))', 'v'), actor, range).andWhere('pre.utm_source IS NOT NULL');
  }

  /** Who a share code belongs to: their phone (null once erased), or null when no record has the code. */
  async shareOwner(code: string): Promise<{ phone: string | null } | null> {
    const [row] = await this.db.query<{ phone: string | null }>(`SELECT phone FROM preregistration WHERE share_code = $1`, [code]);
    return row ? { phone: row.phone } : null;
  }

  /** Of `phones`, those of live pre-registrations in `user`'s scope (bulk SMS to a branch's customers). */
  async knownPhones(user: AuthUser, phones: string[]): Promise<string[]> {
    const rows = await this.scoped(user).select('p.phone', 'phone').distinct(true).andWhere('p.phone = ANY(:phones)', { phones }).getRawMany<{ phone: string }>();
    return rows.map((r) => r.phone);
  }

  /** Locks a live pre-registration that `branchId` owns, by id or slug, until the caller's transaction ends. */
  async lockForPurchase(branchId: number, idOrSlug: string): Promise<PurchasablePreregistration | undefined> {
    const byId = /^\d{1,9}$/.test(idOrSlug);
    const [pre] = await this.db.query<PurchasablePreregistration>(
      `SELECT id, slug, phone, is_verified, purchased, utm_source, prize
         FROM preregistration
        WHERE ${byId ? 'id = $1::int' : 'slug = $1'}
          AND deleted_at IS NULL
          AND owner_branch_id = $2
        FOR UPDATE`,
      [idOrSlug, branchId],
    );
    return pre;
  }

  /** Marks a locked pre-registration purchased (the sale's transaction). */
  async markPurchased(id: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET purchased = true, status = 'purchased', updated_at = now() WHERE id = $1`, [id]);
  }

  /** The prizes records hold, by id (trashed and erased records too: a prize stays with its record). */
  async prizesOf(ids: number[]): Promise<Map<number, number | null>> {
    const rows = ids.length ? await this.db.query<{ id: number; prize: number | null }>(`SELECT id, prize FROM preregistration WHERE id = ANY($1)`, [ids]) : [];
    return new Map(rows.map((r) => [Number(r.id), r.prize === null ? null : Number(r.prize)]));
  }

  /** The prize a pre-registration's draw gave (null before it is verified). */
  async prizeOf(id: number): Promise<number | null> {
    const [row] = await this.db.query<{ prize: number | null }>(`SELECT prize FROM preregistration WHERE id = $1`, [id]);
    return row?.prize ?? null;
  }

  /** Erasure on request: locks a pre-registration by slug (deleted ones too) until the caller's transaction ends. */
  async lockForErasure(slug: string): Promise<ErasureRow | undefined> {
    const [row] = await this.db.query(`SELECT id, phone, citizenship_no, screenshot_id, erased_at FROM preregistration WHERE slug = $1 FOR UPDATE`, [slug]);
    return row && { id: row.id, phone: row.phone, citizenship_no: row.citizenship_no, screenshot_id: row.screenshot_id, erased: !!row.erased_at };
  }

  /**
   * Blanks a locked pre-registration's personal fields under `name` (a pseudonym), keeping the
   * keyed hashes of its phone and citizenship number (erased-identity.ts); its draw, prize and
   * status stay.
   */
  async erase(id: number, name: string, keys: { phone: string | null; citizenship_no: string | null }): Promise<void> {
    await this.db.query(
      `UPDATE preregistration SET name = $2, address = NULL, phone = NULL, email = NULL, citizenship_no = NULL, note = NULL,
              roadie = NULL, screenshot_id = NULL, code = NULL, code_expires_at = NULL, erased_at = now(), updated_at = now(),
              erased_phone_key = COALESCE($3, erased_phone_key), erased_citizenship_key = COALESCE($4, erased_citizenship_key)
        WHERE id = $1`,
      [id, name, keys.phone, keys.citizenship_no],
    );
  }

  /** Retention: purges every citizenship number and screenshot; answers how many records changed and the screenshots' file ids. */
  async purgeIdentityDocuments(): Promise<{ records: number; screenshotIds: number[] }> {
    const rows: Array<{ screenshot_id: number | null }> = returned(
      await this.db.em.query(
        `UPDATE preregistration p SET citizenship_no = NULL, screenshot_id = NULL, updated_at = now()
           FROM (SELECT id, screenshot_id FROM preregistration WHERE citizenship_no IS NOT NULL OR screenshot_id IS NOT NULL FOR UPDATE) old
          WHERE p.id = old.id RETURNING old.screenshot_id`,
      ),
    );
    return { records: rows.length, screenshotIds: rows.map((r) => r.screenshot_id).filter((id): id is number => id !== null) };
  }

  // ------------------------------------------------------------------ the staff screens

  /** Records with the branches joined (and the bike model for ordering), in `actor`'s scope. */
  private listed(actor: AuthUser | undefined): SelectQueryBuilder<PreregistrationEntity> {
    const qb = this.qb()
      .leftJoinAndSelect('p.branch', 'branch')
      .leftJoinAndSelect('p.nearest_branch', 'nearest_branch')
      .leftJoin('p.bike_model', 'bike_model');
    return scopeToBranch(qb, actor, 'preregistration');
  }

  /** The table's filters (PreregistrationQuery); a branch's rows are those it owns, as its own staff's list shows them. */
  filtered(actor: AuthUser, q: PreregistrationQuery, tz: string): SelectQueryBuilder<PreregistrationEntity> {
    const qb = this.listed(actor);
    const phone = q.phone ? phoneLookup(q.phone) : undefined;
    if (phone && 'full' in phone) qb.andWhere('p.phone = :fphone', { fphone: phone.full });
    else if (phone) qb.andWhere('p.phone LIKE :lphone', { lphone: `%${phone.digits}%` });
    if (q.bike_model !== undefined) qb.andWhere('p.bike_model_id = :fbike', { fbike: q.bike_model });
    if (q.branch === 'public' || q.branch === 'none') qb.andWhere('p.branch_id IS NULL');
    else if (q.branch !== undefined) qb.andWhere('p.owner_branch_id = :fbranch', { fbranch: q.branch });
    if (q.prize === 'none') qb.andWhere('p.prize IS NULL');
    else if (q.prize !== undefined) qb.andWhere('p.prize = :fprize', { fprize: q.prize });
    return whereInRange(qb, 'p.created_at', parseDateRange(q, tz));
  }

  /** Preregistrations.xlsx: the table's rows for the same filters, search and order. */
  exportQuery(actor: AuthUser, query: PreregistrationQuery, tz: string): SelectQueryBuilder<PreregistrationEntity> {
    return tableQuery(this.filtered(actor, query, tz), query, PREREGISTRATION_TABLE)
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
  }

  /** One live record with what the staff detail shows (the code with `withCode`), in `actor`'s scope. */
  detail(actor: AuthUser, slug: string, withCode: boolean): Promise<PreregistrationEntity | null> {
    const qb = this.listed(actor).leftJoinAndSelect('p.screenshot', 'screenshot').andWhere('p.slug = :slug', { slug });
    qb.addSelect('p.owner_branch_id');
    if (withCode) qb.addSelect('p.code');
    return qb.getOne();
  }

  /** What the public answer shows of a record by slug (deleted ones are not found). */
  publicRead(slug: string) {
    return this.db.em.getRepository(PreregistrationEntity).findOne({
      where: { slug },
      select: { id: true, slug: true, name: true, phone: true, is_verified: true, prize: true, share_code: true, held: true },
    });
  }

  // ------------------------------------------------------------------ writes

  /**
   * Inserts a new record; answers what its callers read of it as stored (its generated
   * columns too). One plain INSERT: TypeORM's save ran its persistence planning for each
   * enquiry (about 6 % of the enquiry's CPU in a profile, issue #33).
   */
  async insert(values: Partial<PreregistrationEntity>): Promise<InsertedPreregistration> {
    const columns = insertableColumns(this.db);
    const given = Object.entries(values).filter(([, v]) => v !== undefined);
    const unknown = given.filter(([k]) => !columns.has(k)).map(([k]) => k);
    if (unknown.length) throw new Error(`preregistration has no insertable column ${unknown.join(', ')}`);
    const [row] = await this.db.query<InsertedPreregistration>(
      `INSERT INTO preregistration (${given.map(([k]) => `"${columns.get(k)}"`).join(', ')})
       VALUES (${given.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING ${INSERTED.map((c) => `"${c}"`).join(', ')}`,
      given.map(([, v]) => v),
    );
    return row;
  }

  /** A staff update's changed fields. */
  async patch(id: number, patch: PreregistrationPatch): Promise<void> {
    if (Object.keys(patch).length) await this.db.em.update(PreregistrationEntity, { id }, patch);
  }

  /** The stored citizenship number of a record. */
  async citizenshipOf(id: number): Promise<string | null> {
    const [row] = await this.db.query<{ citizenship_no: string | null }>(`SELECT citizenship_no FROM preregistration WHERE id = $1`, [id]);
    return row?.citizenship_no ?? null;
  }

  /** A soft delete. */
  async softDelete(id: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** Releases a held record (issue #32). */
  async release(id: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET held = false, updated_at = now() WHERE id = $1`, [id]);
  }

  // ------------------------------------------------------------------ codes and the draw

  /** Locks one live record by slug until the caller's transaction ends. */
  async lock(slug: string): Promise<LockedRow | undefined> {
    const [row] = await this.db.query<LockedRow>(`SELECT ${LOCKED_COLUMNS} FROM preregistration WHERE slug = $1 AND deleted_at IS NULL FOR UPDATE`, [slug]);
    return row;
  }

  /** The phone's live record, locked: its open one first, else its newest. */
  lockLiveOfPhone(phone: string): Promise<LockedRow | undefined> {
    return this.lockPhoneRecord<LockedRow>(LOCKED_COLUMNS, phone);
  }

  /** The way back by phone: the phone's live record, locked (the open one first, else the newest). */
  lockForReturn(phone: string): Promise<ReturnRow | undefined> {
    return this.lockPhoneRecord<ReturnRow>('id, slug, name, phone, lang, is_verified, code, return_tries, (code_expires_at <= now()) AS expired', phone);
  }

  /** `columns` of the phone's live record, locked until the caller's transaction ends: its open one first, else its newest. */
  private async lockPhoneRecord<T>(columns: string, phone: string): Promise<T | undefined> {
    const [row] = await this.db.query<T>(
      `SELECT ${columns}
         FROM preregistration
        WHERE phone = $1 AND deleted_at IS NULL
        ORDER BY purchased, created_at DESC
        LIMIT 1
          FOR UPDATE`,
      [phone],
    );
    return row;
  }

  /** A verified record's code has done its job: spent, with both budgets of wrong tries. */
  async clearCode(id: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET code = NULL, code_expires_at = NULL, code_attempts = 0, return_tries = 0 WHERE id = $1`, [id]);
  }

  /** One wrong try of the way back by phone, never past `max` (id 0: the same statement on no row). */
  async spendReturnTry(id: number, max: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET return_tries = return_tries + 1 WHERE id = $1 AND return_tries < $2`, [id, max]);
  }

  /**
   * The earliest live record other than `exceptId` with this phone or citizenship number (held
   * ones included); an erased record counts by `key`, the keyed hash it kept of it.
   */
  async earlierRecord(column: IdentityField, value: string, key: string, exceptId = 0): Promise<EarlierRecord | undefined> {
    const [row] = await this.db.query<EarlierRecord>(earlierSql(column, '$1', '$3', '$2'), [value, exceptId, key]);
    return row;
  }

  /**
   * The public enquiry's first statement: the advisory lock on its phone (`lockKey`, held to
   * the transaction's end: the next statement counts the phone's codes after every send
   * before it), and the earlier records of its phone and of its citizenship number (as
   * earlierRecord finds them), in one round trip. Two enquiries racing past the lookups meet
   * a unique index, and the caller tries again.
   */
  async lockedEnquiryLookup(
    lockKey: string,
    phone: { value: string; key: string },
    citizenship: { value: string; key: string } | null,
  ): Promise<{ phoneOwner?: EarlierRecord; numberHolder?: EarlierRecord }> {
    const earlier = (column: IdentityField, value: string, key: string) => `(SELECT row_to_json(e) FROM (${earlierSql(column, value, key)}) e)`;
    const [row] = await this.db.query<{ phone_owner: EarlierRecord | null; number_holder: EarlierRecord | null }>(
      `SELECT pg_advisory_xact_lock(hashtext($1)) AS locked,
              ${earlier('phone', '$2', '$3')} AS phone_owner,
              CASE WHEN $4::text IS NULL THEN NULL ELSE ${earlier('citizenship_no', '$4', '$5')} END AS number_holder`,
      [lockKey, phone.value, phone.key, citizenship?.value ?? null, citizenship?.key ?? null],
    );
    return { phoneOwner: row.phone_owner ?? undefined, numberHolder: row.number_holder ?? undefined };
  }

  /** Counts one more code made for a record today; answers the day's count (none for an unknown id). */
  async countCodeMade(id: number, day: string): Promise<number | undefined> {
    const [row] = returned<{ codes_today: number }>(
      await this.db.em.query(
        `UPDATE preregistration
            SET codes_today = CASE WHEN codes_day = $2::date THEN codes_today + 1 ELSE 1 END, codes_day = $2::date
          WHERE id = $1
        RETURNING codes_today`,
        [id, day],
      ),
    );
    return row?.codes_today;
  }

  /** Stores a new code; both budgets of wrong tries start again (code_attempts, return_tries). */
  async setCode(id: number, code: string, expiresAt: Date, sent: boolean): Promise<void> {
    await this.db.query(
      `UPDATE preregistration
          SET code = $2, code_expires_at = $3, code_attempts = 0, return_tries = 0, code_sent_at = CASE WHEN $4 THEN now() ELSE code_sent_at END
        WHERE id = $1`,
      [id, code, expiresAt, sent],
    );
  }

  /** The link's wrong tries so far. */
  async setCodeAttempts(id: number, attempts: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET code_attempts = $2 WHERE id = $1`, [id, attempts]);
  }

  /** Marks a record verified and spends its code. */
  async markVerified(id: number): Promise<void> {
    await this.db.query(
      `UPDATE preregistration
          SET is_verified = true, verified_at = now(), status = 'verified', updated_at = now(),
              code = NULL, code_expires_at = NULL, code_attempts = 0, return_tries = 0
        WHERE id = $1`,
      [id],
    );
  }

  /** Serialises the draw of one phone until the caller's transaction ends. */
  async lockPhoneForDraw(phone: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('draw:' || $1))`, [phone]);
  }

  /** Earlier records of a phone (by the phone, or an erased record's `key`) holding a prize: live ones first. */
  prizeHolders(phone: string, exceptId: number, key: string): Promise<PrizeHolder[]> {
    // Two index lookups (the phone; an erased record's key), never an OR the planner might scan for.
    return this.db.query<PrizeHolder>(
      `SELECT id, deleted, prize FROM (
         SELECT id, deleted_at IS NOT NULL AS deleted, prize FROM preregistration WHERE phone = $1 AND id <> $2 AND prize IS NOT NULL
         UNION ALL
         SELECT id, deleted_at IS NOT NULL AS deleted, prize FROM preregistration WHERE erased_phone_key = $3 AND id <> $2 AND prize IS NOT NULL
       ) h
       ORDER BY NOT deleted DESC, id`,
      [phone, exceptId, key],
    );
  }

  /** Sets a record's prize. */
  async setPrize(id: number, prize: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET prize = $2 WHERE id = $1`, [id, prize]);
  }

  /** A deleted record hands its prize over: it no longer holds it. */
  async clearPrize(id: number): Promise<void> {
    await this.db.query(`UPDATE preregistration SET prize = NULL, updated_at = now() WHERE id = $1`, [id]);
  }
}

/**
 * The earliest live record with `column` = `value`, or whose erased-identity key = `key`
 * (other than `except`), by two index lookups, never an OR the planner might scan for.
 * The arguments are SQL parameter placeholders ('$1').
 */
function earlierSql(column: IdentityField, value: string, key: string, except?: string): string {
  const other = except ? ` AND id <> ${except}` : '';
  return `SELECT slug, owner_branch_id, purchased FROM (
       SELECT id, slug, owner_branch_id, purchased FROM preregistration WHERE ${column} = ${value} AND deleted_at IS NULL${other}
       UNION ALL
       SELECT id, slug, owner_branch_id, purchased FROM preregistration WHERE ${ERASED_KEY_COLUMN[column]} = ${key} AND deleted_at IS NULL${other}
     ) earlier ORDER BY id LIMIT 1`;
}
