import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { PRE_PRIZES, PRIZES } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { scopeToBranch } from '../../common/auth/branch-scope';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { PageQuery, paginate, TableSpec } from '../../common/paging/paging';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { BranchEntity } from '../branch/branch.entity';
import { AllocationEntity } from './allocation.entity';
import { CreateAllocationDto } from './dto/create-allocation.dto';

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
}

export function toAllocationView(a: AllocationEntity): AllocationView {
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
  };
}

/** The prize scheme: allocations per day, channel and branch (manage-allocation). */
@Injectable()
export class AllocationService {
  constructor(
    @InjectRepository(AllocationEntity) private readonly allocations: Repository<AllocationEntity>,
    @InjectRepository(BranchEntity) private readonly branches: Repository<BranchEntity>,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  private query(actor: AuthUser) {
    return scopeToBranch(this.allocations.createQueryBuilder('a').leftJoinAndSelect('a.branch', 'branch'), actor, 'a.branch_id');
  }

  table(actor: AuthUser, query: PageQuery & { type?: string; branch?: string; date?: string }) {
    const qb = this.query(actor);
    if (typeof query.type === 'string' && query.type) qb.andWhere('a.type = :type', { type: query.type });
    if (typeof query.branch === 'string' && /^\d{1,9}$/.test(query.branch)) qb.andWhere('a.branch_id = :branch', { branch: Number(query.branch) });
    if (typeof query.date === 'string' && isCalendarDate(query.date)) qb.andWhere('a.date = :date', { date: query.date });
    return paginate(qb, query, ALLOCATION_TABLE, (rows) => rows.map(toAllocationView));
  }

  async findOne(actor: AuthUser, id: string): Promise<AllocationEntity> {
    if (!/^\d{1,9}$/.test(id)) throw new NotFoundException('Allocation not found.');
    const found = await this.query(actor).andWhere('a.id = :id', { id: Number(id) }).getOne();
    if (!found) throw new NotFoundException('Allocation not found.');
    return found;
  }

  async create(actor: AuthUser, dto: CreateAllocationDto): Promise<AllocationView> {
    const type = dto.type ?? 'preregistration_public';
    const errors: FieldErrors = {};
    let branchId: number | null = null;
    if (type !== 'preregistration_public') {
      // Branch users (if ever given manage-allocation) only stock their own branch.
      branchId = actor.branch_id ?? dto.branch_id ?? null;
      if (branchId === null) errors.branch_id = ['The branch field is required for this type.'];
      else if (!(await this.branches.existsBy({ id: branchId }))) errors.branch_id = ['The selected branch is invalid.'];
    } else if (actor.branch_id !== null) {
      errors.type = ['A branch user can only create branch allocations.'];
    }
    const today = campaignDay(new Date(), this.config.get('app').campaignTz);
    if (!isCalendarDate(dto.date)) errors.date = ['The date must be a date (YYYY-MM-DD).'];
    else if (dto.date < today) errors.date = [`The date must be today (${today}) or later.`];
    const amounts: readonly number[] = type === 'registration_branch' ? PRIZES : PRE_PRIZES;
    if (!amounts.includes(dto.amount)) errors.amount = [`The amount must be one of ${amounts.join(', ')}.`];
    if (Object.keys(errors).length) throw new UnprocessableError(errors);

    const count = dto.count ?? 1;
    const saved = await this.allocations.save(
      this.allocations.create({
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
    return toAllocationView(await this.findOne(actor, String(saved.id)));
  }

  /** Deletes an allocation none of whose stock was awarded yet; 409 otherwise. */
  async remove(actor: AuthUser, id: string): Promise<void> {
    const found = await this.findOne(actor, id);
    const deleted = await this.dataSource.query(
      `DELETE FROM allocation a
        WHERE a.id = $1 AND a.remaining = a.count
          AND NOT EXISTS (SELECT 1 FROM draw d WHERE d.allocation_id = a.id)
        RETURNING a.id`,
      [found.id],
    );
    if (!deleted[0]?.length) {
      throw new ConflictException('This allocation cannot be deleted: some of its prizes have already been awarded.');
    }
  }
}

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
