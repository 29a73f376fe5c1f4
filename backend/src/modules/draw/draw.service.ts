import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { EntityManager } from 'typeorm';
import type { AllocationType } from '@campaign/domain';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { fillTemplate, SETTING_DEFAULTS, SettingKey, SettingValues } from '../setting/setting.defaults';
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
  ) {}

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
    const byBranch = req.branchId === null ? 'branch_id IS NULL' : 'branch_id = $3';
    const params: unknown[] = [day, req.type];
    if (req.branchId !== null) params.push(req.branchId);
    const candidates: Array<{ id: number; amount: number; probability: number; remaining: number }> = await em.query(
      `SELECT id, amount, probability::float8 AS probability, remaining
         FROM allocation
        WHERE date = $1 AND type = $2 AND ${byBranch} AND remaining > 0
        ORDER BY amount DESC, id`,
      params,
    );
    const baseKey = req.kind === 'preregistration' ? 'base_prize_preregistration' : 'base_prize_registration';
    const templateKey = req.notify?.templateKey ?? 'sms_template_prize';
    const s = await readSettings(em, [baseKey, templateKey, 'campaign_name', 'brand_name']);
    const configured = Number(s[baseKey]);
    const baseAmount = Number.isInteger(configured) && configured > 0 ? configured : SETTING_DEFAULTS[baseKey];
    const outcome = await runDraw(candidates, baseAmount, randomInt, async (id) => {
      const [rows] = await em.query(`UPDATE allocation SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0 RETURNING id`, [id]);
      return rows.length > 0;
    });
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
      if (outcome.allocationId) await em.query(`UPDATE allocation SET remaining = remaining + 1 WHERE id = $1`, [outcome.allocationId]);
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

/**
 * Settings read through the caller's transaction. Another pooled connection inside a
 * transaction can starve the pool under load (every transaction waiting for a second
 * connection), and the embedded PGlite serves one transaction at a time, so it would wait
 * for ever. Unset keys read as their defaults.
 */
async function readSettings<K extends SettingKey>(em: EntityManager, keys: K[]): Promise<Pick<SettingValues, K>> {
  const out = {} as Pick<SettingValues, K>;
  for (const k of keys) out[k] = SETTING_DEFAULTS[k];
  const rows: Array<{ key: K; value: SettingValues[K] }> = await em.query(`SELECT key, value FROM setting WHERE key = ANY($1)`, [keys]);
  for (const r of rows) out[r.key] = r.value;
  return out;
}

