import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../common/auth/auth-user';
import { scopeToBranch } from '../common/auth/branch-scope';
import { SmsBatchEntity } from '../modules/sms/sms-batch.entity';
import { Db } from './db';

/** The bulk sends' table (sms_batch): every statement that names it, on the caller's transaction when one is open (db.ts). */
@Injectable()
export class SmsBatchRepository {
  constructor(private readonly db: Db) {}

  /** The user's batch of the same send (`fingerprint`) within the last `windowSeconds`, or undefined. */
  async recentSame(userId: number, fingerprint: string, windowSeconds: number): Promise<{ id: number } | undefined> {
    const [recent] = await this.db.query<{ id: number }>(
      `SELECT id FROM sms_batch
        WHERE created_by = $1 AND fingerprint = $2 AND created_at > now() - make_interval(secs => $3)
        ORDER BY created_at DESC LIMIT 1`,
      [userId, fingerprint, windowSeconds],
    );
    return recent;
  }

  /** A new batch; answers its id. */
  async insert(b: { type: string; text: string; segments: number; branchId: number | null; createdBy: number; fingerprint: string }): Promise<number> {
    const [batch] = await this.db.query<{ id: number }>(
      `INSERT INTO sms_batch (type, text, segments, branch_id, created_by, fingerprint) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [b.type, b.text, b.segments, b.branchId, b.createdBy, b.fingerprint],
    );
    return batch.id;
  }

  /** How many messages the batch queued. */
  async setRecipientsCount(id: number, count: number): Promise<void> {
    await this.db.query(`UPDATE sms_batch SET recipients_count = $2 WHERE id = $1`, [id, count]);
  }

  /** The batches `user` may see (alias `b`), with their author's and branch's names; deleted authors' too. */
  scoped(user: AuthUser): SelectQueryBuilder<SmsBatchEntity> {
    const qb = this.db.em
      .getRepository(SmsBatchEntity)
      .createQueryBuilder('b')
      .withDeleted()
      .leftJoin('b.creator', 'creator')
      .addSelect(['creator.id', 'creator.name'])
      .leftJoin('b.branch', 'branch')
      .addSelect(['branch.id', 'branch.title']);
    return scopeToBranch(qb, user, 'sms_batch');
  }
}
