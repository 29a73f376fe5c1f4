import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { parseNepalMobile } from '@campaign/domain';
import { AuthUser, hasPermission } from '../../common/auth/auth-user';
import { assertInBranch } from '../../common/auth/branch-scope';
import { Permission } from '../../common/auth/permission.enum';
import { cursorRows } from '../../common/export/cursor';
import { streamWorkbook } from '../../common/export/workbook';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { ALL_ROWS_MAX, countUpTo, PageQuery, paginate, tooManyRows } from '../../common/paging/paging';
import { ConfigService } from '../../config/config.module';
import { Db } from '../../repositories/db';
import {
  DELETED_REGISTRATION_TABLE,
  FindOptions,
  REGISTRATION_TABLE,
  RegistrationExportRow,
  RegistrationRepository,
} from '../../repositories/registration.repository';
import { DrawService } from '../draw/draw.service';
import { RegistrationQuery } from './dto/registration-query.dto';
import { UpdateRegistrationDto } from './dto/update-registration.dto';
import { mappingUniqueRaces, RegistrationChecks, SALE_FAILURES } from './registration-checks';
import { RegistrationEntity } from './registration.entity';
import { REGISTRATION_EXPORT_COLUMNS } from './registration.export';
import { prefixBillNo } from './registration.rules';
import { toDetail, toRow } from './registration.view';

/** The fields an edit may change as sent (the bill number and the referring registration are checked apart). */
const EDITABLE = [
  'name',
  'address',
  'citizenship_no',
  'pan',
  'email',
  'roadie',
  'shared',
  'bike_model_id',
  'engine_no',
  'chasis_no',
  'registration_no',
  'payment_mode',
  'note',
  'send_sms',
] as const;

/** The staff's registered list: its table, print view, download and detail; edit, delete, restore. */
@Injectable()
export class RegistrationRecordsService {
  constructor(
    private readonly rows: RegistrationRepository,
    private readonly db: Db,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly draws: DrawService,
    private readonly checks: RegistrationChecks,
  ) {}

  private get tz(): string {
    return this.config.get('app').campaignTz;
  }

  table(user: AuthUser, query: RegistrationQuery) {
    return paginate(this.rows.filtered(user, query, this.tz), query, REGISTRATION_TABLE, (rows) => rows.map(toRow));
  }

  /**
   * GET /registration?all: every live registration of the filters (and the user's branch),
   * newest first, with only what print and the SMS picker read (id, name, phone, slug); as
   * `length=-1`, at most ALL_ROWS_MAX of them (else 422 under `length`).
   */
  async all(user: AuthUser, query: RegistrationQuery): Promise<Array<{ id: number; name: string; phone: string; slug: string }>> {
    if ((await countUpTo(this.rows.filtered(user, query, this.tz), ALL_ROWS_MAX)) > ALL_ROWS_MAX) throw tooManyRows(ALL_ROWS_MAX);
    const rows = await this.rows.printRows(user, query, this.tz, ALL_ROWS_MAX + 1);
    if (rows.length > ALL_ROWS_MAX) throw tooManyRows(ALL_ROWS_MAX);
    return rows;
  }

  deletedTable(user: AuthUser, query: PageQuery) {
    return paginate(this.rows.deleted(user), query, DELETED_REGISTRATION_TABLE, (rows) => rows.map(toRow));
  }

  /** Registrations.xlsx: the table's rows for the same filters, search and order, read through a cursor. */
  async download(user: AuthUser, query: RegistrationQuery, res: Response): Promise<void> {
    // Built (and so validated: dates, order) before the first byte is sent.
    const qb = this.rows.exportQuery(user, query, this.tz);
    await streamWorkbook(res, {
      filename: 'Registrations.xlsx',
      sheetName: 'Registrations',
      columns: REGISTRATION_EXPORT_COLUMNS,
      // The cursor holds a connection of its own, outside any transaction (common/export/cursor.ts).
      rows: cursorRows<RegistrationExportRow>(this.dataSource, qb),
      tz: this.tz,
    });
  }

  /** One registration (deleted ones too: the detail page shows them without Edit). */
  async findOne(user: AuthUser, slugOrId: string) {
    const withCode = hasPermission(user, Permission.SendSms);
    const record = await this.load(user, slugOrId, { withDeleted: true, detail: true, withCouponCode: withCode });
    const detail = toDetail(record, withCode);
    // The public ids of its two draws, checked on /fairness (docs/fairness.md).
    const draw = await this.draws.find('registration', record.id);
    detail.draw_id = draw?.public_id ?? null;
    detail.draw_fingerprint = draw?.fingerprint ?? null;
    if (detail.preregistration && record.preregistration_id) {
      const first = await this.draws.find('preregistration', record.preregistration_id);
      Object.assign(detail.preregistration as Record<string, unknown>, { draw_id: first?.public_id ?? null, draw_fingerprint: first?.fingerprint ?? null });
    }
    return detail;
  }

  /** One registration of the user's scope; 404 for none (or another branch's). */
  async load(user: AuthUser, slugOrId: string, opts: FindOptions = {}): Promise<RegistrationEntity> {
    return assertInBranch(await this.rows.find(user, slugOrId, opts), user, 'registration', 'Registration');
  }

  /** The referring-registration picker: up to 20 live registrations of the user's scope. */
  async search(user: AuthUser, q: string) {
    const rows = await this.rows.search(user, q);
    return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, phone: r.phone, bill_no: r.bill_no }));
  }

  async update(user: AuthUser, slugOrId: string, dto: UpdateRegistrationDto) {
    const slug = await mappingUniqueRaces(() =>
      this.db.transaction(async () => {
        const record = await this.load(user, slugOrId, { lock: true, withDeleted: true });
        if (record.deleted_at) throw SALE_FAILURES.fail('DeletedNoEdit');
        const errors: FieldErrors = {};
        if (dto.phone !== undefined && parseNepalMobile(dto.phone) !== record.phone) {
          errors.phone = [SALE_FAILURES.message('PhoneFixed')];
        }
        const billNo = dto.bill_no !== undefined ? prefixBillNo(record.branch_id, dto.bill_no) : undefined;
        await this.checks.checkFields({ ...dto, bill_no: billNo }, errors, record.id);
        const referringId = dto.registration_id !== undefined ? await this.checks.referringId(user, dto.registration_id, record.id, errors) : undefined;
        if (Object.keys(errors).length) throw new UnprocessableError(errors);
        const patch: Partial<RegistrationEntity> = {};
        for (const k of EDITABLE) if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
        if (patch.note === null) patch.note = '';
        if (billNo !== undefined) patch.bill_no = billNo;
        if (referringId !== undefined) patch.registration_id = referringId;
        if (Object.keys(patch).length) await this.rows.patch(record.id, patch);
        return record.slug;
      }),
    );
    return this.findOne(user, slug);
  }

  /** Soft delete: the purchase, its prize and its bill number stay (restore brings it back as it was). */
  async remove(user: AuthUser, slugOrId: string): Promise<void> {
    const record = await this.load(user, slugOrId, { withDeleted: true });
    if (record.deleted_at) throw SALE_FAILURES.fail('AlreadyDeleted');
    await this.rows.softDelete(record.id);
  }

  async restore(user: AuthUser, slugOrId: string) {
    const record = await this.load(user, slugOrId, { withDeleted: true });
    if (!record.deleted_at) throw SALE_FAILURES.fail('NotDeleted');
    await this.rows.restore(record.id);
    return this.findOne(user, record.slug);
  }
}
