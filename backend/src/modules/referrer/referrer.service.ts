import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Failures } from '../../common/http/domain-errors';
import { UnprocessableError } from '../../common/http/errors';
import { AuthUser } from '../../common/auth/auth-user';
import { DateRange, parseDateRange } from '../../common/paging/date-range';
import { PageResult, paginate, TableSpec } from '../../common/paging/paging';
import { DateRangeQuery } from '../../common/paging/table-query';
import { ConfigService } from '../../config/config.module';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { ReferrerRepository, upsertReferrerId } from '../../repositories/referrer.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { TestRideRepository } from '../../repositories/test-ride.repository';
import { CreateReferrerDto, UTM_SOURCE_FORMAT } from './dto/create-referrer.dto';
import { UpdateReferrerDto } from './dto/update-referrer.dto';
import { ReferrerEntity } from './referrer.entity';
import { shareCodeOf, shareSource } from './share-links';

/** The referrer's expected failures; the table's keys are the codes. */
const REFERRER_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Referrer not found.' },
  Known: { status: 422, field: 'utm_source', message: 'This source is already in the referrer report.' },
  ShareLink: { status: 422, field: 'utm_source', message: "A source of 'ref-' and 16 letters or digits is a customer's share link: please choose another." },
});

/**
 * The report's one row of every traffic source it does not know. The known sources are the
 * referrers: the seeded ones, those head office adds (POST /referrer) and customers' share
 * links (`ref-<code>`, one per real sharer). Any other `utm_source` value is kept on its record
 * and counts under this row, which lists the values, instead of adding a row of its own
 * (issue #32: 30 invented values added 30 rows to the report every branch shares).
 */
export const OTHER_SOURCE = 'other';
/** How many of the other row's values it lists: the most frequent first. */
export const OTHER_VALUES_SHOWN = 20;

export interface ReferrerRow {
  id: number;
  title: string;
  utm_source: string;
  created_at: Date;
  referrals_count: number;
  preregistrations_count: number;
  test_rides_count: number;
  /** The other row only: the unknown sources it counts (most frequent first, at most OTHER_VALUES_SHOWN) and how many there are. */
  values?: string[];
  values_count?: number;
}

/**
 * What came through one person's share link, across all branches (a count, never who).
 * `preregistrations` is the friend count: pre-registrations whose phone is verified, one per
 * phone. Test rides have no phone check, so they stand beside it (`test_rides`), never in it.
 */
export interface Friends {
  preregistrations: number;
  test_rides: number;
  purchases: number;
}

const UTM_SOURCE_RE = /^[a-z0-9_.-]{1,100}$/;

/**
 * The one rule for a traffic source value: trimmed, lower-cased, at most 100 characters
 * of [a-z0-9_.-]. Anything else (empty, too long, other characters) is ignored: null.
 */
export function normaliseUtmSource(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return UTM_SOURCE_RE.test(v) ? v : null;
}

/** ReferrerService.ensure without the service, for seeds. */
export async function ensureReferrer(em: EntityManager, utmSource: unknown): Promise<number | null> {
  const source = normaliseUtmSource(utmSource);
  return source ? upsertReferrerId(em, source) : null;
}

@Injectable()
export class ReferrerService {
  constructor(
    private readonly referrers: ReferrerRepository,
    private readonly config: ConfigService,
    private readonly preregistrations: PreregistrationRepository,
    private readonly registrations: RegistrationRepository,
    private readonly testRides: TestRideRepository,
  ) {}

  /**
   * The referrer id for a utm_source value: the known source's; for a share link, the
   * sharer's (made the first time a friend comes through it); for any other value, the
   * "other" row's (the value itself stays on the caller's record). Null when the value is
   * missing or not a valid source, or when it is a share link that brings no friend (an unknown
   * code, or the visitor's own: `phone` is theirs). Runs in the caller's transaction (the
   * one the repositories run on, db.ts), so every domain (enquiry, test ride, purchase)
   * records it the same way.
   */
  async ensure(utmSource: unknown, phone: string | null | undefined): Promise<number | null> {
    const source = normaliseUtmSource(utmSource);
    if (!source) return null;
    const code = shareCodeOf(source);
    if (code) return (await this.shareCounts(code, phone)) ? this.referrers.upsertId(source) : null;
    return (await this.referrers.idOf(source)) ?? this.referrers.upsertId(OTHER_SOURCE);
  }

  /**
   * Whether a visitor with `phone` who came through share code `code` counts for the sharer:
   * when the code is someone's and that someone is not the visitor (their own link brings no
   * friend: one person, not one record). Asked on the caller's transaction (db.ts).
   */
  private async shareCounts(code: string, phone: string | null | undefined): Promise<boolean> {
    const owner = await this.preregistrations.shareOwner(code);
    return !!owner && !(phone && owner.phone === phone);
  }

  /**
   * POST /referrer (head office): a source the report knows from now on, with its title. Visits
   * that carried it before stay counted under "other", where the value is listed.
   */
  async create(dto: CreateReferrerDto): Promise<ReferrerEntity> {
    const source = normaliseUtmSource(dto.utm_source);
    if (!source) throw new UnprocessableError({ utm_source: [UTM_SOURCE_FORMAT] });
    if (shareCodeOf(source)) throw REFERRER_FAILURES.fail('ShareLink');
    const id = await this.referrers.insertNew(dto.title, source);
    if (id === undefined) throw REFERRER_FAILURES.fail('Known');
    return (await this.referrers.find(id))!;
  }

  /** What came through the share link of `code` in all branches, by the report's own counters. */
  async friendsOf(code: string): Promise<Friends> {
    const counts = await this.countExpressions(undefined, {});
    const row = await this.referrers.countsOfSource(shareSource(code), counts);
    return { preregistrations: Number(row?.preregistrations_count ?? 0), test_rides: Number(row?.test_rides_count ?? 0), purchases: Number(row?.referrals_count ?? 0) };
  }

  /**
   * The referrer report: every referrer with its referrals, verified pre-registrations and test
   * rides within the dates; the "other" row also lists the unknown sources it counts.
   */
  async table(actor: AuthUser, query: DateRangeQuery): Promise<PageResult<ReferrerRow>> {
    const range = parseDateRange(query, this.config.get('app').campaignTz);
    const counts = await this.countExpressions(actor, range);
    const spec: TableSpec = {
      orderable: {
        title: 'r.title',
        utm_source: 'r.utm_source',
        created_at: 'r.created_at',
        id: 'r.id',
        test_rides_count: counts.test_rides_count,
        referrals_count: counts.referrals_count,
        preregistrations_count: counts.preregistrations_count,
      },
      searchable: ['r.title', 'r.utm_source'],
      defaultOrder: ['title', 'ASC'],
      tieBreaker: 'r.id',
    };
    const qb = this.referrers.table(counts);
    return paginate(qb, query, spec, async (rows) => {
      if (!rows.length) return [];
      const raw = await this.referrers.countsOf(
        rows.map((r) => r.id),
        counts,
      );
      const byId = new Map(raw.map((c) => [c.id, c]));
      const other = rows.find((r) => r.utm_source === OTHER_SOURCE);
      const listed = other ? await this.otherValues(actor, range, other.id) : undefined;
      return rows.map((r) => ({
        ...r,
        referrals_count: Number(byId.get(r.id)?.referrals_count ?? 0),
        preregistrations_count: Number(byId.get(r.id)?.preregistrations_count ?? 0),
        test_rides_count: Number(byId.get(r.id)?.test_rides_count ?? 0),
        ...(r === other && listed ? listed : {}),
      }));
    });
  }

  /**
   * The unknown sources the "other" row counts, in the actor's scope and the dates: the most
   * frequent OTHER_VALUES_SHOWN, and how many distinct ones there are. Each table that keeps
   * utm_source on its records gives its list, asked of its repository.
   */
  private async otherValues(actor: AuthUser, range: DateRange, otherId: number): Promise<{ values: string[]; values_count: number }> {
    const lists = [this.preregistrations.utmSources(actor, range), this.testRides.utmSources(actor, range)];
    const union = lists.map((q) => q.getQuery()).join(' UNION ALL ');
    const params: Record<string, unknown> = Object.assign({}, ...lists.map((q) => q.getParameters()));
    const row = await this.referrers.listedValues(otherId, union, params, OTHER_VALUES_SHOWN);
    return { values: row?.values ?? [], values_count: Number(row?.values_count ?? 0) };
  }

  async update(id: string, dto: UpdateReferrerDto): Promise<ReferrerEntity> {
    const referrer = /^\d{1,9}$/.test(id) ? await this.referrers.find(Number(id)) : null;
    if (!referrer) throw REFERRER_FAILURES.fail('NotFound');
    referrer.title = dto.title;
    return this.referrers.save(referrer);
  }

  /**
   * Correlated count subqueries over `r` (a referrer) for the date range, in the actor's
   * branch scope, each asked of the counted table's repository:
   * referrals_count counts live purchases whose `referred_by` is the referrer,
   * preregistrations_count the verified live pre-registrations made through it, one per phone
   * (an unverified one proves no person: issue #32), test_rides_count live
   * test rides booked through it. No actor: every branch.
   */
  private async countExpressions(actor: AuthUser | undefined, range: DateRange) {
    const rides = this.testRides.referralsCount(actor, range);
    const sales = this.registrations.referralsCount(actor, range);
    const pres = this.preregistrations.referralsCount(actor, range);
    return {
      test_rides_count: rides.getQuery(),
      referrals_count: sales.getQuery(),
      preregistrations_count: pres.getQuery(),
      params: { ...rides.getParameters(), ...sales.getParameters(), ...pres.getParameters() },
    };
  }
}
