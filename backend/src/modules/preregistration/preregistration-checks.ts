import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { inBranch } from '../../common/auth/branch-scope';
import { uniqueViolationField, UniqueFields } from '../../common/http/db-errors';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { ConfigService } from '../../config/config.module';
import { EarlierRecord, PreregistrationRepository } from '../../repositories/preregistration.repository';
import { BikeModelService } from '../bike-model/bike-model.service';
import { BranchService } from '../branch/branch.service';
import { SettingValues } from '../setting/setting.defaults';
import { erasedIdentityKey, IdentityField } from './erased-identity';

export const PENDING_PURCHASE = 'This citizenship/pan has pending purchase.';
export const CITIZENSHIP_PURCHASED = 'This citizenship/pan has already made its purchase in this campaign: one pre-registration per customer.';
export const PHONE_TAKEN_STAFF = 'This phone number is already pre-registered for this campaign: one pre-registration per customer.';
export const PHONE_PURCHASED_STAFF = 'This phone number has already made its purchase in this campaign: one pre-registration per customer.';
/** Staff: a held record whose citizenship number no other live record holds any more. */
export const HELD_CLEAR = 'Held without a draw: no other pre-registration has this citizenship/pan now. Saving the record releases it (and draws, once verified).';
/** A branch user's change of the nearest showroom: it would move a public enquiry to another branch. */
export const NEAREST_BRANCH_HEAD_OFFICE_ONLY =
  'Only head office can change the nearest showroom: it decides which branch follows the pre-registration up.';
/** The table's unique indexes and the field each speaks for: one live pre-registration per phone and per citizenship number. */
const PREREGISTRATION_UNIQUE: UniqueFields = { preregistration_phone_uq: 'phone', preregistration_citizenship_uq: 'citizenship_no' };

/**
 * [message, '<slug>'] for staff who may open the earlier record (head office, or the
 * branch that owns it); the message alone otherwise (the slug would only 404 for them).
 */
export function earlierRecordError(message: string, row: { slug: string; owner_branch_id: number | null }, viewer: AuthUser | null): string[] {
  if (!viewer) return [message];
  const visible = inBranch(row, viewer, 'preregistration');
  return visible ? [message, row.slug] : [message];
}

/**
 * The rules of a pre-registration that need the database: its references, and one record per
 * customer (phone and citizenship number, an erased record by its keyed hash). Each check
 * adds its message to `errors`; all run on the caller's transaction when one is open.
 */
@Injectable()
export class PreregistrationChecks {
  constructor(
    private readonly rows: PreregistrationRepository,
    private readonly config: ConfigService,
    private readonly branches: BranchService,
    private readonly models: BikeModelService,
  ) {}

  /** The keyed hash an erased record keeps of a phone or citizenship number (erased-identity.ts). */
  identityKey(field: IdentityField, value: string): string {
    return erasedIdentityKey(this.config.get('privacy').identityKey, field, value);
  }

  /**
   * The earliest live record other than `exceptId` with this phone or citizenship number (held
   * ones included); an erased record counts by the keyed hash it kept of it.
   */
  earlierRecord(column: IdentityField, value: string, exceptId = 0): Promise<EarlierRecord | undefined> {
    return this.rows.earlierRecord(column, value, this.identityKey(column, value), exceptId);
  }

  /** Whether a branch or bike model exists (read on the caller's transaction when one is open). */
  async exists(what: 'branch' | 'bike_model', id: number): Promise<boolean> {
    return (await (what === 'branch' ? this.branches : this.models).brief(id)) !== undefined;
  }

  /**
   * The references of a form. `outsideTransaction`: the public enquiry's, asked before its
   * transaction from the ids the owners hold (KnownIds: no round trip for a known id).
   */
  async checkReferences(
    dto: { bike_model_id?: number | null; nearest_branch_id?: number | null; roadie?: string | null },
    errors: FieldErrors,
    settings: SettingValues,
    outsideTransaction = false,
  ) {
    const exists = (what: 'branch' | 'bike_model', id: number) =>
      outsideTransaction ? (what === 'branch' ? this.branches : this.models).exists(id) : this.exists(what, id);
    if (typeof dto.bike_model_id === 'number' && !(await exists('bike_model', dto.bike_model_id))) errors.bike_model_id = ['The selected bike model is invalid.'];
    if (typeof dto.nearest_branch_id === 'number' && !(await exists('branch', dto.nearest_branch_id))) errors.nearest_branch_id = ['The selected nearest branch is invalid.'];
    if (typeof dto.roadie === 'string') {
      const roadies = Array.isArray(settings.roadies) ? settings.roadies : [];
      if (roadies.length && !roadies.includes(dto.roadie)) errors.roadie = ['The selected roadie is invalid.'];
    }
  }

  /**
   * One pre-registration per customer for the whole campaign, as the terms promise: per
   * phone, and per citizenship number or PAN where one is given. Purchased records count
   * too (a customer who bought does not pre-register, or draw, again); only a deleted
   * record frees its phone and number. Staff's create and update only: the error names the
   * earlier record's slug to staff who may open it (the form shows a View link). The public
   * is never told (enquiry.service.ts: a claim, or a held record).
   */
  async checkDuplicates(v: { phone: string | null; citizenship_no: string | null; exceptId?: number }, viewer: AuthUser, errors: FieldErrors) {
    if (v.phone) {
      const row = await this.earlierRecord('phone', v.phone, v.exceptId);
      if (row) errors.phone = earlierRecordError(row.purchased ? PHONE_PURCHASED_STAFF : PHONE_TAKEN_STAFF, row, viewer);
    }
    if (v.citizenship_no) {
      const row = await this.earlierRecord('citizenship_no', v.citizenship_no, v.exceptId);
      if (row) errors.citizenship_no = earlierRecordError(row.purchased ? CITIZENSHIP_PURCHASED : PENDING_PURCHASE, row, viewer);
    }
  }

  /** Why a record is held (issue #32), as staff's form says it: the message, and the holder's slug when the viewer may open it. */
  async heldBecause(p: { id: number; citizenship_no: string | null }, viewer: AuthUser): Promise<string[]> {
    const holder = p.citizenship_no ? await this.earlierRecord('citizenship_no', p.citizenship_no, p.id) : undefined;
    return holder ? earlierRecordError(holder.purchased ? CITIZENSHIP_PURCHASED : PENDING_PURCHASE, holder, viewer) : [HELD_CLEAR];
  }

  /** Two staff requests raced past the checks: the unique index answers, mapped to the same 422. */
  async mapUniqueViolation(e: unknown, values: { phone?: string | null; citizenship_no?: string | null }, actor: AuthUser): Promise<unknown> {
    const field = uniqueViolationField(e, PREREGISTRATION_UNIQUE);
    if ((field !== 'phone' && field !== 'citizenship_no') || !values[field]) return e;
    const errors: FieldErrors = {};
    await this.checkDuplicates({ phone: field === 'phone' ? values.phone! : null, citizenship_no: field === 'citizenship_no' ? values.citizenship_no! : null }, actor, errors);
    return new UnprocessableError(errors[field] ? errors : { [field]: [field === 'phone' ? PHONE_TAKEN_STAFF : PENDING_PURCHASE] });
  }
}
