import { HttpException, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { campaignNameIn, maskPhone, type Lang } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { assertInBranch } from '../../common/auth/branch-scope';
import { newSlug } from '../../common/slug';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { Db } from '../../repositories/db';
import { ClaimRow, EnquiryClaimRepository } from '../../repositories/enquiry-claim.repository';
import { InsertedPreregistration, LockedRow, PreregistrationRepository } from '../../repositories/preregistration.repository';
import { DrawService } from '../draw/draw.service';
import { FileEntity } from '../file/file.entity';
import { ReferrerService } from '../referrer/referrer.service';
import { SettingValues } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';
import { codeError, ENQUIRY_CODE, OneTimeCodes, supportHelp } from '../sms/one-time-code';
import { fillTemplate, smsTemplateKey } from '../sms/sms-templates';
import { SmsService } from '../sms/sms.service';
import { PreregistrationChecks } from './preregistration-checks';
import { PREREGISTRATION_FAILURES } from './preregistration-failures';
import { PreregistrationEntity } from './preregistration.entity';

/** A code's verdict on the public or staff verify: the record it opened (a claim's is the phone's record), or the refusal. */
type VerifyOutcome = { ok: true; already: boolean; slug: string } | { ok: false; error: HttpException };

/**
 * A pre-registration's code and draw: a new record's code, resend, verify (the SMS link's, the
 * staff's, the way back's) and the draw once per phone. Every path that touches the code or the
 * draw locks the row first, in one transaction; the statements are the repository's.
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly rows: PreregistrationRepository,
    private readonly claims: EnquiryClaimRepository,
    private readonly db: Db,
    private readonly checks: PreregistrationChecks,
    private readonly draws: DrawService,
    private readonly sms: SmsService,
    private readonly settings: SettingService,
    private readonly config: ConfigService,
    private readonly codes: OneTimeCodes,
    private readonly referrers: ReferrerService,
  ) {}

  /** Saves a new record and makes its code (sent by SMS with send_sms), in the caller's transaction. */
  async saveRecord(em: EntityManager, values: Partial<PreregistrationEntity>, stored: FileEntity | undefined, settings: SettingValues): Promise<InsertedPreregistration> {
    const saved = await this.rows.insert(await this.newRow(values, stored));
    await this.issueCode(em, { id: saved.id, slug: saved.slug, phone: saved.phone, name: saved.name, lang: saved.lang }, saved.send_sms, settings);
    return saved;
  }

  /**
   * A new public enquiry's record, its phone already locked (PreregistrationRepository.
   * lockedEnquiryLookup): its code's SMS queued within the phone's limits and the record
   * inserted with its code, two statements where saveRecord takes six (issue #33).
   */
  async saveEnquiryRecord(values: Partial<PreregistrationEntity>, stored: FileEntity | undefined, settings: SettingValues): Promise<InsertedPreregistration> {
    const row = await this.newRow(values, stored);
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    await this.codes.sendWithinLimits(row.phone!, this.codeText({ slug: row.slug!, name: row.name!, lang: row.lang }, code, settings), ENQUIRY_CODE);
    return this.rows.insert({
      ...row,
      code,
      code_expires_at: expiresAt,
      code_attempts: 0,
      code_sent_at: new Date(),
      // The record's first code of its day (refuseOverRecordCap counts from here).
      codes_today: 1,
      codes_day: campaignDay(new Date(), this.config.get('app').campaignTz),
    });
  }

  /** A new record's values: its slug, its source's referrer, its screenshot, pending. */
  private async newRow(values: Partial<PreregistrationEntity>, stored: FileEntity | undefined): Promise<Partial<PreregistrationEntity>> {
    const referrer_id = await this.referrers.ensure(values.utm_source, values.phone);
    return { ...values, referrer_id, slug: newSlug(), screenshot_id: stored?.id ?? null, status: 'pending' };
  }

  /** A pending claim (repositories/enquiry-claim.repository.ts), its phone already locked: its code's SMS queued within the phone's limits, then the claim inserted with its code. */
  async saveClaim(claim: { slug: string; phone: string; name: string; lang: Lang }, settings: SettingValues): Promise<number> {
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    await this.codes.sendWithinLimits(claim.phone, this.codeText(claim, code, settings), ENQUIRY_CODE);
    return this.claims.insert({ ...claim, code, expiresAt });
  }

  /**
   * Checks the code and, when right, verifies and draws in the same transaction. The row
   * is locked first, so concurrent verifications of one record run one after another:
   * the first draws, the others find it verified. A wrong try is counted (committed)
   * before the 422 is thrown. On the public route a pending claim's slug (repositories/enquiry-claim.repository.ts)
   * is checked against the claim's own code and tries; its right code opens the phone's live
   * record (verified and drawn as that record's own code would) and deletes the claim, and
   * the answer names that record. Staff (`actor`) never see a claim.
   */
  async verify(slug: string, code: string, actor?: AuthUser): Promise<{ already: boolean; slug: string }> {
    const settings = await this.settings.getAll();
    const help = supportHelp(settings.support_phones);
    const outcome = await this.db.transaction(async (em): Promise<VerifyOutcome> => {
      const claim = actor ? undefined : await this.claims.lock(slug);
      if (claim) return this.verifyClaim(em, claim, code, help);
      const row = await this.lock(slug, actor);
      if (row.is_verified) return { ok: true, already: true, slug: row.slug };
      const verdict = await this.codes.verify(
        { code: row.code, expiresAt: row.code_expires_at, attempts: row.code_attempts },
        code,
        ENQUIRY_CODE,
        help,
        (attempts) => this.rows.setCodeAttempts(row.id, attempts),
      );
      if (!verdict.ok) return verdict;
      return { ok: true, ...(await this.open(em, row)) };
    });
    if (!outcome.ok) throw outcome.error;
    return { already: outcome.already, slug: outcome.slug };
  }

  /** A claim's code, with the claim's own 5 tries; the right one spends the claim and opens the phone's live record. */
  private async verifyClaim(em: EntityManager, claim: ClaimRow, code: string, help: string): Promise<VerifyOutcome> {
    const verdict = await this.codes.verify(
      { code: claim.code, expiresAt: claim.code_expires_at, attempts: claim.code_attempts },
      code,
      ENQUIRY_CODE,
      help,
      (attempts) => this.claims.setAttempts(claim.id, attempts),
    );
    if (!verdict.ok) return verdict;
    await this.claims.delete(claim.id);
    const row = await this.rows.lockLiveOfPhone(claim.phone);
    // The phone's record was trashed or erased since: nothing to open (the spent claim is gone).
    if (!row) return { ok: false, error: PREREGISTRATION_FAILURES.fail('NotFound') };
    return { ok: true, ...(await this.open(em, row)) };
  }

  /**
   * The way back by phone's right code (enquiry-return.service.ts checked it against its own
   * budget, return_tries, on the row it locked): verifies and draws in the caller's
   * transaction, as `verify` does, without the link's budget (code_attempts), which the
   * way back never reads or spends.
   */
  async verifyChecked(em: EntityManager, slug: string): Promise<{ already: boolean }> {
    const { already } = await this.open(em, await this.lock(slug));
    return { already };
  }

  /** A locked record a right code opened: verified and drawn now, unless it already was. */
  private async open(em: EntityManager, row: LockedRow): Promise<{ already: boolean; slug: string }> {
    if (row.is_verified) return { already: true, slug: row.slug };
    await this.markVerified(em, row);
    return { already: false, slug: row.slug };
  }

  /** Verifies a locked, unverified record whose code was right (the code is spent) and draws once per phone. */
  private async markVerified(em: EntityManager, row: LockedRow): Promise<void> {
    await this.rows.markVerified(row.id);
    // A held record (issue #32) is verified without a draw; a staff save that releases it draws (releaseHold).
    if (row.held) return;
    await this.drawPrize(em, row);
  }

  /**
   * Releases a held record (issue #32) on a staff save once no other live record holds its
   * citizenship number (staff corrected it, or the other record went); a verified one is
   * drawn now, as its verification would have been.
   */
  async releaseHold(em: EntityManager, id: number, slug: string): Promise<void> {
    const citizenship = await this.rows.citizenshipOf(id);
    if (citizenship && (await this.checks.earlierRecord('citizenship_no', citizenship, id))) return;
    await this.rows.release(id);
    const row = await this.lock(slug);
    if (row.is_verified) await this.drawPrize(em, row);
  }

  /** The draw once per phone for a verified record, and the prize it gives (none: the phone's earlier live record keeps its own). */
  private async drawPrize(em: EntityManager, row: LockedRow): Promise<void> {
    const prize = await this.drawOncePerPhone(em, row);
    if (prize !== null) await this.rows.setPrize(row.id, prize);
  }

  /**
   * The enquiry draw is once per phone for the campaign: a person who trashes their record
   * and registers again keeps what they won, never a new roll.
   * - "Of the phone" includes an erased record, by the keyed hash it kept of its phone.
   * - An earlier record of the phone that was deleted hands its draw over: the draw row (its
   *   prize and audit) moves to this record and the deleted one no longer holds the prize.
   * - An earlier live record of the phone holding a prize (a customer who bought and came
   *   back) keeps it; this record gets none, so two live records never hold one prize.
   * - Otherwise the draw is made now.
   * Serialised per phone by an advisory lock, inside the verifying transaction.
   */
  private async drawOncePerPhone(em: EntityManager, row: LockedRow): Promise<number | null> {
    await this.rows.lockPhoneForDraw(row.phone);
    const [holder] = await this.rows.prizeHolders(row.phone, row.id, this.checks.identityKey('phone', row.phone));
    if (holder && !holder.deleted) return null;
    if (holder) {
      const moved = await this.draws.move('preregistration', holder.id, row.id);
      await this.rows.clearPrize(holder.id);
      return moved?.amount ?? holder.prize;
    }
    const result = await this.draws.draw(em, {
      kind: 'preregistration',
      recordId: row.id,
      type: row.branch_id === null ? 'preregistration_public' : 'preregistration_branch',
      branchId: row.branch_id,
      clientSeed: row.client_seed,
      notify: row.send_sms ? { phone: row.phone, name: row.name, lang: row.lang } : undefined,
    });
    return result.amount;
  }

  /** Sends a new code (60 s between codes, 5 per phone per Nepal day). Returns the masked phone. */
  async resend(slug: string, actor?: AuthUser): Promise<string> {
    const settings = await this.settings.getAll();
    return this.db.transaction(async (em) => {
      // A pending claim's slug (the public route only) gets a new code of the claim, as a record would.
      const claim = actor ? undefined : await this.claims.lock(slug);
      if (claim) {
        await this.issueClaimCode(em, claim, settings);
        return maskPhone(claim.phone);
      }
      const row = await this.lock(slug, actor);
      if (row.is_verified) throw codeError('This pre-registration is already verified.');
      await this.issueCode(em, row, true, settings);
      return maskPhone(row.phone);
    });
  }

  /**
   * Counts one more code made for a record today (`codes_day`, `codes_today`) on the row the
   * caller locked, and refuses one past the day's cap (OneTimeCodes.refuseOverRecordCap). Id 0
   * runs the same statement on no row: the return path's stand-in for a phone without a record.
   */
  async countCodeMade(id: number): Promise<void> {
    const made = await this.rows.countCodeMade(id, campaignDay(new Date(), this.config.get('app').campaignTz));
    this.codes.refuseOverRecordCap(made, ENQUIRY_CODE);
  }

  /**
   * Makes a new code for a locked row and, with `send`, queues it by SMS after checking the
   * phone's limits (OneTimeCodes: the one code lifecycle, shared with the purchase coupon).
   * Only the transaction's connection is used: the settings were read before it began (a
   * second pooled connection inside a transaction can starve the pool, and the embedded
   * PGlite serves one transaction at a time). The text's {link} is the record's verify page.
   * Also used by the visitor's return path (enquiry-return.service.ts).
   */
  async issueCode(em: EntityManager, row: { id: number; slug: string; phone: string; name: string; lang?: Lang }, send: boolean, settings: SettingValues): Promise<void> {
    if (send) await this.codes.checkSend(em, row.phone, ENQUIRY_CODE);
    // Every code made for the record counts against its day, sent or not, to whichever phone (a staff phone change too).
    await this.countCodeMade(row.id);
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    // A new code: both budgets of wrong tries start again (the link's, code_attempts; the way back by phone's, return_tries).
    await this.rows.setCode(row.id, code, expiresAt, send);
    if (send) await this.queueCode(row, code, settings);
  }

  /** A new code for a pending claim (repositories/enquiry-claim.repository.ts), sent to its phone within the phone's limits, as issueCode sends a record's. */
  async issueClaimCode(em: EntityManager, claim: { id: number; slug: string; phone: string; name: string; lang: Lang }, settings: SettingValues): Promise<void> {
    await this.codes.checkSend(em, claim.phone, ENQUIRY_CODE);
    const { code, expiresAt } = this.codes.issue(ENQUIRY_CODE);
    await this.claims.setCode(claim.id, code, expiresAt);
    await this.queueCode(claim, code, settings);
  }

  /** Queues a code's SMS (codeText). */
  private async queueCode(row: { slug: string; phone: string; name: string; lang?: Lang }, code: string, settings: SettingValues): Promise<void> {
    await this.sms.queue([{ phone: row.phone, text: this.codeText(row, code, settings), kind: 'otp' }]);
  }

  /** A code's SMS: in the language the visitor used (#15); its {link} is the slug's verify page. */
  private codeText(row: { slug: string; name: string; lang?: Lang }, code: string, settings: SettingValues): string {
    const link = `${this.config.get('app').publicUrl}/enquiry/${encodeURIComponent(row.slug)}/verify`;
    const template = String(settings[smsTemplateKey('sms_template_otp', row.lang ?? 'en')]);
    return fillTemplate(template, { code, name: row.name, campaign: campaignNameIn(row.lang ?? 'en', settings), brand: settings.brand_name }, { link });
  }

  /** Locks one live record by slug until the caller's transaction ends, in the actor's branch scope (404 otherwise). */
  async lock(slug: string, actor?: AuthUser): Promise<LockedRow> {
    return assertInBranch(await this.rows.lock(slug), actor, 'preregistration', 'Pre-registration');
  }
}
