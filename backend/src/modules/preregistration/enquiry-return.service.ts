import { OTP, parseNepalMobile, type Lang } from '@campaign/domain';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TooManyRequestsError, UnprocessableError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { SettingService } from '../setting/setting.service';
import { codesMatch } from './otp';
import { PreregistrationService } from './preregistration.service';

/** The answer to a code request, registered phone or not. */
export const RETURN_SENT = 'If this number is registered, a code is on its way.';
const INCORRECT = 'The code is incorrect.';
const EXHAUSTED = 'Too many incorrect codes. Please request a new code.';

interface ReturnRow {
  id: number;
  slug: string;
  name: string;
  phone: string;
  lang: Lang;
  is_verified: boolean;
  code: string | null;
  code_attempts: number;
  expired: boolean | null;
}

/**
 * The visitor's way back (POST /enquiry/return, /enquiry/return/verify): a visitor who
 * closed the code dialog gives the phone, gets a fresh code by SMS, and gives phone and
 * code together. Nothing about a record (slug, name, prize, even whether it exists) is
 * told before a right code:
 * - a code request answers the same 200 for every well-formed phone; its per-phone pacing
 *   (one request a minute, five a day) counts requests, not records, so a 429 tells
 *   nothing either; the code rules of the outbox (60 s between codes, 5 a Nepal day) still
 *   hold for a registered phone and, when they refuse, the request is silently not sent
 *   (the last code stays valid);
 * - a wrong code, an expired one and a phone without a record all answer 422 'The code is
 *   incorrect.'; after 5 of them for one phone (registered or not) every try answers
 *   'Too many incorrect codes...' until a new code is requested.
 * A verified record gets a code too: its visitor comes back to the draw page.
 */
@Injectable()
export class EnquiryReturnService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly preregistrations: PreregistrationService,
    private readonly settings: SettingService,
    private readonly limits: RateLimitService,
  ) {}

  async requestCode(rawPhone: string): Promise<void> {
    const phone = parseNepalMobile(rawPhone)!;
    const minute = await this.limits.hit(`return-send:${OTP.resendSeconds}:${phone}`, 1, OTP.resendSeconds);
    if (!minute.allowed)
      throw new TooManyRequestsError(
        `Please wait ${minute.retryAfterSeconds} seconds before requesting a new code.`,
        minute.retryAfterSeconds,
      );
    const day = await this.limits.hit(`return-send:86400:${phone}`, OTP.perPhonePerDay, 86400);
    if (!day.allowed)
      throw new TooManyRequestsError('Too many code requests for this number today. Please try again tomorrow.', day.retryAfterSeconds);
    // A new code: a new count of wrong tries.
    await this.limits.reset(failKey(phone));
    const settings = await this.settings.getAll();
    try {
      await this.dataSource.transaction(async (em) => {
        const [row] = await this.find(em, phone);
        if (row) await this.preregistrations.issueCode(em, row, true, settings);
      });
    } catch (e) {
      // The outbox's code rules refused: nothing sent, the same answer (see above).
      if (!(e instanceof TooManyRequestsError)) throw e;
    }
  }

  /** Checks phone + code; answers the record's slug (then the public verify/draw flow). */
  async verify(rawPhone: string, code: string): Promise<{ slug: string; already: boolean }> {
    const phone = parseNepalMobile(rawPhone)!;
    if ((await this.limits.peek(failKey(phone))).hits >= OTP.maxAttempts) throw codeError(EXHAUSTED);
    const found = await this.dataSource.transaction(async (em) => {
      const [row] = await this.find(em, phone);
      const right = !!row && !row.expired && row.code_attempts < OTP.maxAttempts && codesMatch(row.code, code);
      if (!right) {
        // The record's own count too, so the code dies on the slug's verify page as well.
        if (row?.code) await em.query(`UPDATE preregistration SET code_attempts = code_attempts + 1 WHERE id = $1`, [row.id]);
        return null;
      }
      // A verified record's code has done its job (an unverified one is cleared by the verification).
      if (row.is_verified)
        await em.query(`UPDATE preregistration SET code = NULL, code_expires_at = NULL, code_attempts = 0 WHERE id = $1`, [row.id]);
      return row;
    });
    if (!found) {
      const fails = await this.limits.hit(failKey(phone), OTP.maxAttempts, OTP.ttlSeconds);
      throw codeError(fails.hits >= OTP.maxAttempts ? EXHAUSTED : INCORRECT);
    }
    await this.limits.reset(failKey(phone));
    if (found.is_verified) return { slug: found.slug, already: true };
    const { already } = await this.preregistrations.verify(found.slug, code);
    return { slug: found.slug, already };
  }

  /** The phone's live record, locked: the open one first, else the newest. */
  private find(em: { query: DataSource['query'] }, phone: string): Promise<ReturnRow[]> {
    return em.query(
      `SELECT id, slug, name, phone, lang, is_verified, code, code_attempts, (code_expires_at <= now()) AS expired
         FROM preregistration
        WHERE phone = $1 AND deleted_at IS NULL
        ORDER BY purchased, created_at DESC
        LIMIT 1
          FOR UPDATE`,
      [phone],
    );
  }
}

const failKey = (phone: string) => `return-fail:${phone}`;

function codeError(message: string): UnprocessableError {
  return new UnprocessableError({ code: [message] });
}
