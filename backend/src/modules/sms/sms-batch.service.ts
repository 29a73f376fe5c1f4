import { ConflictException, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { parseNepalMobile, smsSegments } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { assertInBranch } from '../../common/auth/branch-scope';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { PageQuery, paginate, TableSpec } from '../../common/paging/paging';
import { allowLongStatements } from '../../database/statement-timeout';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { SmsBatchRepository } from '../../repositories/sms-batch.repository';
import { SmsOutboxRepository } from '../../repositories/sms-outbox.repository';
import { BranchService } from '../branch/branch.service';
import { CreateSmsDto, SMS_MOBILES_MAX } from './dto/create-sms.dto';
import { SmsBatchEntity, SmsType } from './sms-batch.entity';

/** The outbox kind of bulk messages. */
export const BULK_KIND = 'bulk';
/** The same send (sender, type, recipients chosen, text) within this many seconds is refused. */
export const DUPLICATE_WINDOW_SECONDS = 60;
/** Advisory lock namespace serialising one sender's bulk sends (the duplicate guard). */
const SEND_LOCK = 20820005;

export const SMS_BATCH_TABLE: TableSpec = {
  orderable: {
    id: 'b.id',
    type: 'b.type',
    text: 'b.text',
    segments: 'b.segments',
    recipients_count: 'b.recipients_count',
    created_at: 'b.created_at',
  },
  searchable: ['b.text', 'creator.name', 'branch.title'],
  defaultOrder: ['created_at', 'DESC'],
  tieBreaker: 'b.id',
};

export interface QueuedBatch {
  id: number;
  recipients_count: number;
  segments: number;
}

export interface SmsBatchRow {
  id: number;
  type: SmsType;
  text: string;
  segments: number;
  recipients_count: number;
  /** Waiting for the worker, or with the gateway right now (queued + sending). */
  queued: number;
  sent: number;
  failed: number;
  branch: { id: number; title: string } | null;
  created_by: { id: number; name: string } | null;
  created_at: Date;
}

/** Where the recipients of a send come from, once the request is known to be valid. */
type Recipients = { kind: 'customers'; qb: SelectQueryBuilder<object> } | { kind: 'phones'; phones: string[] };

/**
 * Bulk SMS from the SMS screen. The recipients are resolved on the server, deduplicated by
 * phone, and written in one transaction as one `sms_batch` row plus one outbox row each
 * with a single INSERT ... SELECT, so 10,000 recipients queue in one statement; the
 * worker delivers them. Branch staff only ever reach their branch's customers.
 */
@Injectable()
export class SmsBatchService {
  constructor(
    private readonly batches: SmsBatchRepository,
    private readonly outbox: SmsOutboxRepository,
    private readonly dataSource: DataSource,
    private readonly branches: BranchService,
    private readonly customers: RegistrationRepository,
    private readonly preregistrations: PreregistrationRepository,
  ) {}

  async send(user: AuthUser, dto: CreateSmsDto): Promise<QueuedBatch> {
    const { segments } = smsSegments(dto.text);
    return this.dataSource.transaction(async (em) => {
      const recipients = await this.recipients(user, dto);
      // One sender at a time: a double click waits here, then finds the first batch.
      await em.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SEND_LOCK, user.id]);
      const fingerprint = fingerprintOf(dto, recipients);
      const recent = await this.batches.recentSame(user.id, fingerprint, DUPLICATE_WINDOW_SECONDS);
      if (recent) {
        throw new ConflictException(
          `This message was already sent to these recipients a moment ago (batch #${recent.id}). Wait a minute to send it again.`,
        );
      }
      const batchId = await this.batches.insert({
        type: dto.type,
        text: dto.text,
        segments: Math.max(1, segments),
        branchId: user.branch_id,
        createdBy: user.id,
        fingerprint,
      });
      const count = await this.queueAll(em, recipients, dto.text, batchId);
      if (count === 0) {
        const field = dto.type === 'BRANCH' ? 'branches' : 'type';
        throw new UnprocessableError({ [field]: ['There is no customer to send this message to.'] });
      }
      await this.batches.setRecipientsCount(batchId, count);
      return { id: batchId, recipients_count: count, segments };
    });
  }

  /**
   * POST /sms/recipients: what a send would reach, for the confirm step: the number of
   * different phones (as the send deduplicates them) and the parts of the text. The same
   * checks as the send (422 under the field); nothing is written.
   */
  async count(user: AuthUser, dto: CreateSmsDto): Promise<{ recipients_count: number; segments: number }> {
    const { segments } = smsSegments(dto.text);
    return this.dataSource.transaction('REPEATABLE READ', async (em) => {
      const recipients = await this.recipients(user, dto);
      const [source, params] =
        recipients.kind === 'customers' ? recipients.qb.getQueryAndParameters() : [`SELECT DISTINCT m.phone FROM unnest($1::text[]) AS m(phone)`, [recipients.phones]];
      const [row] = await em.query(`SELECT count(*)::int AS count FROM (${source}) AS rcp`, params);
      return { recipients_count: row.count, segments: Math.max(1, segments) };
    });
  }

  table(user: AuthUser, query: PageQuery) {
    return paginate(this.query(user), query, SMS_BATCH_TABLE, (rows) => this.withCounts(rows));
  }

  async findOne(user: AuthUser, id: string): Promise<SmsBatchRow> {
    const batch = /^\d{1,9}$/.test(id)
      ? await this.query(user)
          .andWhere('b.id = :id', { id: Number(id) })
          .getOne()
      : null;
    return (await this.withCounts([assertInBranch(batch, user, 'sms_batch', 'SMS batch')]))[0];
  }

  private query(user: AuthUser) {
    return this.batches.scoped(user);
  }

  /** The outbox counts of the batches, by one GROUP BY over their messages. */
  private async withCounts(rows: SmsBatchEntity[]): Promise<SmsBatchRow[]> {
    const counts = new Map<number, { queued: number; sent: number; failed: number }>();
    if (rows.length) {
      const found = await this.outbox.countsOfBatches(rows.map((r) => r.id));
      for (const { batch_id, queued, sent, failed } of found) counts.set(batch_id, { queued, sent, failed });
    }
    return rows.map((b) => ({
      id: b.id,
      type: b.type,
      text: b.text,
      segments: b.segments,
      recipients_count: b.recipients_count,
      ...(counts.get(b.id) ?? { queued: 0, sent: 0, failed: 0 }),
      branch: b.branch ? { id: b.branch.id, title: b.branch.title } : null,
      created_by: b.creator ? { id: b.creator.id, name: b.creator.name } : null,
      created_at: b.created_at,
    }));
  }

  /** Checks the request against the database and says where its recipients come from; 422 otherwise. */
  private async recipients(user: AuthUser, dto: CreateSmsDto): Promise<Recipients> {
    const errors: FieldErrors = {};
    switch (dto.type) {
      case 'ALL':
        return { kind: 'customers', qb: this.customers.customerPhones(user, {}) };
      case 'BRANCH': {
        const ids = unique(dto.branches ?? []);
        if (!ids.length) throw new UnprocessableError({ branches: ['The branches field is required when type is BRANCH.'] });
        const visible = new Set((await this.branches.visible(user)).map((b) => b.id));
        if (ids.some((id) => !visible.has(id))) {
          errors.branches = [
            user.branch_id !== null ? 'You can only send to the customers of your own branch.' : 'The selected branches are invalid.',
          ];
          throw new UnprocessableError(errors);
        }
        return { kind: 'customers', qb: this.customers.customerPhones(user, { branches: ids }) };
      }
      case 'REGISTRANTS': {
        const ids = unique(dto.registrants ?? []);
        if (!ids.length) throw new UnprocessableError({ registrants: ['The registrants field is required when type is REGISTRANTS.'] });
        const found = await this.customers.existingCustomers(user, ids);
        ids.forEach((id, i) => {
          if (!found.has(id)) errors[`registrants.${i + 1}`] = [`The customer at position ${i + 1} was not found.`];
        });
        if (Object.keys(errors).length) throw new UnprocessableError(withSummary(errors, 'registrants'));
        return { kind: 'customers', qb: this.customers.customerPhones(user, { ids }) };
      }
      case 'MOBILE': {
        const entries = (dto.mobiles ?? '')
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
        if (!entries.length) throw new UnprocessableError({ mobiles: ['The mobiles field is required when type is MOBILE.'] });
        if (entries.length > SMS_MOBILES_MAX)
          throw new UnprocessableError({ mobiles: [`At most ${SMS_MOBILES_MAX} mobile numbers can be sent to at once.`] });
        const phones = entries.map((m) => parseNepalMobile(m));
        phones.forEach((p, i) => {
          if (!p) errors[`mobiles.${i + 1}`] = [`The mobile number at position ${i + 1} is not a valid Nepal mobile number.`];
        });
        if (Object.keys(errors).length) throw new UnprocessableError(withSummary(errors, 'mobiles'));
        const valid = unique(phones as string[]);
        if (user.branch_id !== null) {
          // A branch's customers: its pre-registrations' phones and its purchases', asked on this transaction.
          const known = new Set(await this.preregistrations.knownPhones(user, valid));
          for (const p of await this.customers.knownPhones(user, valid)) known.add(p);
          phones.forEach((p, i) => {
            if (!known.has(p!)) errors[`mobiles.${i + 1}`] = [`The mobile number at position ${i + 1} is not a customer of your branch.`];
          });
          if (Object.keys(errors).length) throw new UnprocessableError(withSummary(errors, 'mobiles'));
        }
        return { kind: 'phones', phones: valid };
      }
      default:
        throw new UnprocessableError({ type: ['The selected type is invalid.'] });
    }
  }

  /** Writes one outbox row per recipient with one INSERT ... SELECT; returns how many. */
  private async queueAll(em: EntityManager, recipients: Recipients, text: string, batchId: number): Promise<number> {
    let source: string;
    let params: unknown[];
    if (recipients.kind === 'customers') {
      [source, params] = recipients.qb.getQueryAndParameters();
    } else {
      source = `SELECT DISTINCT m.phone FROM unnest($1::text[]) AS m(phone)`;
      params = [recipients.phones];
    }
    // One row per customer of the campaign (200,000 at its scale): past the requests' statement timeout.
    await allowLongStatements(em);
    return this.outbox.queueEach(source, params, text, BULK_KIND, batchId);
  }
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** Adds the first positional message under the list's own field, where the form shows it. */
function withSummary(errors: FieldErrors, field: string): FieldErrors {
  return { ...errors, [field]: Object.values(errors)[0] };
}

/** The same send twice: same type, same recipients chosen, same text. */
function fingerprintOf(dto: CreateSmsDto, recipients: Recipients): string {
  const chosen =
    dto.type === 'BRANCH'
      ? unique(dto.branches ?? []).sort((a, b) => a - b)
      : dto.type === 'REGISTRANTS'
        ? unique(dto.registrants ?? []).sort((a, b) => a - b)
        : recipients.kind === 'phones'
          ? [...recipients.phones].sort()
          : [];
  return createHash('sha256')
    .update(JSON.stringify([dto.type, chosen, dto.text]))
    .digest('hex');
}
