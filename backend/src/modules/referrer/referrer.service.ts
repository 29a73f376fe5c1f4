import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser } from '../../common/auth/auth-user';
import { DateRange, parseDateRange } from '../../common/paging/date-range';
import { PageResult, paginate, TableSpec } from '../../common/paging/paging';
import { DateRangeQuery } from '../../common/paging/table-query';
import { ConfigService } from '../../config/config.module';
import { UpdateReferrerDto } from './dto/update-referrer.dto';
import { ReferrerCounters } from './referrer-counters';
import { ReferrerEntity } from './referrer.entity';

/** The referrer's expected failures; the table's keys are the codes. */
const REFERRER_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Referrer not found.' },
});

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
    private readonly counters: ReferrerCounters,
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
    if (!referrer) throw REFERRER_FAILURES.fail('NotFound');
    referrer.title = dto.title;
    return this.referrers.save(referrer);
  }

  /**
   * Correlated count subqueries over `r` (a referrer) for the date range, in the actor's
   * branch scope, each asked of the module that owns the counted table (ReferrerCounters):
   * referrals_count counts live purchases whose `referred_by` is the referrer,
   * test_rides_count live test rides booked through it.
   */
  private async countExpressions(actor: AuthUser, range: DateRange) {
    const sub = () => this.dataSource.createQueryBuilder().subQuery();
    const rides = this.counters.get('test_rides_count')(sub(), actor, range);
    const sales = this.counters.get('referrals_count')(sub(), actor, range);
    return { test_rides_count: rides.getQuery(), referrals_count: sales.getQuery(), params: { ...rides.getParameters(), ...sales.getParameters() } };
  }
}
