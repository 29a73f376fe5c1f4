import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { scopeToBranch } from '../../common/auth/branch-scope';
import { DateRange, parseDateRange, whereInRange } from '../../common/paging/date-range';
import { PageQuery, PageResult, paginate, TableSpec } from '../../common/paging/paging';
import { ConfigService } from '../../config/config.module';
import { UpdateReferrerDto } from './dto/update-referrer.dto';
import { ReferrerEntity } from './referrer.entity';

export interface ReferrerRow {
  id: number;
  title: string;
  utm_source: string;
  created_at: Date;
  referrals_count: number;
  test_rides_count: number;
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
  if (!source) return null;
  // DO UPDATE (a no-op) rather than DO NOTHING so the existing row's id is returned too.
  const [row] = await em.query(
    `INSERT INTO referrer (title, utm_source) VALUES ($1, $1)
     ON CONFLICT (utm_source) DO UPDATE SET utm_source = EXCLUDED.utm_source
     RETURNING id`,
    [source],
  );
  return row.id;
}

@Injectable()
export class ReferrerService {
  constructor(
    @InjectRepository(ReferrerEntity) private readonly referrers: Repository<ReferrerEntity>,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  /**
   * The referrer id for a utm_source value, made the first time the value is seen; null when
   * the value is missing or not a valid source. Runs in the caller's transaction (`em`), so
   * other domains (the enquiry) record their source the same way.
   */
  ensure(em: EntityManager, utmSource: unknown): Promise<number | null> {
    return ensureReferrer(em, utmSource);
  }

  /** The referrer report: every referrer with its referrals and test rides within the dates. */
  async table(actor: AuthUser, query: PageQuery): Promise<PageResult<ReferrerRow>> {
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
      },
      searchable: ['r.title', 'r.utm_source'],
      defaultOrder: ['title', 'ASC'],
      tieBreaker: 'r.id',
    };
    const qb = this.referrers.createQueryBuilder('r').setParameters(counts.params);
    return paginate(qb, query, spec, async (rows) => {
      if (!rows.length) return [];
      const raw: Array<{ id: number; test_rides_count: number; referrals_count: number }> = await this.dataSource
        .createQueryBuilder()
        .select('r.id', 'id')
        .addSelect(counts.test_rides_count, 'test_rides_count')
        .addSelect(counts.referrals_count, 'referrals_count')
        .from('referrer', 'r')
        .where('r.id IN (:...ids)', { ids: rows.map((r) => r.id) })
        .setParameters(counts.params)
        .getRawMany();
      const byId = new Map(raw.map((c) => [c.id, c]));
      return rows.map((r) => ({
        ...r,
        referrals_count: Number(byId.get(r.id)?.referrals_count ?? 0),
        test_rides_count: Number(byId.get(r.id)?.test_rides_count ?? 0),
      }));
    });
  }

  async update(id: string, dto: UpdateReferrerDto): Promise<ReferrerEntity> {
    const referrer = /^\d{1,9}$/.test(id) ? await this.referrers.findOneBy({ id: Number(id) }) : null;
    if (!referrer) throw new NotFoundException('Referrer not found.');
    referrer.title = dto.title;
    return this.referrers.save(referrer);
  }

  /**
   * Correlated count subqueries over `r` (a referrer) for the date range, scoped to the
   * actor's branch like every read of a branch-owned table (branch staff count their
   * branch's test rides and purchases only).
   *
   * referrals_count counts purchases (`registration`) whose `referred_by` is the referrer.
   * The registration table belongs to the sales domain and may not exist yet in this
   * database: the catalogue is asked first, and the count is 0 until the table (with
   * `referred_by`, `created_at` and `branch_id`) exists. Soft-deleted purchases are left
   * out once the table has `deleted_at`. Nothing here needs changing when it lands.
   */
  private async countExpressions(actor: AuthUser, range: DateRange) {
    const rides = this.dataSource
      .createQueryBuilder()
      .subQuery()
      .select('count(*)::int')
      .from('test_ride', 'tr')
      .where('tr.referrer_id = r.id')
      .andWhere('tr.deleted_at IS NULL');
    scopeToBranch(whereInRange(rides, 'tr.created_at', range), actor, 'tr.branch_id');
    let params = rides.getParameters();
    let referrals_count = '0';
    const columns: Array<{ column_name: string }> = await this.dataSource.query(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'registration'
          AND column_name IN ('referred_by', 'created_at', 'branch_id', 'deleted_at')`,
    );
    const has = new Set(columns.map((c) => c.column_name));
    if (has.has('referred_by') && has.has('created_at') && has.has('branch_id')) {
      const sales = this.dataSource.createQueryBuilder().subQuery().select('count(*)::int').from('registration', 'reg').where('reg.referred_by = r.id');
      if (has.has('deleted_at')) sales.andWhere('reg.deleted_at IS NULL');
      scopeToBranch(whereInRange(sales, 'reg.created_at', range), actor, 'reg.branch_id');
      referrals_count = sales.getQuery();
      params = { ...params, ...sales.getParameters() };
    }
    return { test_rides_count: rides.getQuery(), referrals_count, params };
  }
}
