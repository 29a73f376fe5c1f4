import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { parseNepalMobile } from '@campaign/domain';
import { fillTemplate } from '../setting/setting.defaults';

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
      const phone = parseNepalMobile(m.phone);
      // Callers validate numbers first; this is the invariant, not a user-facing check.
      if (!phone) throw new Error('refusing to queue an SMS to a number that is not a Nepal mobile');
      if (!m.text?.trim()) throw new Error('refusing to queue an empty SMS');
      phones.push(phone);
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
   * Messages of `kind` queued to `phone`: how many since `dayStart`, and the seconds since the
   * latest one (null when none within the last `windowSeconds` or the day). Through the
   * caller's transaction, which should hold a lock on the phone.
   */
  async sentTo(em: EntityManager, phone: string, kind: string, dayStart: Date, windowSeconds: number): Promise<{ today: number; sinceLast: number | null }> {
    const [row] = await em.query(
      `SELECT count(*) FILTER (WHERE created_at >= $3)::int AS today,
              extract(epoch FROM now() - max(created_at))::float8 AS since_last
         FROM sms_outbox
        WHERE phone = $1 AND kind = $2 AND created_at >= least($3::timestamptz, now() - make_interval(secs => $4))`,
      [phone, kind, dayStart, windowSeconds],
    );
    return { today: row.today, sinceLast: row.since_last };
  }
}


/** Fills `{name}` placeholders of an SMS template (settings' fillTemplate); unknown ones stay as written. */
export const renderTemplate = (template: string, values: Record<string, string | number | null | undefined>): string => fillTemplate(template, values);
