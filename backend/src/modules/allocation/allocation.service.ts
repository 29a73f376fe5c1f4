import { AllocationQuery } from './dto/allocation-query.dto';
import { Failures } from '../../common/http/domain-errors';
import { isCalendarDate } from '../../common/time';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AllocationType, CommittedAllocation, PRE_PRIZES, PRIZES, thresholdOf } from '@campaign/domain';
import { Clock } from '../../common/clock';
import { SchemeFreeze } from './scheme-freeze';
import { AuthUser } from '../../common/auth/auth-user';
import { scopeToBranch } from '../../common/auth/branch-scope';
import { isForeignKeyViolation } from '../../common/http/db-errors';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { paginate, TableSpec } from '../../common/paging/paging';
import { parseDateRange } from '../../common/paging/date-range';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { BranchService } from '../branch/branch.service';
import { AllocationEntity } from './allocation.entity';
import { CreateAllocationDto } from './dto/create-allocation.dto';

/** The prize scheme's expected failures; the table's keys are the codes. */
const ALLOCATION_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Allocation not found.' },
  Awarded: { status: 409, message: 'This allocation cannot be deleted: some of its prizes have already been awarded.' },
});

const ALLOCATION_TABLE: TableSpec = {
  orderable: {
    id: 'a.id',
    type: 'a.type',
    'branch.title': 'branch.title',
    date: 'a.date',
    probability: 'a.probability',
    count: 'a.count',
    remaining: 'a.remaining',
    amount: 'a.amount',
    created_at: 'a.created_at',
  },
  searchable: ['a.type', 'branch.title'],
  defaultOrder: ['date', 'DESC'],
  tieBreaker: 'a.id',
};

export interface AllocationView {
  id: number;
  type: string;
  branch_id: number | null;
  branch: { id: number; title: string } | null;
  date: string;
  count: number;
  remaining: number;
  amount: number;
  probability: number;
  created_at: Date;
  /** The day's scheme is committed: no change (docs/fairness.md). */
  frozen: boolean;
}

export function toAllocationView(a: AllocationEntity, frozen: boolean): AllocationView {
  return {
    id: a.id,
    type: a.type,
    branch_id: a.branch_id,
    branch: a.branch ? { id: a.branch.id, title: a.branch.title } : null,
    date: a.date,
    count: a.count,
    remaining: a.remaining,
    amount: a.amount,
    probability: a.probability,
    created_at: a.created_at,
    frozen,
  };
}

export interface StockCandidate {
  id: number;
  amount: number;
  probability: number;
  remaining: number;
}

/** The prize scheme: allocations per day, channel and branch (manage-allocation). The only code that names the allocation table. */
@Injectable()
export class AllocationService {
  constructor(
    @InjectRepository(AllocationEntity) private readonly allocations: Repository<AllocationEntity>,
    private readonly branches: BranchService,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly freeze: SchemeFreeze,
  ) {}

  private query(actor: AuthUser) {
    return scopeToBranch(this.allocations.createQueryBuilder('a').leftJoinAndSelect('a.branch', 'branch'), actor, 'allocation');
  }

  // ---------------------------------------------------------------- the draw's stock

  /** A day's allocations of a type (and branch: null for the public channel) with stock left, highest amount first. */
  stockFor(em: EntityManager, day: string, type: AllocationType, branchId: number | null): Promise<StockCandidate[]> {
    const byBranch = branchId === null ? 'branch_id IS NULL' : 'branch_id = $3';
    const params: unknown[] = [day, type];
    if (branchId !== null) params.push(branchId);
    return em.query(
      `SELECT id, amount, probability::float8 AS probability, remaining
         FROM allocation
        WHERE date = $1 AND type = $2 AND ${byBranch} AND remaining > 0
        ORDER BY amount DESC, id`,
      params,
    );
  }

  /**
   * Claims one unit of an allocation's stock with a guarded UPDATE: the stock left after it
   * (the order of claims, for the audit), or null when none was left. CHECK (remaining >= 0)
   * is the backstop.
   */
  async claim(em: EntityManager, id: number): Promise<number | null> {
    const [rows] = await em.query(`UPDATE allocation SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0 RETURNING remaining`, [id]);
    return rows.length > 0 ? Number(rows[0].remaining) : null;
  }

  /**
   * The pre-registration prizes of a day per amount, across every branch and the public
   * channel: planned (sum of count) and still to win (sum of remaining). No branch is named.
   */
  async preregistrationPrizesOn(day: string): Promise<Array<{ amount: number; planned: number; left: number }>> {
    const rows = await this.dataSource.query(
      `SELECT amount, sum(count)::int AS planned, sum(remaining)::int AS left
         FROM allocation WHERE date = $1 AND type IN ('preregistration_public', 'preregistration_branch')
        GROUP BY amount ORDER BY amount DESC`,
      [day],
    );
    return rows.map((r: { amount: number; planned: number; left: number }) => ({ amount: Number(r.amount), planned: r.planned, left: r.left }));
  }

  /** A day's whole scheme as the day's commitment hashes it (docs/fairness.md): every allocation, stock or not. */
  async committedSet(em: EntityManager, day: string): Promise<CommittedAllocation[]> {
    const rows: Array<Omit<CommittedAllocation, 'threshold'> & { probability: number }> = await em.query(
      `SELECT id, type, branch_id, amount, count, probability::float8 AS probability FROM allocation WHERE date = $1 ORDER BY id`,
      [day],
    );
    // The chance in hundredths of a percent by the one rule the draw and the verifier use.
    return rows.map(({ probability, ...r }) => ({ ...r, threshold: thresholdOf(probability) }));
  }


  /** Gives a claimed unit back (a draw that lost a race). */
  async giveBack(em: EntityManager, id: number): Promise<void> {
    await em.query(`UPDATE allocation SET remaining = remaining + 1 WHERE id = $1`, [id]);
  }

  /** Stock (sum of count) per Nepal day and amount in [fromDay, toDay], in the user's scope. */
  stockByDay(user: AuthUser, fromDay: string, toDay: string) {
    const qb = this.dataSource
      .createQueryBuilder()
      .select('a.date::text', 'day')
      .addSelect('a.amount', 'amount')
      .addSelect('sum(a.count)::int', 'allocated')
      .from('allocation', 'a')
      .where('a.date >= CAST(:fromDay AS date) AND a.date <= CAST(:toDay AS date)', { fromDay, toDay })
      .groupBy('a.date')
      .addGroupBy('a.amount');
    return scopeToBranch(qb, user, 'allocation').getRawMany<{ day: string; amount: number; allocated: number }>();
  }

  async table(actor: AuthUser, query: AllocationQuery) {
    const qb = this.query(actor);
    if (query.amount !== undefined) qb.andWhere('a.amount = :amount', { amount: query.amount });
    if (query.type) qb.andWhere('a.type = :type', { type: query.type });
    if (query.branch === 'public') qb.andWhere('a.branch_id IS NULL');
    else if (query.branch !== undefined) qb.andWhere('a.branch_id = :branch', { branch: query.branch });
    if (query.date) qb.andWhere('a.date = :date', { date: query.date });
    // An allocation is stock for one whole Nepal day: it is in the From/To range when any of its
    // day is (a bare `to` day includes that day, as on every table).
    const tz = this.config.get('app').campaignTz;
    const range = parseDateRange(query, tz);
    if (range.from) qb.andWhere('a.date >= :fromDay', { fromDay: campaignDay(range.from, tz) });
    if (range.to) qb.andWhere('a.date <= :toDay', { toDay: campaignDay(new Date(range.to.getTime() - 1), tz) });
    const frozenUntil = await this.freeze.lastFrozenDay();
    return paginate(qb, query, ALLOCATION_TABLE, (rows) => rows.map((a) => toAllocationView(a, a.date <= frozenUntil)));
  }

  async findOne(actor: AuthUser, id: string): Promise<AllocationEntity> {
    if (!/^\d{1,9}$/.test(id)) throw ALLOCATION_FAILURES.fail('NotFound');
    const found = await this.query(actor).andWhere('a.id = :id', { id: Number(id) }).getOne();
    if (!found) throw ALLOCATION_FAILURES.fail('NotFound');
    return found;
  }

  /**
   * What the scheme form needs before Save: the first day that can still change (its date's
   * default) and, for a chosen day, the freeze's own message when it cannot (null when it can).
   */
  async day(date?: string): Promise<{ first_open: string; date: string | null; frozen: string | null }> {
    const first_open = await this.freeze.firstOpenDay();
    if (!date) return { first_open, date: null, frozen: null };
    return { first_open, date, frozen: await this.closedDay(date) };
  }

  /** Why a day's scheme cannot change (past, or committed), or null when it can: the create's and the form's one rule. */
  private async closedDay(date: string): Promise<string | null> {
    const today = campaignDay(this.clock.now(), this.config.get('app').campaignTz);
    return date < today ? `The date must be today (${today}) or later.` : this.freeze.frozenSince(date);
  }

  async create(actor: AuthUser, dto: CreateAllocationDto): Promise<AllocationView> {
    const type = dto.type ?? 'preregistration_public';
    const errors: FieldErrors = {};
    let branchId: number | null = null;
    if (type !== 'preregistration_public') {
      // Branch users (if ever given manage-allocation) only stock their own branch.
      branchId = actor.branch_id ?? dto.branch_id ?? null;
      if (branchId === null) errors.branch_id = ['The branch field is required for this type.'];
      else if (!(await this.branches.brief(branchId))) errors.branch_id = ['The selected branch is invalid.'];
    } else if (actor.branch_id !== null) {
      errors.type = ['A branch user can only create branch allocations.'];
    }
    if (!isCalendarDate(dto.date)) errors.date = ['The date must be a date (YYYY-MM-DD).'];
    else {
      const closed = await this.closedDay(dto.date);
      if (closed) errors.date = [closed];
    }
    const amounts: readonly number[] = type === 'registration_branch' ? PRIZES : PRE_PRIZES;
    if (!amounts.includes(dto.amount)) errors.amount = [`The amount must be one of ${amounts.join(', ')}.`];
    if (Object.keys(errors).length) throw new UnprocessableError(errors);

    const count = dto.count ?? 1;
    const saved = await this.freeze.whileOpen(this.dataSource, dto.date, (em) =>
      em.save(
        em.create(AllocationEntity, {
          type,
          branch_id: branchId,
          date: dto.date,
          count,
          remaining: count,
          amount: dto.amount,
          probability: dto.probability ?? 0,
          created_by: actor.id,
        }),
      ),
    );
    return toAllocationView(await this.findOne(actor, String(saved.id)), false);
  }

  /** Deletes an allocation none of whose stock was awarded yet; 409 otherwise. */
  async remove(actor: AuthUser, id: string): Promise<void> {
    const found = await this.findOne(actor, id);
    // A committed day's scheme never changes (docs/fairness.md). A draw that took from it
    // holds a restricting foreign key to it.
    let deleted: boolean;
    try {
      const [rows] = await this.freeze.whileOpen(this.dataSource, found.date, (em) =>
        em.query(`DELETE FROM allocation a WHERE a.id = $1 AND a.remaining = a.count RETURNING a.id`, [found.id]),
      );
      deleted = rows.length > 0;
    } catch (e) {
      if (!isForeignKeyViolation(e)) throw e;
      deleted = false;
    }
    if (!deleted) {
      throw ALLOCATION_FAILURES.fail('Awarded');
    }
  }
}
