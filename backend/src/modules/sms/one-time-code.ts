import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TooManyRequestsError, UnprocessableError } from '../../common/http/errors';
import { campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { CODE_MESSAGES, codeVerdict, OTP } from '@campaign/domain';
import { codesMatch, newOtp } from '../../common/otp';
import { SmsService } from './sms.service';

/**
 * The one lifecycle of a code sent by SMS, for the enquiry's code and the purchase coupon:
 * issue (6 digits from the CSPRNG, with its expiry), send (60 s between two codes to one
 * phone, at most 5 a Nepal day per phone, counted from the outbox, the ledger of what was
 * sent, under an advisory lock on the phone), verify (no code, too many wrong tries,
 * expired, wrong: each wrong try counts) and the messages of each outcome. Where the code
 * is stored stays with its owner (the pre-registration or the registration).
 */
export interface CodePolicy {
  /** The outbox kind of its messages: what the per-phone limits count. */
  kind: 'otp' | 'coupon';
  ttlSeconds: number;
  maxAttempts: number;
  resendSeconds: number;
  perPhonePerDay: number;
}

/** The enquiry's phone check: valid 10 minutes. */
export const ENQUIRY_CODE: CodePolicy = { kind: 'otp', ...OTP };

/** The purchase coupon: the same rules, but valid 30 days, since the key hand-over may come days after the purchase. */
export const PURCHASE_COUPON: CodePolicy = { ...ENQUIRY_CODE, kind: 'coupon', ttlSeconds: 30 * 24 * 3600 };

/** A stored code as its owner holds it. */
export interface StoredCode {
  code: string | null;
  expiresAt: Date | null;
  attempts: number;
}

export type CodeVerdict = { ok: true } | { ok: false; error: UnprocessableError; attempts?: number };

/** The words of every outcome and the verdict are `@campaign/domain`'s (domain/src/codes.ts), shared with the way back by phone. */
export { CODE_MESSAGES };

export function codeError(message: string): UnprocessableError {
  return new UnprocessableError({ code: [message] });
}

@Injectable()
export class OneTimeCodes {
  constructor(
    private readonly sms: SmsService,
    private readonly config: ConfigService,
  ) {}

  /** A new code and when it stops working. */
  issue(policy: CodePolicy, now = new Date()): { code: string; expiresAt: Date } {
    return { code: newOtp(), expiresAt: new Date(now.getTime() + policy.ttlSeconds * 1000) };
  }

  /** Whether a stored code can still be typed (not expired, tries left). */
  usable(stored: StoredCode, policy: CodePolicy, now = new Date()): boolean {
    return !!stored.code && stored.attempts < policy.maxAttempts && !!stored.expiresAt && stored.expiresAt.getTime() > now.getTime();
  }

  /** The advisory lock's key on a phone, held by whoever counts and queues its codes. */
  static lockKey(phone: string): string {
    return `otp:${phone}`;
  }

  /**
   * May one more code of `policy` go to `phone` now? 429 with the seconds to wait otherwise.
   * Takes an advisory lock on the phone for the caller's transaction, so two requests cannot both pass.
   */
  async checkSend(em: EntityManager, phone: string, policy: CodePolicy): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [OneTimeCodes.lockKey(phone)]);
    const today = this.today();
    this.refuseOver(await this.sms.sentTo(phone, policy.kind, today.start, policy.resendSeconds), policy, today.end);
  }

  /**
   * checkSend and the code's SMS queued in one statement (SmsService.queueWithin), for a
   * caller that already holds the phone's lock (`lockKey`, taken with its first statement):
   * the same limits and the same refusals, one round trip fewer than checkSend and a queue.
   */
  async sendWithinLimits(phone: string, text: string, policy: CodePolicy): Promise<void> {
    const today = this.today();
    const sent = await this.sms.queueWithin({ phone, text, kind: policy.kind }, { dayStart: today.start, perDay: policy.perPhonePerDay, gapSeconds: policy.resendSeconds });
    if (!sent.queued) this.refuseOver(sent, policy, today.end);
  }

  private today(): { start: Date; end: Date } {
    const tz = this.config.get('app').campaignTz;
    return dayRange(campaignDay(new Date(), tz), tz);
  }

  /** The 429 of a phone's limits, if its sends so far refuse one more. */
  private refuseOver(sent: { today: number; sinceLast: number | null }, policy: CodePolicy, dayEnd: Date): void {
    if (sent.sinceLast !== null && sent.sinceLast < policy.resendSeconds) {
      const wait = Math.max(1, Math.ceil(policy.resendSeconds - sent.sinceLast));
      throw new TooManyRequestsError(CODE_MESSAGES.wait(wait), wait);
    }
    if (sent.today >= policy.perPhonePerDay) {
      const wait = Math.max(1, Math.ceil((dayEnd.getTime() - Date.now()) / 1000));
      throw new TooManyRequestsError(CODE_MESSAGES.capped(policy.perPhonePerDay), wait);
    }
  }

  /**
   * Refuses a code past `policy.perPhonePerDay` made for one record in a Nepal day, given the
   * record's count with this code included (its owner counts it on the row it locked, in its
   * transaction, which rolls the count back with everything else): 429 until the day ends.
   * `checkSend` counts what went to a phone; this counts what was made for the record, sent or
   * not, to whichever phone, so a staff phone change (a new phone each time) or a record that
   * sends no SMS gets no more fresh codes, and fresh tries, than the day's. No count (no row:
   * the return path's stand-in for a phone without a record) refuses nothing.
   */
  refuseOverRecordCap(codesToday: number | undefined, policy: CodePolicy): void {
    if (codesToday === undefined || codesToday <= policy.perPhonePerDay) return;
    const tz = this.config.get('app').campaignTz;
    const wait = Math.max(1, Math.ceil((dayRange(campaignDay(new Date(), tz), tz).end.getTime() - Date.now()) / 1000));
    throw new TooManyRequestsError(CODE_MESSAGES.recordCapped(policy.perPhonePerDay), wait);
  }

  /**
   * The verdict on a typed code (`codeVerdict`) as an answer. A wrong one returns the attempts
   * to store (the owner commits them before answering); the last allowed wrong try already
   * answers the lock-out, followed by `help` (the support phones).
   */
  check(stored: StoredCode, given: string, policy: CodePolicy, help = '', now = new Date()): CodeVerdict {
    const verdict = codeVerdict(stored, (code) => codesMatch(code, given), policy.maxAttempts, now);
    if (verdict.ok) return verdict;
    const message = verdict.outcome === 'exhausted' ? `${CODE_MESSAGES.exhausted}${help}` : CODE_MESSAGES[verdict.outcome];
    return { ok: false, attempts: verdict.attempts, error: codeError(message) };
  }

  /**
   * `check`, then a wrong try's attempts stored by the owner's `saveAttempts` (the owner's
   * table, in its transaction) before the verdict is answered.
   */
  async verify(stored: StoredCode, given: string, policy: CodePolicy, help: string, saveAttempts: (attempts: number) => Promise<unknown>): Promise<CodeVerdict> {
    const verdict = this.check(stored, given, policy, help);
    if (!verdict.ok && verdict.attempts !== undefined) await saveAttempts(verdict.attempts);
    return verdict;
  }
}

/** ' For help, call …' from the support_phones setting ('' when none). */
export function supportHelp(phones: unknown): string {
  const list = Array.isArray(phones) ? phones : [];
  return list.length ? ` For help, call ${list.join(' or ')}.` : '';
}
