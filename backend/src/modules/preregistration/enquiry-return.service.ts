import { performance } from 'node:perf_hooks';
import { CODE_MESSAGES, OTP, parseNepalMobile, wrongTry } from '@campaign/domain';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TooManyRequestsError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { codeError, ENQUIRY_CODE, OneTimeCodes } from '../sms/one-time-code';
import { SettingService } from '../setting/setting.service';
import { codesMatch, newOtp } from '../../common/otp';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { VerificationService } from './verification.service';

/** The answer to a code request, registered phone or not. */
export const RETURN_SENT = 'If this number is registered, a code is on its way.';

/**
 * Every answer of the way back leaves no sooner than this after the service took the
 * request, registered phone or not: the little work that still differs (an SMS queued, a
 * count written) hides under it. Far below what a person notices, and an SMS takes seconds.
 */
export const RETURN_ANSWER_MS = 40;

/**
 * The visitor's way back (POST /enquiry/return, /enquiry/return/verify): a visitor who
 * closed the code dialog gives the phone, gets a fresh code by SMS, and gives phone and
 * code together. Nothing about a record (slug, name, prize, even whether it exists) is
 * told before a right code: every status, body and (about) every time is the same for a
 * registered phone and any other.
 * - A code request answers the same 200 for every well-formed phone; its per-phone pacing
 *   (one request a minute, five a day) counts requests, not records, so a 429 tells nothing
 *   either. The code rules of the outbox (60 s between codes, 5 a Nepal day per phone) and
 *   the record's 5 codes a day still hold for a registered phone and, when they refuse, the
 *   request is silently not sent (the last code stays valid). A phone without a record runs
 *   the same statements on no row.
 * - A code has two budgets of wrong tries: the link's (code_attempts: the code's verify page
 *   in the SMS, staff's verify; 5) and this path's own (return_tries, 5). This path
 *   never reads or spends the link's, so a stranger who knows the phone cannot lock its
 *   owner's SMS link; with both, one code is compared with at most 10 guesses.
 * - What a caller sees is a per-phone count (the rate-limit table, registered or not): a
 *   wrong code, an expired one, a phone without a record all answer 422 'The code is
 *   incorrect.'; the 5th and every later one 'Too many incorrect codes...', until a code
 *   request starts the count again. Underneath, a code is compared only while its own
 *   budget has tries left: a code request the outbox refused starts the count the caller
 *   sees but not the code's, so a 6th guess of that code is never compared (it answers as
 *   a wrong code would: that is the price of answering like an unregistered phone).
 * A verified record gets a code too: its visitor comes back to the draw page.
 */
@Injectable()
export class EnquiryReturnService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly preregistrations: VerificationService,
    private readonly rows: PreregistrationRepository,
    private readonly settings: SettingService,
    private readonly limits: RateLimitService,
    private readonly codes: OneTimeCodes,
  ) {}

  async requestCode(rawPhone: string): Promise<void> {
    return answerNoSooner(() => this.sendCode(rawPhone));
  }

  /** Checks phone + code; answers the record's slug (then the public verify/draw flow). */
  async verify(rawPhone: string, code: string): Promise<{ slug: string; already: boolean }> {
    return answerNoSooner(() => this.checkCode(rawPhone, code));
  }

  private async sendCode(rawPhone: string): Promise<void> {
    const phone = parseNepalMobile(rawPhone)!;
    const minute = await this.limits.hit(`return-send:${OTP.resendSeconds}:${phone}`, 1, OTP.resendSeconds);
    if (!minute.allowed) throw new TooManyRequestsError(CODE_MESSAGES.wait(minute.retryAfterSeconds), minute.retryAfterSeconds);
    const day = await this.limits.hit(`return-send:86400:${phone}`, OTP.perPhonePerDay, 86400);
    if (!day.allowed)
      throw new TooManyRequestsError('Too many code requests for this number today. Please try again tomorrow.', day.retryAfterSeconds);
    // The count of wrong tries the caller sees starts again; the code's own budget only with a new code.
    await this.limits.reset(failKey(phone));
    const settings = await this.settings.getAll();
    try {
      await this.dataSource.transaction(async (em) => {
        await noDiskWait(em);
        const row = await this.rows.lockForReturn(phone);
        if (row) await this.preregistrations.issueCode(em, row, true, settings);
        else await this.standInForIssue(em, phone);
      });
    } catch (e) {
      // The code rules refused: nothing sent, the same answer (see above).
      if (!(e instanceof TooManyRequestsError)) throw e;
    }
  }

  private async checkCode(rawPhone: string, code: string): Promise<{ slug: string; already: boolean }> {
    const phone = parseNepalMobile(rawPhone)!;
    if ((await this.limits.peek(failKey(phone))).hits >= OTP.returnMaxAttempts) throw codeError(CODE_MESSAGES.exhausted);
    const opened = await this.dataSource.transaction(async (em): Promise<{ slug: string; already: boolean } | null> => {
      const row = await this.rows.lockForReturn(phone);
      // Compared only with a live code whose own budget has tries left (read under the row's
      // lock, so never more than 5 compared); anything else (no record, no code, expired, the
      // budget spent) is compared with a stand-in and never matches, at the same cost.
      const live = row && row.code !== null && row.expired === false && row.return_tries < OTP.returnMaxAttempts ? row.code : null;
      const matches = codesMatch(live ?? newOtp(), code);
      if (row && live !== null && matches) {
        if (row.is_verified) {
          // A verified record's code has done its job (an unverified one is cleared by the verification).
          await this.rows.clearCode(row.id);
          return { slug: row.slug, already: true };
        }
        // Verified and drawn in this transaction, on the row this path checked (never through the link's budget).
        const { already } = await this.preregistrations.verifyChecked(em, row.slug);
        return { slug: row.slug, already };
      }
      // A wrong try spends this path's budget of a live code, never past it (and never the link's);
      // otherwise the same statement on no row.
      await this.rows.spendReturnTry(row && live !== null ? row.id : 0, OTP.returnMaxAttempts);
      await noDiskWait(em);
      return null;
    });
    if (!opened) {
      const fails = await this.limits.hit(failKey(phone), OTP.returnMaxAttempts, OTP.ttlSeconds);
      throw codeError(CODE_MESSAGES[wrongTry(fails.hits, OTP.returnMaxAttempts)]);
    }
    await this.limits.reset(failKey(phone));
    return opened;
  }

  /**
   * A phone without a record: the statements `issueCode` runs (the phone's lock and outbox
   * count, the record's count, the new code), on no row, so the two answers cost about the
   * same. Nothing is written and nothing sent; the outbox's refusal answers as it would.
   */
  private async standInForIssue(em: EntityManager, phone: string): Promise<void> {
    await this.codes.checkSend(em, phone, ENQUIRY_CODE);
    await this.preregistrations.countCodeMade(0);
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    await this.rows.setCode(0, code, expiresAt, true);
  }
}

const failKey = (phone: string) => `return-fail:${phone}`;

/**
 * A code request or a wrong try commits without waiting for the disk (PostgreSQL's
 * synchronous_commit, for this transaction only): a phone with a record writes (a code, an
 * SMS, a count) and one without does not, and the wait for the disk would tell them apart.
 * A crash in the next fraction of a second may lose that write (a code request to repeat,
 * one try not counted); never a verification, whose transaction keeps the normal commit.
 */
async function noDiskWait(em: EntityManager): Promise<void> {
  await em.query(`SET LOCAL synchronous_commit = off`);
}

/** Runs `work` and answers (or refuses) no sooner than RETURN_ANSWER_MS after it began. */
async function answerNoSooner<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = started + RETURN_ANSWER_MS - performance.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
