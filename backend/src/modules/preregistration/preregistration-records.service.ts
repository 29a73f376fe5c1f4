import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { AuthUser, hasPermission } from '../../common/auth/auth-user';
import { assertInBranch } from '../../common/auth/branch-scope';
import { Permission } from '../../common/auth/permission.enum';
import { cursorRows } from '../../common/export/cursor';
import { ExportColumn, streamWorkbook } from '../../common/export/workbook';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { paginate } from '../../common/paging/paging';
import { ConfigService } from '../../config/config.module';
import { AuditLogRepository } from '../../repositories/audit-log.repository';
import { Db } from '../../repositories/db';
import { LockedRow, PREREGISTRATION_TABLE, PreregistrationPatch, PreregistrationRepository } from '../../repositories/preregistration.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { PREREGISTRATION_MOVE_ACTION } from '../audit/audit-words';
import { BikeModelService } from '../bike-model/bike-model.service';
import { DrawService } from '../draw/draw.service';
import { FileEntity } from '../file/file.entity';
import { FileService } from '../file/file.service';
import type { Upload } from '../file/upload';
import { ReferrerService } from '../referrer/referrer.service';
import { SettingService } from '../setting/setting.service';
import { CreatePreregistrationDto } from './dto/create-preregistration.dto';
import { PreregistrationQuery } from './dto/preregistration-query.dto';
import { UpdatePreregistrationDto } from './dto/update-preregistration.dto';
import { NEAREST_BRANCH_HEAD_OFFICE_ONLY, PreregistrationChecks } from './preregistration-checks';
import { PREREGISTRATION_FAILURES } from './preregistration-failures';
import { PreregistrationEntity } from './preregistration.entity';
import { PreregistrationDetail, toDetailView, toRowView } from './preregistration.view';
import { VerificationService } from './verification.service';

/** The fields a staff update may change (UpdatePreregistrationDto). */
const UPDATABLE = ['name', 'address', 'phone', 'email', 'citizenship_no', 'bike_model_id', 'nearest_branch_id', 'source', 'roadie', 'shared', 'note', 'send_sms', 'branch_id'] as const;

type ExportRow = Record<string, unknown> & { created_at: Date };
const yesNo = (v: unknown) => (v ? 'Yes' : 'No');
/** Preregistrations.xlsx's columns (PreregistrationRepository.exportQuery selects them). */
const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: 'Slug', value: (r) => r.slug as string },
  { header: 'Name', width: 24, value: (r) => r.name as string },
  { header: 'Phone', width: 14, value: (r) => r.phone as string },
  { header: 'Email', width: 24, value: (r) => r.email as string },
  { header: 'Address', width: 28, value: (r) => r.address as string },
  { header: 'Citizenship No/PAN', value: (r) => r.citizenship_no as string },
  { header: 'Bike Model', value: (r) => r.bike_model as string },
  { header: 'Branch', width: 22, value: (r) => (r.branch as string) ?? 'Public' },
  { header: 'Nearest Branch', width: 22, value: (r) => r.nearest_branch as string },
  { header: 'Source', value: (r) => r.source as string },
  { header: 'Roadie', value: (r) => r.roadie as string },
  { header: 'Shared', value: (r) => yesNo(r.shared) },
  { header: 'Verified', value: (r) => yesNo(r.is_verified) },
  { header: 'Purchased', value: (r) => yesNo(r.purchased) },
  { header: 'Register Prize', value: (r) => (r.prize as number | null) ?? '' },
  { header: 'Registered (Nepal time)', width: 20, value: (r) => r.created_at, date: true },
];

/**
 * The staff screens of pre-registrations: the table, its download, one record, create,
 * update and delete. Every read is in the actor's branch scope (the repository's
 * scopeToBranch, assertInBranch); every write locks the row first.
 */
@Injectable()
export class PreregistrationRecordsService {
  constructor(
    private readonly rows: PreregistrationRepository,
    private readonly db: Db,
    private readonly dataSource: DataSource,
    private readonly checks: PreregistrationChecks,
    private readonly codes: VerificationService,
    private readonly draws: DrawService,
    private readonly settings: SettingService,
    private readonly files: FileService,
    private readonly config: ConfigService,
    private readonly models: BikeModelService,
    private readonly referrers: ReferrerService,
    private readonly registrations: RegistrationRepository,
    private readonly trail: AuditLogRepository,
  ) {}

  private get tz(): string {
    return this.config.get('app').campaignTz;
  }

  /** GET /preregistration: the paging protocol over the filters (PreregistrationQuery). */
  async table(actor: AuthUser, query: PreregistrationQuery) {
    return paginate(this.rows.filtered(actor, query, this.tz), query, PREREGISTRATION_TABLE, async (rows) => {
      const titles = await this.models.titles(rows.map((r) => r.bike_model_id));
      return rows.map((r) => toRowView(r, titles));
    });
  }

  /** GET /preregistration/download: the table's rows (same filters, search, order and scope) as .xlsx. */
  async download(actor: AuthUser, query: PreregistrationQuery, res: Response): Promise<void> {
    await streamWorkbook(res, {
      filename: 'Preregistrations.xlsx',
      sheetName: 'Preregistrations',
      columns: EXPORT_COLUMNS,
      rows: cursorRows<ExportRow>(this.dataSource, this.rows.exportQuery(actor, query, this.tz) as never),
      tz: this.tz,
    });
  }

  /** One record as staff see it (404 for another branch's record). */
  async findForStaff(actor: AuthUser, slug: string): Promise<PreregistrationDetail> {
    const withCode = hasPermission(actor, Permission.SendSms);
    const found = assertInBranch(await this.rows.detail(actor, slug, withCode), actor, 'preregistration', 'Pre-registration');
    const titles = await this.models.titles([found.bike_model_id]);
    const view = toDetailView(found, titles, { withCode });
    const draw = await this.draws.find('preregistration', found.id);
    view.draw_id = draw?.public_id ?? null;
    view.draw_fingerprint = draw?.fingerprint ?? null;
    view.friends = await this.referrers.friendsOf(found.share_code);
    if (found.held) view.held = await this.checks.heldBecause(found, actor);
    if (found.purchased) {
      const purchase = await this.registrations.purchaseSlugOf(found.id);
      view.registration = purchase ? { slug: purchase } : null;
    }
    return view;
  }

  /** POST /preregistration: branch staff only (the route's access rule), tied to their branch. */
  async createStaff(actor: AuthUser, dto: CreatePreregistrationDto, screenshot?: Upload): Promise<PreregistrationDetail> {
    // After the campaign's last day no one registers (the draw that follows is closed too).
    await this.settings.refuseAfterCampaign();
    const settings = await this.settings.getAll();
    const errors: FieldErrors = {};
    await this.checks.checkReferences(dto, errors, settings);
    await this.checks.checkDuplicates({ phone: dto.phone, citizenship_no: dto.citizenship_no }, actor, errors);
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    const values: Partial<PreregistrationEntity> = {
      name: dto.name,
      address: dto.address,
      phone: dto.phone,
      email: dto.email ?? null,
      citizenship_no: dto.citizenship_no,
      bike_model_id: dto.bike_model_id ?? null,
      nearest_branch_id: dto.nearest_branch_id ?? null,
      source: dto.source ?? null,
      roadie: dto.roadie ?? null,
      shared: dto.shared ?? false,
      note: dto.note ?? null,
      utm_source: null,
      client_seed: dto.client_seed ?? null,
      send_sms: dto.send_sms ?? true,
      branch_id: actor.branch_id,
      created_by: actor.id,
    };
    // Everything that needs its own connection happens before the transaction (VerificationService.issueCode).
    const stored = screenshot ? await this.files.storeImage(screenshot.buffer, { field: 'screenshot', originalName: screenshot.originalname, createdBy: actor.id }) : undefined;
    let saved: { slug: string };
    try {
      saved = await this.db.transaction((em) => this.codes.saveRecord(em, values, stored, settings));
    } catch (e) {
      await this.files.discard(stored);
      throw await this.checks.mapUniqueViolation(e, values, actor);
    }
    return this.findForStaff(actor, saved.slug);
  }

  /** POST /preregistration/{slug}: the changed fields. The phone is fixed once verified. */
  async update(actor: AuthUser, slug: string, dto: UpdatePreregistrationDto, screenshot?: Upload): Promise<PreregistrationDetail> {
    const errors: FieldErrors = {};
    for (const k of ['name', 'address', 'phone', 'citizenship_no'] as const) {
      if (dto[k] === null) errors[k] = [`The ${k === 'citizenship_no' ? 'citizenship no' : k} field is required.`];
    }
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    const settings = await this.settings.getAll();
    let stored: FileEntity | undefined;
    try {
      // A new screenshot is stored first (FileService uses its own transaction); dropped if the update fails.
      if (screenshot) stored = await this.files.storeImage(screenshot.buffer, { field: 'screenshot', originalName: screenshot.originalname, createdBy: actor.id });
      await this.db.transaction(async (em) => {
        const row = await this.codes.lock(slug, actor);
        const phoneChanges = dto.phone !== undefined && dto.phone !== row.phone;
        if (phoneChanges && row.is_verified) errors.phone = ['The phone cannot be changed once the pre-registration is verified.'];
        if (dto.branch_id !== undefined && dto.branch_id !== row.branch_id) {
          if (actor.branch_id !== null) errors.branch_id = ['The selected branch is invalid.'];
          else if (dto.branch_id !== null && !(await this.checks.exists('branch', dto.branch_id))) errors.branch_id = ['The selected branch is invalid.'];
        }
        // Only head office moves a record between branches. A public enquiry belongs to its
        // nearest showroom, so a branch user's change of it would hand the record (prize
        // included) to another branch: refused before anything is written; the unchanged value is accepted.
        const nearestChanges = dto.nearest_branch_id !== undefined && dto.nearest_branch_id !== row.nearest_branch_id;
        if (nearestChanges && actor.branch_id !== null) errors.nearest_branch_id = [NEAREST_BRANCH_HEAD_OFFICE_ONLY];
        await this.checks.checkReferences(dto, errors, settings);
        const citizenshipChanges = dto.citizenship_no !== undefined && dto.citizenship_no !== (await this.rows.citizenshipOf(row.id));
        await this.checks.checkDuplicates(
          { phone: phoneChanges ? dto.phone! : null, citizenship_no: citizenshipChanges ? (dto.citizenship_no ?? null) : null, exceptId: row.id },
          actor,
          errors,
        );
        if (Object.keys(errors).length) throw new UnprocessableError(errors);
        const patch: PreregistrationPatch = {};
        for (const k of UPDATABLE) if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
        if (stored) patch.screenshot_id = stored.id;
        await this.rows.patch(row.id, patch);
        // Head office's move is in the audit trail with where the record was and where it went, in the move's own transaction.
        await this.auditMove(actor, row, dto);
        // A held record (issue #32) is released once no other live record holds its citizenship number.
        if (row.held) await this.codes.releaseHold(em, row.id, row.slug);
        // A new phone gets a new code (the old one went to the old phone). It counts against the
        // record's codes of the day, sent or not: past them the change is refused (429), nothing written.
        if (phoneChanges) await this.codes.issueCode(em, { id: row.id, slug: row.slug, phone: dto.phone!, name: dto.name ?? row.name, lang: row.lang }, dto.send_sms ?? row.send_sms, settings);
      });
    } catch (e) {
      await this.files.discard(stored);
      throw await this.checks.mapUniqueViolation(e, dto, actor);
    }
    return this.findForStaff(actor, slug);
  }

  /**
   * Writes a move to the audit trail when an update changed branch_id or nearest_branch_id
   * (only head office may: a branch user's change was refused before): each one's old and new
   * value and the owning branch before and after (COALESCE(branch_id, nearest_branch_id)).
   */
  private async auditMove(actor: AuthUser, row: LockedRow, dto: UpdatePreregistrationDto): Promise<void> {
    const branchTo = dto.branch_id !== undefined ? dto.branch_id : row.branch_id;
    const nearestTo = dto.nearest_branch_id !== undefined ? dto.nearest_branch_id : row.nearest_branch_id;
    if (branchTo === row.branch_id && nearestTo === row.nearest_branch_id) return;
    await this.trail.append({
      user_id: actor.id,
      user_email: actor.email,
      branch_id: actor.branch_id,
      action: PREREGISTRATION_MOVE_ACTION,
      resource: 'preregistration',
      record_key: row.slug,
      fields: {
        branch_id: { from: row.branch_id, to: branchTo },
        nearest_branch_id: { from: row.nearest_branch_id, to: nearestTo },
        owner_branch_id: { from: row.owner_branch_id, to: branchTo ?? nearestTo },
      },
      status: 200,
      ip: null,
    });
  }

  /** DELETE /preregistration/{slug}: a soft delete; refused once purchased. */
  async remove(actor: AuthUser, slug: string): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.codes.lock(slug, actor);
      if (row.purchased) throw PREREGISTRATION_FAILURES.fail('Purchased');
      await this.rows.softDelete(row.id);
    });
  }
}
