import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { Failures } from '../../common/http/domain-errors';
import { isUniqueViolation, uniqueViolationField, UniqueFields } from '../../common/http/db-errors';
import { FieldErrors } from '../../common/http/errors';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { BikeModelService } from '../bike-model/bike-model.service';

/** The sales module's expected failures; the table's keys are the codes. */
export const SALE_FAILURES = new Failures({
  NotVerified: { status: 422, field: 'preregistration_id', message: 'This pre-registration is not verified yet.' },
  AlreadyPurchased: { status: 422, field: 'preregistration_id', message: 'This pre-registration has already been purchased.' },
  PhoneIsThePreregistrations: { status: 422, field: 'phone', message: "The phone number cannot be changed: it is the pre-registration's phone." },
  PhoneFixed: { status: 422, field: 'phone', message: 'The phone number cannot be changed.' },
  BillNoTaken: { status: 422, field: 'bill_no', message: 'The bill no has already been taken.' },
  EngineNoTaken: { status: 422, field: 'engine_no', message: 'The engine no has already been taken.' },
  ChasisNoTaken: { status: 422, field: 'chasis_no', message: 'The chasis no has already been taken.' },
  BikeModelInvalid: { status: 422, field: 'bike_model_id', message: 'The selected bike model is invalid.' },
  ReferringInvalid: { status: 422, field: 'registration_id', message: 'The selected referring registration is invalid.' },
  DeletedNoEdit: { status: 409, message: 'This registration is deleted: restore it before editing.' },
  AlreadyDeleted: { status: 409, message: 'This registration is already deleted.' },
  NotDeleted: { status: 409, message: 'This registration is not deleted.' },
  DeletedNoCoupon: { status: 409, message: 'This registration is deleted: restore it first.' },
  NoCoupon: { status: 422, field: 'code', message: 'This registration has no coupon.' },
  CouponVerified: { status: 422, field: 'code', message: 'The coupon has already been verified.' },
  Conflict: { status: 409, message: 'This registration conflicts with another one. Please reload and try again.' },
});
type SaleFailure = Parameters<typeof SALE_FAILURES.fail>[0];

/** Unique constraints of the table and the field each one speaks for. */
const REGISTRATION_UNIQUE: UniqueFields = {
  registration_bill_no_uq: 'bill_no',
  registration_engine_no_uq: 'engine_no',
  registration_chasis_no_uq: 'chasis_no',
  registration_preregistration_uq: 'preregistration_id',
};

/** The failure a taken unique value answers (the check and a race past it alike). */
const TAKEN: Record<string, SaleFailure> = {
  bill_no: 'BillNoTaken',
  engine_no: 'EngineNoTaken',
  chasis_no: 'ChasisNoTaken',
  preregistration_id: 'AlreadyPurchased',
};

/** Runs a write, mapping a unique-index race (two requests past the same check) to the field's 422. */
export async function mappingUniqueRaces<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const field = uniqueViolationField(e, REGISTRATION_UNIQUE);
    if (field) throw SALE_FAILURES.fail(TAKEN[field]);
    if (isUniqueViolation(e)) throw SALE_FAILURES.fail('Conflict');
    throw e;
  }
}

/** The field rules of a purchase and its edit that need the database; each adds its message to `errors`. */
@Injectable()
export class RegistrationChecks {
  constructor(
    private readonly rows: RegistrationRepository,
    private readonly models: BikeModelService,
  ) {}

  /** The bike model exists; bill, engine and chassis numbers are free (deleted registrations' too: a restore must never clash). */
  async checkFields(
    dto: { bike_model_id?: number; bill_no?: string; engine_no?: string | null; chasis_no?: string | null },
    errors: FieldErrors,
    exceptId = 0,
  ): Promise<void> {
    if (dto.bike_model_id !== undefined) {
      if (!(await this.models.brief(dto.bike_model_id))) errors.bike_model_id = [SALE_FAILURES.message('BikeModelInvalid')];
    }
    for (const field of ['bill_no', 'engine_no', 'chasis_no'] as const) {
      const value = dto[field];
      if (value === undefined || value === null) continue;
      if (await this.rows.isTaken(field, value, exceptId)) errors[field] = [SALE_FAILURES.message(TAKEN[field])];
    }
  }

  /** The referring registration (id or slug) within the user's scope, not the record itself; null for none. */
  async referringId(user: AuthUser, value: string | null | undefined, selfId: number | undefined, errors: FieldErrors): Promise<number | null> {
    if (value === undefined || value === null) return null;
    const id = await this.rows.idInScope(user, value);
    if (id === undefined || id === selfId) {
      errors.registration_id = [SALE_FAILURES.message('ReferringInvalid')];
      return null;
    }
    return id;
  }
}
