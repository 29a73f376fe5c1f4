import { Injectable } from '@nestjs/common';
import { parseNepalMobile } from '@campaign/domain';
import { SmsOutboxRepository } from '../../repositories/sms-outbox.repository';

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

export interface QueuedSms {
  phone: string;
  text: string;
  /** otp, prize, coupon, bulk, booking... */
  kind: string;
  batchId?: number | null;
}

/**
 * Writes messages to the outbox inside the caller's transaction (the one the
 * repositories run on, db.ts): they are sent (by the worker) only if the change that causes
 * them commits, and never lost if it does. The statements are SmsOutboxRepository's.
 */
@Injectable()
export class SmsService {
  constructor(private readonly outbox: SmsOutboxRepository) {}

  /**
   * Erasure: messages to these phones are not sent any more (queued ones fail), and every
   * message to or naming them (a branch's test-ride notice carries the customer's phone)
   * keeps its count and kind but not its text or number.
   */
  eraseByPhones(phones: string[]): Promise<void> {
    return this.outbox.eraseByPhones(phones);
  }

  async queue(messages: QueuedSms[]): Promise<number[]> {
    if (!messages.length) return [];
    const phones: string[] = [];
    for (const m of messages) {
      phones.push(outboxPhone(m.phone));
      outboxText(m.text);
    }
    return this.outbox.insertMany({
      phones,
      texts: messages.map((m) => m.text),
      kinds: messages.map((m) => m.kind),
      batchIds: messages.map((m) => m.batchId ?? null),
    });
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
  async queueNotice(notice: { phone: string; kind: string; windowSeconds: number; text: (events: number) => string }): Promise<{ id: number; events: number }> {
    const phone = outboxPhone(notice.phone);
    await this.outbox.lockNotices(notice.kind, phone);
    // The latest notice to the phone: merged into while it waits (queued, never tried), else the
    // next one is due a window after it went (or was due to go).
    const last = await this.outbox.lastNotice(phone, notice.kind, notice.windowSeconds);
    if (last?.waiting) {
      const events = last.events + 1;
      await this.outbox.mergeNotice(last.id, events, outboxText(notice.text(events)));
      return { id: Number(last.id), events };
    }
    return { id: await this.outbox.insertNotice(phone, outboxText(notice.text(1)), notice.kind, last?.due ?? null), events: 1 };
  }

  /**
   * One message queued only while the phone's messages of its kind allow it: fewer than
   * `perDay` since `dayStart` and none within `gapSeconds`. The count and the insert are one
   * statement (the enquiry's round trips, issue #33); the caller holds the phone's lock
   * (taken in an earlier statement, so this one's snapshot sees every send that went before).
   * Answers what the count found and whether the message was queued.
   */
  async queueWithin(
    m: QueuedSms,
    limits: { dayStart: Date; perDay: number; gapSeconds: number },
  ): Promise<{ queued: boolean; today: number; sinceLast: number | null }> {
    const row = await this.outbox.queueWithin({ phone: outboxPhone(m.phone), kind: m.kind, text: outboxText(m.text) }, limits);
    return { queued: row.queued, today: row.today, sinceLast: row.since_last };
  }

  /**
   * Messages of `kind` queued to `phone`: how many since `dayStart`, and the seconds since the
   * latest one (null when none within the last `windowSeconds` or the day). Through the
   * caller's transaction, which should hold a lock on the phone.
   */
  async sentTo(phone: string, kind: string, dayStart: Date, windowSeconds: number): Promise<{ today: number; sinceLast: number | null }> {
    const row = await this.outbox.sentTo(phone, kind, dayStart, windowSeconds);
    return { today: row.today, sinceLast: row.since_last };
  }
}
