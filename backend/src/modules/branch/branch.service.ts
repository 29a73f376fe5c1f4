import { KnownIds } from '../../common/known-ids';
import { Injectable } from '@nestjs/common';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser } from '../../common/auth/auth-user';
import { CachedAnswer } from '../../common/http/cached-json';
import { isForeignKeyViolation } from '../../common/http/db-errors';
import { UnprocessableError } from '../../common/http/errors';
import { PageQuery, paginate, TableSpec } from '../../common/paging/paging';
import { newSlug } from '../../common/slug';
import { ONE_LAKH, TOP_PURCHASE_TIER, AllocationRepository } from '../../repositories/allocation.repository';
import { BranchRepository } from '../../repositories/branch.repository';
import { Db } from '../../repositories/db';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { TestRideRepository } from '../../repositories/test-ride.repository';
import { GeographyService } from '../geography/geography.service';
import { BranchEntity } from './branch.entity';
import { CreateBranchDto } from './dto/create-branch.dto';
import { UpdateBranchDto } from './dto/update-branch.dto';

/** The branch's expected failures; the table's keys are the codes. */
const BRANCH_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Branch not found.' },
  InUse: { status: 409, message: 'This branch has users or records and cannot be deleted.' },
});

/** Numbers of the branch table (GET /branch, the export). */
export const BRANCH_TABLE_COUNTERS = ['registrations_count', 'one_lakh_allocation_count', 'ten_lakhs_allocation_count'] as const;
/** Numbers of GET /branch-stats. */
export const BRANCH_STATS_COUNTERS = ['preregistrations', 'sales', 'test_rides', 'prizes_awarded'] as const;

type BranchCounterName = (typeof BRANCH_TABLE_COUNTERS)[number] | (typeof BRANCH_STATS_COUNTERS)[number];

export type BranchView = BranchEntity & Record<(typeof BRANCH_TABLE_COUNTERS)[number], number>;
export type BranchStats = Pick<BranchEntity, 'id' | 'slug' | 'title'> & Record<(typeof BRANCH_STATS_COUNTERS)[number], number>;

@Injectable()
export class BranchService {
  /** GET /branches serialised once per TTL; every branch write drops it. */
  readonly publicAnswer = new CachedAnswer(async () => ({ data: { data: await this.publicList() } }));
  /** The ids of the table, for the public forms' references (KnownIds). */
  private readonly knownIds = new KnownIds(() => this.branches.ids());

  constructor(
    private readonly branches: BranchRepository,
    private readonly geography: GeographyService,
    private readonly preregistrations: PreregistrationRepository,
    private readonly registrations: RegistrationRepository,
    private readonly testRides: TestRideRepository,
    private readonly allocations: AllocationRepository,
    private readonly db: Db,
  ) {}

  /**
   * A counter's correlated counts on branch alias `b`, each asked of its table's repository; a
   * counter of several parts (prizes awarded = pre-registration prizes + purchase coupons) adds them.
   */
  private parts(name: BranchCounterName, b: string): string[] {
    switch (name) {
      case 'preregistrations':
        return [this.preregistrations.countOfBranchSql(b)];
      case 'registrations_count':
      case 'sales':
        return [this.registrations.countOfBranchSql(b)];
      case 'prizes_awarded':
        return [this.preregistrations.prizesOfBranchSql(b), this.registrations.couponsOfBranchSql(b)];
      case 'test_rides':
        return [this.testRides.countOfBranchSql(b)];
      case 'one_lakh_allocation_count':
        return [this.allocations.prizesOfBranchSql(b, ONE_LAKH)];
      case 'ten_lakhs_allocation_count':
        return [this.allocations.prizesOfBranchSql(b, TOP_PURCHASE_TIER)];
    }
  }

  /** The counter's SQL expression (an int) for branch alias `b`. */
  private expression(name: BranchCounterName, b: string): string {
    return `(${this.parts(name, b).map((sql) => `COALESCE((${sql}), 0)`).join(' + ')})::int`;
  }

  /** `expr AS name, ...` for a SELECT list. */
  private selectList(names: readonly BranchCounterName[], b: string): string {
    return names.map((n) => `${this.expression(n, b)} AS "${n}"`).join(', ');
  }

  /** Every query of branches: branch staff see only their own. */
  private query(actor: AuthUser | undefined) {
    return this.branches.scoped(actor);
  }

  /** Whether a row with this id exists, mostly without a round trip (KnownIds). */
  exists(id: number): Promise<boolean> {
    return this.knownIds.has(id);
  }

  /** Id, titles and mobile of a branch, or undefined (through the caller's transaction when one is open, db.ts). */
  brief(id: number): Promise<{ id: number; title: string; title_ne: string | null; mobile: string | null } | undefined> {
    return this.branches.brief(id);
  }

  /** The branches `user` may see, in their order (id and title). */
  visible(user: AuthUser): Promise<Array<{ id: number; title: string }>> {
    return this.query(user).select(['b.id', 'b.title']).orderBy('b.order', 'ASC').addOrderBy('b.id', 'ASC').getMany();
  }

  /** GET /branches: the showroom list of the public site, with the Nepali names of its places. */
  async publicList() {
    const rows = await this.branches.publicRows();
    const nepali = await this.geography.nepaliOf(rows);
    return rows.map((b, i) => ({ ...b, ...nepali[i] }));
  }

  private tableSpec(): TableSpec {
    const counted = Object.fromEntries(BRANCH_TABLE_COUNTERS.map((n) => [n, `(${this.expression(n, 'b')})`]));
    return {
      orderable: {
        title: 'b.title',
        state: 'b.state',
        district: 'b.district',
        city: 'b.city',
        location: 'b.location',
        phone: 'b.phone',
        mobile: 'b.mobile',
        email: 'b.email',
        order: 'b.order',
        id: 'b.id',
        ...counted,
      },
      searchable: ['b.title', 'b.state', 'b.district', 'b.city', 'b.location', 'b.email', 'b.phone', 'b.mobile'],
      defaultOrder: ['order', 'ASC'],
      tieBreaker: 'b.id',
    };
  }

  /** GET /branch (and the export, with length -1). */
  table(actor: AuthUser, query: PageQuery) {
    return paginate(this.query(actor), query, this.tableSpec(), (rows) => this.withCounters(rows));
  }

  async findOne(actor: AuthUser | undefined, slugOrId: string): Promise<BranchView> {
    const qb = this.query(actor);
    if (/^\d+$/.test(slugOrId)) qb.andWhere('b.id = :id', { id: Number(slugOrId) });
    else qb.andWhere('b.slug = :slug', { slug: slugOrId });
    const branch = await qb.getOne();
    if (!branch) throw BRANCH_FAILURES.fail('NotFound');
    return (await this.withCounters([branch]))[0];
  }

  async create(actor: AuthUser, dto: CreateBranchDto): Promise<BranchView> {
    const place = await this.checkPlace(dto);
    const saved = await this.db.transaction(() =>
      this.branches.insert({
        slug: newSlug(),
        title: dto.title,
        ...place,
        title_ne: dto.title_ne ?? null,
        location: dto.location ?? '',
        location_ne: dto.location_ne ?? null,
        email: dto.email ?? null,
        phone: dto.phone ?? null,
        mobile: dto.mobile ?? null,
        order: dto.order,
      }),
    );
    this.publicAnswer.invalidate();
    this.knownIds.invalidate();
    return this.findOne(actor, saved.slug);
  }

  async update(actor: AuthUser, slug: string, dto: UpdateBranchDto): Promise<BranchView> {
    const branch = await this.findOne(actor, slug);
    const patch: Partial<BranchEntity> = {};
    for (const k of ['title', 'title_ne', 'location', 'location_ne', 'email', 'phone', 'mobile', 'order'] as const) {
      if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = k === 'location' ? (dto[k] ?? '') : dto[k];
    }
    if (dto.state !== undefined || dto.district !== undefined || dto.city !== undefined) {
      Object.assign(patch, await this.checkPlace({ state: dto.state ?? branch.state, district: dto.district ?? branch.district, city: dto.city ?? branch.city }));
    }
    if (Object.keys(patch).length) await this.branches.patch(branch.id, patch);
    this.publicAnswer.invalidate();
    this.knownIds.invalidate();
    return this.findOne(actor, branch.slug);
  }

  /** Refused with 409 while users or any record still point at the branch (their foreign keys restrict). */
  async remove(actor: AuthUser, slug: string): Promise<void> {
    const branch = await this.findOne(actor, slug);
    try {
      await this.branches.delete(branch.id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw BRANCH_FAILURES.fail('InUse');
      throw e;
    }
    this.publicAnswer.invalidate();
    this.knownIds.invalidate();
  }

  /** GET /branch-stats: per branch, the numbers other domains register (0 until they do). */
  async stats(actor: AuthUser): Promise<BranchStats[]> {
    return this.query(actor)
      .select(['b.id AS id', 'b.slug AS slug', 'b.title AS title'])
      .addSelect(this.selectList(BRANCH_STATS_COUNTERS, 'b'))
      .orderBy('b.order', 'ASC')
      .addOrderBy('b.id', 'ASC')
      .getRawMany();
  }

  private async withCounters(rows: BranchEntity[]): Promise<BranchView[]> {
    if (!rows.length) return [];
    const counts = await this.branches.countersOf<BranchCounterName>(
      rows.map((r) => r.id),
      this.selectList(BRANCH_TABLE_COUNTERS, 'b'),
    );
    const byId = new Map(counts.map((c) => [c.id, c]));
    return rows.map((r) => {
      const c = byId.get(r.id);
      return Object.assign(r, Object.fromEntries(BRANCH_TABLE_COUNTERS.map((n) => [n, Number(c?.[n] ?? 0)]))) as unknown as BranchView;
    });
  }

  private async checkPlace(p: { state: string; district: string; city: string }) {
    const r = await this.geography.resolve(p);
    if ('errors' in r) throw new UnprocessableError(r.errors);
    return r.place;
  }
}
