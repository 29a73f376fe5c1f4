import { Injectable } from '@nestjs/common';
import { Db } from './db';

/**
 * A phone's messages of a kind: how many since the day's start ($3) and the seconds since the
 * latest ($1 phone, $2 kind, $4 the window the latest is looked for in). Read by `sentTo` and,
 * with the insert it allows, by `queueWithin`.
 */
const SENT_TO_PHONE = `SELECT count(*) FILTER (WHERE created_at >= $3)::int AS today,
         extract(epoch FROM now() - max(created_at))::float8 AS since_last
    FROM sms_outbox
   WHERE phone = $1 AND kind = $2 AND created_at >= least($3::timestamptz, now() - make_interval(secs => $4))`;

/** A message claimed by a worker's round. */
export interface ClaimedSms {
  id: string;
  phone: string;
  text: string;
  kind: string;
  attempts: number;
}

/** What a round decided for one claimed message (SmsWorker.record). */
export interface SmsOutcomeRow {
  id: string;
  outcome: 'sent' | 'queued' | 'failed' | 'release';
  response: string;
  backoff: number;
}

/**
 * The outbox (sms_outbox): every statement that names it. The writes that cause a message
 * run on the caller's transaction (db.ts), so a message is sent only if its cause commits;
 * the worker's claims and records run on their own. The callers keep the invariants (a Nepal
 * mobile, a text) and the rules (SmsService, OneTimeCodes, SmsWorker).
 */
@Injectable()
export class SmsOutboxRepository {
  constructor(private readonly db: Db) {}

  /**
   * Erasure: messages to these phones are not sent any more (queued ones fail), and every
   * message to or naming them keeps its count and kind but not its text or number.
   */
  async eraseByPhones(phones: string[]): Promise<void> {
    await this.db.query(
      `UPDATE sms_outbox SET phone = '', text = '[erased]', status = CASE WHEN status IN ('queued', 'sending') THEN 'failed' ELSE status END
        WHERE phone = ANY($1)`,
      [phones],
    );
    await this.db.query(`UPDATE sms_outbox SET text = '[erased]' WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) p WHERE position(p IN text) > 0)`, [phones]);
  }

  /** Queues messages in one statement; answers their ids. */
  async insertMany(m: { phones: string[]; texts: string[]; kinds: string[]; batchIds: Array<number | null> }): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO sms_outbox (phone, text, kind, batch_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])
       RETURNING id`,
      [m.phones, m.texts, m.kinds, m.batchIds],
    );
    return rows.map((r) => Number(r.id));
  }

  /** The notices of (kind, phone) one at a time, until the caller's transaction ends. */
  async lockNotices(kind: string, phone: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('notice:' || $1 || ':' || $2))`, [kind, phone]);
  }

  /**
   * The latest notice of `kind` to `phone`, locked: whether it still waits (queued, never
   * tried), its events, and when the next one is due (a window after it went or was due to go).
   */
  async lastNotice(phone: string, kind: string, windowSeconds: number): Promise<{ id: string; waiting: boolean; events: number; due: Date } | undefined> {
    const [last] = await this.db.query<{ id: string; waiting: boolean; events: number; due: Date }>(
      `SELECT id, status = 'queued' AND attempts = 0 AS waiting, events,
              GREATEST(now(), COALESCE(sent_at, next_attempt_at) + make_interval(secs => $3)) AS due
         FROM sms_outbox
        WHERE phone = $1 AND kind = $2
        ORDER BY id DESC
        LIMIT 1
          FOR UPDATE`,
      [phone, kind, windowSeconds],
    );
    return last;
  }

  /** A waiting notice now counting `events`, with its new text. */
  async mergeNotice(id: string, events: number, text: string): Promise<void> {
    await this.db.query(`UPDATE sms_outbox SET events = $2, text = $3 WHERE id = $1`, [id, events, text]);
  }

  /** A new notice of one event, due at `due` (null: now); answers its id. */
  async insertNotice(phone: string, text: string, kind: string, due: Date | null): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO sms_outbox (phone, text, kind, next_attempt_at, events) VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()), 1) RETURNING id`,
      [phone, text, kind, due],
    );
    return Number(row.id);
  }

  /**
   * One message queued only while the phone's messages of its kind allow it: fewer than
   * `perDay` since `dayStart` and none within `gapSeconds`, the count and the insert in one
   * statement. Answers what the count found and whether the message was queued.
   */
  async queueWithin(
    m: { phone: string; kind: string; text: string },
    limits: { dayStart: Date; perDay: number; gapSeconds: number },
  ): Promise<{ queued: boolean; today: number; since_last: number | null }> {
    const [row] = await this.db.query<{ queued: boolean; today: number; since_last: number | null }>(
      `WITH sent AS (${SENT_TO_PHONE}), queued AS (
         INSERT INTO sms_outbox (phone, text, kind)
         SELECT $1, $5, $2 FROM sent WHERE sent.today < $6 AND (sent.since_last IS NULL OR sent.since_last >= $4)
         RETURNING id
       )
       SELECT today, since_last, EXISTS (SELECT 1 FROM queued) AS queued FROM sent`,
      [m.phone, m.kind, limits.dayStart, limits.gapSeconds, m.text, limits.perDay],
    );
    return row;
  }

  /** Messages of `kind` to `phone`: how many since `dayStart`, and the seconds since the latest (null when none within `windowSeconds` or the day). */
  async sentTo(phone: string, kind: string, dayStart: Date, windowSeconds: number): Promise<{ today: number; since_last: number | null }> {
    const [row] = await this.db.query<{ today: number; since_last: number | null }>(SENT_TO_PHONE, [phone, kind, dayStart, windowSeconds]);
    return row;
  }

  /**
   * One message per phone of a recipients' query (`source`, with `params`: `$1..$n`), in one
   * INSERT ... SELECT; answers how many.
   */
  async queueEach(source: string, params: unknown[], text: string, kind: string, batchId: number): Promise<number> {
    const n = params.length;
    const [row] = await this.db.query<{ count: number }>(
      `WITH queued AS (
         INSERT INTO sms_outbox (phone, text, kind, batch_id)
         SELECT rcp.phone, $${n + 1}, $${n + 3}, $${n + 2} FROM (${source}) AS rcp ORDER BY rcp.phone
         RETURNING 1
       )
       SELECT count(*)::int AS count FROM queued`,
      [...params, text, batchId, kind],
    );
    return row.count;
  }

  /** The outbox counts of the batches `ids`, by one GROUP BY over their messages. */
  countsOfBatches(ids: number[]): Promise<Array<{ batch_id: number; queued: number; sent: number; failed: number }>> {
    return this.db.query(
      `SELECT batch_id,
              count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
              count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM sms_outbox
        WHERE batch_id = ANY($1::int[])
        GROUP BY batch_id`,
      [ids],
    );
  }

  // ---------------------------------------------------------------- the worker's round (SmsWorker)

  /** A message whose claim expired after its last attempt is not sent again: failed. */
  async failExpiredClaims(maxAttempts: number): Promise<void> {
    await this.db.query(
      `UPDATE sms_outbox SET status = 'failed', locked_by = NULL, locked_until = NULL,
              provider_response = jsonb_build_object('error', 'claim expired after the last attempt')
        WHERE status = 'sending' AND locked_until < now() AND attempts >= $1`,
      [maxAttempts],
    );
  }

  /** Claims up to `limit` messages of a crashed instance (their claim expired), skipping rows another instance holds. */
  claimExpired(instance: string, lockSeconds: number, limit: number): Promise<ClaimedSms[]> {
    return this.claim(`status = 'sending' AND locked_until < now()`, 'id', instance, lockSeconds, limit);
  }

  /**
   * Claims up to `limit` due messages: codes and prizes before bulk, oldest first, read in
   * that order from sms_outbox_claim_idx (no sort of the whole queue).
   */
  claimDue(instance: string, lockSeconds: number, limit: number): Promise<ClaimedSms[]> {
    return this.claim(`status = 'queued' AND next_attempt_at <= now()`, '(batch_id IS NOT NULL), id', instance, lockSeconds, limit);
  }

  private async claim(where: string, order: string, instance: string, lockSeconds: number, limit: number): Promise<ClaimedSms[]> {
    const [rows] = await this.db.query<ClaimedSms[]>(
      `UPDATE sms_outbox o
          SET status = 'sending', locked_by = $1, locked_until = now() + make_interval(secs => $2), attempts = o.attempts + 1
        WHERE o.id IN (SELECT id FROM sms_outbox WHERE ${where} ORDER BY ${order} LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING o.id, o.phone, o.text, o.kind, o.attempts`,
      [instance, lockSeconds, limit],
    );
    return rows ?? [];
  }

  /** Records a round's outcomes in one statement (only rows `instance` still holds). */
  async record(outcomes: SmsOutcomeRow[], provider: string, instance: string): Promise<void> {
    await this.db.query(
      `UPDATE sms_outbox o
          SET status = CASE WHEN v.outcome = 'release' THEN 'queued' ELSE v.outcome END,
              attempts = CASE WHEN v.outcome = 'release' THEN o.attempts - 1 ELSE o.attempts END,
              sent_at = CASE WHEN v.outcome = 'sent' THEN now() ELSE o.sent_at END,
              provider = CASE WHEN v.outcome = 'release' THEN o.provider ELSE $2 END,
              provider_response = CASE WHEN v.outcome = 'release' THEN o.provider_response ELSE v.response::jsonb END,
              next_attempt_at = CASE v.outcome WHEN 'queued' THEN now() + make_interval(secs => v.backoff)
                                               WHEN 'release' THEN now() ELSE o.next_attempt_at END,
              locked_by = NULL, locked_until = NULL
         FROM unnest($1::bigint[], $3::text[], $4::text[], $5::int[]) AS v(id, outcome, response, backoff)
        WHERE o.id = v.id AND o.locked_by = $6`,
      [outcomes.map((o) => o.id), provider, outcomes.map((o) => o.outcome), outcomes.map((o) => o.response), outcomes.map((o) => o.backoff), instance],
    );
  }
}
