import { AllocationQuery } from './dto/allocation-query.dto';
import { Failures } from '../../common/http/domain-errors';
import { isCalendarDate } from '../../common/time';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AllocationType, CommittedAllocation, PRE_PRIZES, PRIZES, thresholdOf } from '@campaign/domain';
import { Clock } from '../../common/clock';
import { SchemeFreeze } from './scheme-freeze';
import { AuthUser } from '../../common/auth/auth-user';
import { isForeignKeyViolation } from '../../common/http/db-errors';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { paginate, TableSpec } from '../../common/paging/paging';
import { parseDateRange } from '../../common/paging/date-range';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { BranchService } from '../branch/branch.service';
import { AllocationRepository, StockCandidate } from '../../repositories/allocation.repository';
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

/** The prize scheme: allocations per day, channel and branch (manage-allocation), stored through AllocationRepository. */
@Injectable()
export class AllocationService {
  constructor(
    private readonly allocations: AllocationRepository,
    private readonly branches: BranchService,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly freeze: SchemeFreeze,
  ) {}

  private query(actor: AuthUser) {
    return this.allocations.scoped(actor);
  }

  // ---------------------------------------------------------------- the draw's stock

  /** A day's allocations of a type (and branch: null for the public channel) with stock left, highest amount first. */
  stockFor(day: string, type: AllocationType, branchId: number | null): Promise<StockCandidate[]> {
    return this.allocations.stockFor(day, type, branchId);
  }

  /** Claims one unit of an allocation's stock: the stock left after it, or null when none was left. */
  claim(id: number): Promise<number | null> {
    return this.allocations.claim(id);
  }

  /**
   * The pre-registration prizes of a day per amount, across every branch and the public
   * channel: planned (sum of count) and still to win (sum of remaining). No branch is named.
   */
  async preregistrationPrizesOn(day: string): Promise<Array<{ amount: number; planned: number; left: number }>> {
    const rows = await this.allocations.preregistrationPrizesOn(day);
    return rows.map((r) => ({ amount: Number(r.amount), planned: r.planned, left: r.left }));
  }

  /** A day's whole scheme as the day's commitment hashes it (docs/fairness.md): every allocation, stock or not. */
  async committedSet(day: string): Promise<CommittedAllocation[]> {
    const rows = await this.allocations.schemeOf(day);
    // The chance in hundredths of a percent by the one rule the draw and the verifier use.
    return rows.map(({ probability, ...r }) => ({ ...r, threshold: thresholdOf(probability) }));
  }

  /** Gives a claimed unit back (a draw that lost a race). */
  giveBack(id: number): Promise<void> {
    return this.allocations.giveBack(id);
  }

  /** Stock (sum of count) per Nepal day and amount in [fromDay, toDay], in the user's scope. */
  stockByDay(user: AuthUser, fromDay: string, toDay: string) {
    return this.allocations.stockByDay(user, fromDay, toDay);
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
    const saved = await this.freeze.whileOpen(this.dataSource, dto.date, () =>
      this.allocations.insert({
        type,
        branch_id: branchId,
        date: dto.date,
        count,
        remaining: count,
        amount: dto.amount,
        probability: dto.probability ?? 0,
        created_by: actor.id,
      }),
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
      deleted = await this.freeze.whileOpen(this.dataSource, found.date, () => this.allocations.deleteUnawarded(found.id));
    } catch (e) {
      if (!isForeignKeyViolation(e)) throw e;
      deleted = false;
    }
    if (!deleted) {
      throw ALLOCATION_FAILURES.fail('Awarded');
    }
  }
}
