import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { ReferrerEntity } from '../modules/referrer/referrer.entity';
import { Db } from './db';

/** Correlated count subqueries over the referrer alias `r`, with their parameters (ReferrerService.countExpressions). */
export interface ReferrerCounts {
  test_rides_count: string;
  referrals_count: string;
  preregistrations_count: string;
  params: Record<string, unknown>;
}

/** A referrer's counts as the report reads them. */
export interface ReferrerCountRow {
  id: number;
  test_rides_count: number;
  referrals_count: number;
  preregistrations_count: number;
}

/**
 * The referrer id of a normalised source: the row made now, or the existing one's (DO UPDATE,
 * a no-op, rather than DO NOTHING so the existing row's id is returned too). On `em`: the
 * caller's transaction, or a seed's manager.
 */
export async function upsertReferrerId(em: EntityManager, source: string): Promise<number> {
  const [row] = await em.query(
    `INSERT INTO referrer (title, utm_source) VALUES ($1, $1)
     ON CONFLICT (utm_source) DO UPDATE SET utm_source = EXCLUDED.utm_source
     RETURNING id`,
    [source],
  );
  return row.id;
}

/**
 * The referrer table (the referrer report's rows, the known traffic sources and the share
 * links' sharers): every statement that names it, on the caller's transaction when one is
 * open (db.ts). The counts of other tables come in as subqueries their repositories wrote.
 */
@Injectable()
export class ReferrerRepository {
  constructor(private readonly db: Db) {}

  /** The referrer id of a normalised source, made now when it has none (upsertReferrerId). */
  upsertId(source: string): Promise<number> {
    return upsertReferrerId(this.db.em, source);
  }

  /** The id of a known source, or undefined. */
  async idOf(source: string): Promise<number | undefined> {
    const [known] = await this.db.query<{ id: number }>(`SELECT id FROM referrer WHERE utm_source = $1`, [source]);
    return known?.id;
  }

  /** A new source with its title; undefined when the source is known already. */
  async insertNew(title: string, source: string): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO referrer (title, utm_source) VALUES ($1, $2) ON CONFLICT (utm_source) DO NOTHING RETURNING id`,
      [title, source],
    );
    return row?.id;
  }

  /** A referrer by id, or null. */
  find(id: number): Promise<ReferrerEntity | null> {
    return this.db.em.getRepository(ReferrerEntity).findOneBy({ id });
  }

  /** Saves a referrer's changed title. */
  save(referrer: ReferrerEntity): Promise<ReferrerEntity> {
    return this.db.em.getRepository(ReferrerEntity).save(referrer);
  }

  /** Every referrer (alias `r`), for the report's paging, with the counts' parameters set. */
  table(counts: ReferrerCounts): SelectQueryBuilder<ReferrerEntity> {
    return this.db.em.getRepository(ReferrerEntity).createQueryBuilder('r').setParameters(counts.params);
  }

  /** Each referrer's counts (alias `r`), for a condition to pick the rows. */
  private counted(counts: ReferrerCounts) {
    return this.db.em
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect(counts.test_rides_count, 'test_rides_count')
      .addSelect(counts.referrals_count, 'referrals_count')
      .addSelect(counts.preregistrations_count, 'preregistrations_count')
      .from('referrer', 'r')
      .setParameters(counts.params);
  }

  /** The counts of the referrers `ids`. */
  countsOf(ids: number[], counts: ReferrerCounts): Promise<ReferrerCountRow[]> {
    return this.counted(counts).where('r.id IN (:...ids)', { ids }).getRawMany<ReferrerCountRow>();
  }

  /** The counts of one source's row (none: undefined). */
  async countsOfSource(source: string, counts: ReferrerCounts): Promise<ReferrerCountRow | undefined> {
    const [row] = await this.counted(counts).where('r.utm_source = :source', { source }).getRawMany<ReferrerCountRow>();
    return row;
  }

  /**
   * The most frequent `shown` of the values `union` lists (subqueries of the tables that keep
   * utm_source, `params` theirs), and how many distinct ones there are, on the "other" row.
   */
  async listedValues(
    otherId: number,
    union: string,
    params: Record<string, unknown>,
    shown: number,
  ): Promise<{ values: string[] | null; values_count: number | null } | undefined> {
    return this.db.em
      .createQueryBuilder()
      .select(
        `(SELECT coalesce(json_agg(x.v ORDER BY x.n DESC, x.v), '[]'::json)
            FROM (SELECT s.v, count(*) AS n FROM (${union}) s GROUP BY s.v ORDER BY n DESC, s.v LIMIT ${Number(shown)}) x)`,
        'values',
      )
      .addSelect(`(SELECT count(DISTINCT s.v)::int FROM (${union}) s)`, 'values_count')
      .from('referrer', 'r')
      .where('r.id = :otherId', { otherId })
      .setParameters(params)
      .getRawOne<{ values: string[] | null; values_count: number | null }>();
  }
}
