import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { AllocationType } from '@campaign/domain';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { AllocationService } from '../allocation/allocation.service';
import { fillTemplate, SETTING_DEFAULTS, SettingKey } from '../setting/setting.defaults';
import { SettingService } from '../setting/setting.service';
import { SmsService } from '../sms/sms.service';
import { runDraw } from './draw.logic';

export type DrawKind = 'preregistration' | 'registration';

export interface DrawRequest {
  kind: DrawKind;
  /** The pre-registration's or registration's id. */
  recordId: number;
  type: AllocationType;
  /** null for preregistration_public. */
  branchId: number | null;
  /** Queue the prize SMS (only when the draw is made now, never on a repeat). */
  notify?: {
    phone: string;
    name: string;
    /** Settings key of the SMS text: sms_template_prize by default ({name}, {prize}, {campaign}, {brand}). */
    templateKey?: Extract<SettingKey, `sms_template_${string}`>;
    /** More placeholders for the template (e.g. the purchase's {bill_no}, {total}). */
    values?: Record<string, string | number>;
    smsKind?: string;
  };
}

export interface DrawResult {
  id: number;
  kind: DrawKind;
  record_id: number;
  amount: number;
  allocation_id: number | null;
  created_at: Date;
  /** true when this call made the draw; false when it returned the stored one. */
  fresh: boolean;
}

/**
 * The one draw for both kinds (DESIGN section 4). Runs inside the caller's transaction
 * (which should hold a lock on the record). Never re-draws: the draw row, unique per
 * (kind, record_id), is the idempotency key. Stock is claimed with a guarded UPDATE, so
 * it is never over-awarded whatever the concurrency; CHECK (remaining >= 0) is the backstop.
 */
@Injectable()
export class DrawService {
  constructor(
    private readonly config: ConfigService,
    private readonly sms: SmsService,
    private readonly stock: AllocationService,
    private readonly settings: SettingService,
  ) {}

  /**
   * Moves a record's draw (its prize and its audit row) to another record of the same kind:
   * the draw belongs to the person, and a record made again for them carries it instead of
   * a new roll. The caller holds the locks that make the move safe.
   */
  async move(em: EntityManager, kind: DrawKind, fromRecordId: number, toRecordId: number): Promise<DrawResult | undefined> {
    const [rows] = await em.query(
      `UPDATE draw SET record_id = $3 WHERE kind = $1 AND record_id = $2
       RETURNING id, kind, record_id, amount, allocation_id, created_at`,
      [kind, fromRecordId, toRecordId],
    );
    return rows[0] ? { ...rows[0], fresh: false } : undefined;
  }

  /** Draw rows per Nepal day and amount in [start, end), of the records `live` lists (a subquery of ids per kind). */
  awardedByDay(em: EntityManager | DataSource, tz: string, start: Date, end: Date, live: Record<DrawKind, { sql: string; params: unknown[] }>) {
    const pre = live.preregistration;
    const reg = live.registration;
    const shift = (sql: string, by: number) => sql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + by}`);
    const preSql = shift(pre.sql, 3);
    const regSql = shift(reg.sql, 3 + pre.params.length);
    return em.query(
      `SELECT (d.created_at AT TIME ZONE $1)::date::text AS day, d.amount, count(*)::int AS awarded
         FROM draw d
        WHERE d.created_at >= $2 AND d.created_at < $3
          AND ((d.kind = 'preregistration' AND d.record_id IN (${preSql})) OR (d.kind = 'registration' AND d.record_id IN (${regSql})))
        GROUP BY 1, 2`,
      [tz, start, end, ...pre.params, ...reg.params],
    ) as Promise<Array<{ day: string; amount: number; awarded: number }>>;
  }

  async find(em: EntityManager, kind: DrawKind, recordId: number): Promise<DrawResult | undefined> {
    const [row] = await em.query(
      `SELECT id, kind, record_id, amount, allocation_id, created_at FROM draw WHERE kind = $1 AND record_id = $2`,
      [kind, recordId],
    );
    return row ? { ...row, fresh: false } : undefined;
  }

  async draw(em: EntityManager, req: DrawRequest): Promise<DrawResult> {
    const existing = await this.find(em, req.kind, req.recordId);
    if (existing) return existing;

    const day = campaignDay(new Date(), this.config.get('app').campaignTz);
    const candidates = await this.stock.stockFor(em, day, req.type, req.branchId);
    const baseKey = req.kind === 'preregistration' ? 'base_prize_preregistration' : 'base_prize_registration';
    const templateKey = req.notify?.templateKey ?? 'sms_template_prize';
    const s = await this.settings.readIn(em, [baseKey, templateKey, 'campaign_name', 'brand_name']);
    const configured = Number(s[baseKey]);
    const baseAmount = Number.isInteger(configured) && configured > 0 ? configured : SETTING_DEFAULTS[baseKey];
    const outcome = await runDraw(candidates, baseAmount, randomInt, (id) => this.stock.claim(em, id));
    const audit = {
      day,
      type: req.type,
      branch_id: req.branchId,
      base_prize: baseAmount,
      considered: outcome.rolls.map((r) => ({ ...r, remaining_seen: candidates.find((c) => c.id === r.allocation_id)?.remaining })),
      result: { amount: outcome.amount, allocation_id: outcome.allocationId, source: outcome.allocationId ? 'allocation' : 'base' },
    };
    const [inserted] = await em.query(
      `INSERT INTO draw (kind, record_id, amount, allocation_id, audit) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (kind, record_id) DO NOTHING
       RETURNING id, kind, record_id, amount, allocation_id, created_at`,
      [req.kind, req.recordId, outcome.amount, outcome.allocationId, JSON.stringify(audit)],
    );
    if (!inserted) {
      // Another transaction drew this record first (callers lock the record, so this is
      // the belt to their braces): give the claimed unit back and return its result.
      if (outcome.allocationId) await this.stock.giveBack(em, outcome.allocationId);
      return (await this.find(em, req.kind, req.recordId))!;
    }
    if (req.notify) {
      const amount = outcome.amount.toLocaleString('en-IN');
      const text = fillTemplate(String(s[templateKey]), {
        name: req.notify.name,
        prize: amount,
        coupon: amount,
        campaign: s.campaign_name,
        brand: s.brand_name,
        ...req.notify.values,
      });
      await this.sms.queue(em, [{ phone: req.notify.phone, text, kind: req.notify.smsKind ?? 'prize' }]);
    }
    return { ...inserted, fresh: true };
  }
}
