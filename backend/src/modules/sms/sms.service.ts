import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { parseNepalMobile } from '@campaign/domain';

/** Every queued SMS's phone, as the outbox stores it. Callers validate numbers first; this is the invariant, not a user-facing check. */
function outboxPhone(raw: string): string {
  const phone = parseNepalMobile(raw);
  if (!phone) throw new Error('refusing to queue an SMS to a number that is not a Nepal mobile');
  return phone;
}

/** Every queued SMS's text: never empty (the same invariant). */
function outboxText(text: string): string {
  if (!text?.trim()) throw new Error('refusing to queue an empty SMS');
  return text;
}

/**
 * A phone's messages of a kind: how many since the day's start ($3) and the seconds since the
 * latest ($1 phone, $2 kind, $4 the window the latest is looked for in). Read by `sentTo` and,
 * with the insert it allows, by `queueWithin`.
 */
const SENT_TO_PHONE = `SELECT count(*) FILTER (WHERE created_at >= $3)::int AS today,
         extract(epoch FROM now() - max(created_at))::float8 AS since_last
    FROM sms_outbox
   WHERE phone = $1 AND kind = $2 AND created_at >= least($3::timestamptz, now() - make_interval(secs => $4))`;

export interface QueuedSms {
  phone: string;
  text: string;
  /** otp, prize, coupon, bulk, booking... */
  kind: string;
  batchId?: number | null;
}

/**
 * Writes messages to the outbox inside the caller's transaction: they are sent (by the
 * worker) only if the change that causes them commits, and never lost if it does.
 */
@Injectable()
export class SmsService {
  /**
   * Erasure: messages to these phones are not sent any more (queued ones fail), and every
   * message to or naming them (a branch's test-ride notice carries the customer's phone)
   * keeps its count and kind but not its text or number.
   */
  async eraseByPhones(em: EntityManager, phones: string[]): Promise<void> {
    await em.query(
      `UPDATE sms_outbox SET phone = '', text = '[erased]', status = CASE WHEN status IN ('queued', 'sending') THEN 'failed' ELSE status END
        WHERE phone = ANY($1)`,
      [phones],
    );
    await em.query(`UPDATE sms_outbox SET text = '[erased]' WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) p WHERE position(p IN text) > 0)`, [phones]);
  }

  async queue(em: EntityManager, messages: QueuedSms[]): Promise<number[]> {
    if (!messages.length) return [];
    const phones: string[] = [];
    for (const m of messages) {
      phones.push(outboxPhone(m.phone));
      outboxText(m.text);
    }
    const rows: Array<{ id: string }> = await em.query(
      `INSERT INTO sms_outbox (phone, text, kind, batch_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])
       RETURNING id`,
      [phones, messages.map((m) => m.text), messages.map((m) => m.kind), messages.map((m) => m.batchId ?? null)],
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * A notice that anonymous requests cause (a branch's booking alert): at most one message of
   * `kind` to `phone` per `windowSeconds`, whatever address the requests come from. The first
   * event after a quiet window is queued at once (text(1)); an event within the window is
   * merged into the one notice still waiting to be sent, which then counts it (text(n), due
   * when the window after the last notice ends), or starts that waiting notice. So a burst of
   * events costs at most two messages per window, and none is lost. Inside the caller's
   * transaction, under an advisory lock on (kind, phone): concurrent events merge one by one.
   */
  async queueNotice(em: EntityManager, notice: { phone: string; kind: string; windowSeconds: number; text: (events: number) => string }): Promise<{ id: number; events: number }> {
    const phone = outboxPhone(notice.phone);
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('notice:' || $1 || ':' || $2))`, [notice.kind, phone]);
    // The latest notice to the phone: merged into while it waits (queued, never tried), else the
    // next one is due a window after it went (or was due to go).
    const [last]: Array<{ id: string; waiting: boolean; events: number; due: Date }> = await em.query(
      `SELECT id, status = 'queued' AND attempts = 0 AS waiting, events,
              GREATEST(now(), COALESCE(sent_at, next_attempt_at) + make_interval(secs => $3)) AS due
         FROM sms_outbox
        WHERE phone = $1 AND kind = $2
        ORDER BY id DESC
        LIMIT 1
          FOR UPDATE`,
      [phone, notice.kind, notice.windowSeconds],
    );
    if (last?.waiting) {
      const events = last.events + 1;
      await em.query(`UPDATE sms_outbox SET events = $2, text = $3 WHERE id = $1`, [last.id, events, outboxText(notice.text(events))]);
      return { id: Number(last.id), events };
    }
    const [row]: Array<{ id: string }> = await em.query(
      `INSERT INTO sms_outbox (phone, text, kind, next_attempt_at, events) VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()), 1) RETURNING id`,
      [phone, outboxText(notice.text(1)), notice.kind, last?.due ?? null],
    );
    return { id: Number(row.id), events: 1 };
  }

  /**
   * One message queued only while the phone's messages of its kind allow it: fewer than
   * `perDay` since `dayStart` and none within `gapSeconds`. The count and the insert are one
   * statement (the enquiry's round trips, issue #33); the caller holds the phone's lock
   * (taken in an earlier statement, so this one's snapshot sees every send that went before).
   * Answers what the count found and whether the message was queued.
   */
  async queueWithin(
    em: EntityManager,
    m: QueuedSms,
    limits: { dayStart: Date; perDay: number; gapSeconds: number },
  ): Promise<{ queued: boolean; today: number; sinceLast: number | null }> {
    const [row] = await em.query(
      `WITH sent AS (${SENT_TO_PHONE}), queued AS (
         INSERT INTO sms_outbox (phone, text, kind)
         SELECT $1, $5, $2 FROM sent WHERE sent.today < $6 AND (sent.since_last IS NULL OR sent.since_last >= $4)
         RETURNING id
       )
       SELECT today, since_last, EXISTS (SELECT 1 FROM queued) AS queued FROM sent`,
      [outboxPhone(m.phone), m.kind, limits.dayStart, limits.gapSeconds, outboxText(m.text), limits.perDay],
    );
    return { queued: row.queued, today: row.today, sinceLast: row.since_last };
  }

  /**
   * Messages of `kind` queued to `phone`: how many since `dayStart`, and the seconds since the
   * latest one (null when none within the last `windowSeconds` or the day). Through the
   * caller's transaction, which should hold a lock on the phone.
   */
  async sentTo(em: EntityManager, phone: string, kind: string, dayStart: Date, windowSeconds: number): Promise<{ today: number; sinceLast: number | null }> {
    const [row] = await em.query(SENT_TO_PHONE, [phone, kind, dayStart, windowSeconds]);
    return { today: row.today, sinceLast: row.since_last };
  }
}
