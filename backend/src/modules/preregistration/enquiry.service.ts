import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { type Lang, type PublicPreregistration } from '@campaign/domain';
import { isUniqueViolation } from '../../common/http/db-errors';
import { FieldErrors, TooManyRequestsError, UnprocessableError } from '../../common/http/errors';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { newSlug } from '../../common/slug';
import { Db } from '../../repositories/db';
import { EnquiryClaimRepository } from '../../repositories/enquiry-claim.repository';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { DrawService } from '../draw/draw.service';
import { FileEntity } from '../file/file.entity';
import { FileService } from '../file/file.service';
import type { Upload } from '../file/upload';
import { SettingValues } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';
import { OneTimeCodes } from '../sms/one-time-code';
import { CreateEnquiryDto } from './dto/create-enquiry.dto';
import { PreregistrationChecks } from './preregistration-checks';
import { PREREGISTRATION_FAILURES } from './preregistration-failures';
import { PreregistrationEntity } from './preregistration.entity';
import { toPublicView } from './preregistration.view';
import { VerificationService } from './verification.service';

/** The answers of a right code on the public routes (the SMS link's, the way back's). */
export const VERIFIED_NOW = 'Your phone number is verified. Congratulations!';
export const VERIFIED_ALREADY = 'Your phone number is already verified.';
/** A held record's (issue #32): verified, no draw; the public is told that its branch checks it, never why. */
export const VERIFIED_HELD = 'Your phone number is verified. Your pre-registration is being checked by the branch, who will contact you.';

/** A pending claim (repositories/enquiry-claim.repository.ts) as the public sees it: any unverified record. */
const claimView = (claim: { slug: string; name: string; phone: string }): PublicPreregistration =>
  toPublicView({ slug: claim.slug, name: claim.name, phone: claim.phone, is_verified: false, prize: null, share_code: '' });

/** The public enquiry: POST /enquiry and what GET /enquiry/{slug} and a right code answer. */
@Injectable()
export class EnquiryService {
  constructor(
    private readonly rows: PreregistrationRepository,
    private readonly db: Db,
    private readonly checks: PreregistrationChecks,
    private readonly verification: VerificationService,
    private readonly draws: DrawService,
    private readonly settings: SettingService,
    private readonly files: FileService,
    private readonly limits: RateLimitService,
    private readonly claims: EnquiryClaimRepository,
  ) {}

  /** GET /enquiry/{slug}: name, masked phone, verified flag and prize only; a pending claim (repositories/enquiry-claim.repository.ts) reads as any unverified record. */
  async findPublic(slug: string): Promise<PublicPreregistration> {
    return (await this.readPublic(slug)).data;
  }

  /**
   * The answer of a right code on the public routes (the SMS link's, the way back's): the
   * record it opened and what to say. A held record (issue #32) says only that the branch
   * checks it, never why.
   */
  async verifiedAnswer(slug: string, already: boolean): Promise<{ data: PublicPreregistration; message: string }> {
    const { data, held } = await this.readPublic(slug);
    return { data, message: held ? VERIFIED_HELD : already ? VERIFIED_ALREADY : VERIFIED_NOW };
  }

  private async readPublic(slug: string): Promise<{ data: PublicPreregistration; held: boolean }> {
    const found = await this.rows.publicRead(slug);
    if (!found) {
      const claim = await this.claims.read(slug);
      if (!claim) throw PREREGISTRATION_FAILURES.fail('NotFound');
      return { data: claimView(claim), held: false };
    }
    const draw = found.is_verified ? await this.draws.find('preregistration', found.id) : undefined;
    return { data: toPublicView(found, draw ?? null), held: found.held && found.is_verified };
  }

  /**
   * POST /enquiry. The captcha was checked by the controller. Nobody learns another person's
   * state here (issue #32): the body is checked first and alone; then every well-formed
   * enquiry answers the same 200 with a new pending slug and sends a code to the phone
   * (within the phone's limits), whoever holds the phone or the citizenship number:
   * - a phone with a live record gets a pending claim (repositories/enquiry-claim.repository.ts) whose right code
   *   opens that record: no second record, no second draw;
   * - a citizenship number another live record holds saves the record held: verified
   *   without a draw, shown to its branch's staff with the message and a link (heldBecause).
   */
  async createPublic(dto: CreateEnquiryDto, screenshot?: Upload, lang: Lang = 'en'): Promise<PublicPreregistration> {
    // After the campaign's last day no one registers (the draw that follows is closed too).
    await this.settings.refuseAfterCampaign();
    // Per-phone limit on top of the per-address one: a phone cannot be hammered from many addresses.
    const hit = await this.limits.hit(`enquiry:phone:${dto.phone}`, 5, 3600);
    if (!hit.allowed) throw new TooManyRequestsError('Too many registrations for this phone number. Please try again later.', hit.retryAfterSeconds);
    const settings = await this.settings.getAll();
    const errors: FieldErrors = {};
    // The body's own checks answer first and alone: nothing in them depends on who holds the phone or the number.
    await this.checks.checkReferences(dto, errors, settings, true);
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    const values: Partial<PreregistrationEntity> = {
      name: dto.name,
      address: dto.address ?? null,
      phone: dto.phone,
      email: dto.email ?? null,
      citizenship_no: dto.citizenship_no ?? null,
      bike_model_id: dto.bike_model_id,
      nearest_branch_id: dto.nearest_branch_id,
      source: dto.source,
      roadie: dto.roadie ?? null,
      // What the visitor chose: the box starts unticked, and an unticked box may send nothing.
      shared: dto.shared ?? false,
      utm_source: dto.utm_source ?? null,
      client_seed: dto.client_seed ?? null,
      send_sms: true,
      lang,
      branch_id: null,
      created_by: null,
    };
    // Everything that needs its own connection happens before the transaction (VerificationService.issueCode).
    const stored = screenshot ? await this.files.storeImage(screenshot.buffer, { field: 'screenshot', originalName: screenshot.originalname, createdBy: null }) : undefined;
    try {
      const { view, claim } = await this.savePublic(values, stored, settings);
      // A claim keeps no screenshot: the phone's record is the one that stands.
      if (claim) await this.files.discard(stored);
      return view;
    } catch (e) {
      await this.files.discard(stored);
      throw e;
    }
  }

  /**
   * Saves a public enquiry as a claim, a held record or a record (see createPublic) and sends
   * its code, in one transaction. Both lookups run for every enquiry, so the work is the same
   * whichever answers. Two enquiries racing past the lookups meet a unique index (phone,
   * citizenship number, slug): the next attempt finds the winner and answers as it would have.
   */
  private async savePublic(values: Partial<PreregistrationEntity>, stored: FileEntity | undefined, settings: SettingValues): Promise<{ view: PublicPreregistration; claim: boolean }> {
    const phone = values.phone!;
    for (let attempt = 1; ; attempt++) {
      try {
        // Four statements either way (the claim's and the record's alike): the phone's lock with
        // both lookups, the code's SMS within the phone's limits, the row with its code, and COMMIT.
        return await this.db.transaction(async () => {
          const citizenship = values.citizenship_no;
          const { phoneOwner, numberHolder } = await this.rows.lockedEnquiryLookup(
            OneTimeCodes.lockKey(phone),
            { value: phone, key: this.checks.identityKey('phone', phone) },
            citizenship ? { value: citizenship, key: this.checks.identityKey('citizenship_no', citizenship) } : null,
          );
          if (phoneOwner) {
            const claim = { slug: newSlug(), phone, name: values.name!, lang: values.lang ?? 'en' };
            await this.verification.saveClaim(claim, settings);
            return { claim: true, view: claimView(claim) };
          }
          const saved = await this.verification.saveEnquiryRecord({ ...values, held: numberHolder !== undefined }, stored, settings);
          return { claim: false, view: toPublicView(saved) };
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        if (attempt >= 3) throw new ServiceUnavailableException({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      }
    }
  }
}
