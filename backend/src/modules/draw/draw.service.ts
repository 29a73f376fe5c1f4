import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { CLIENT_SEED_PATTERN, drawIdFrom, fairRoll, formatDrawId, newClientSeed, type AllocationType, type Lang } from '@campaign/domain';
import { Clock } from '../../common/clock';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { AllocationService } from '../allocation/allocation.service';
import { FairnessService } from '../fairness/fairness.service';
import { SETTING_DEFAULTS, SettingKey } from '../setting/setting.defaults';
import { fillTemplate, smsTemplateKey } from '../sms/sms-templates';
import { SettingService } from '../setting/setting.service';
import { SmsService } from '../sms/sms.service';
import { drawAudit, runDraw } from './draw.logic';

export type DrawKind = 'preregistration' | 'registration';

export interface DrawRequest {
  kind: DrawKind;
  /** The pre-registration's or registration's id. */
  recordId: number;
  type: AllocationType;
  /** null for preregistration_public. */
  branchId: number | null;
  /**
   * The seed the customer's (or the staff's) browser sent with the record (docs/fairness.md).
   * Missing (an API client that sends none): the server makes one and the draw says so.
   */
  clientSeed?: string | null;
  /** Queue the prize SMS (only when the draw is made now, never on a repeat). */
  notify?: {
    phone: string;
    name: string;
    /** Settings key of the SMS text: sms_template_prize by default ({name}, {prize}, {campaign}, {brand}). */
    templateKey?: Extract<SettingKey, `sms_template_${string}`>;
    /** The visitor's language: the template's Nepali twin (`<key>_ne`) when there is one. */
    lang?: Lang;
    /** More placeholders for the template (e.g. the purchase's {bill_no}, {total}). */
    values?: Record<string, string | number>;
    smsKind?: string;
  };
}

export interface DrawResult {
  id: number;
  /** The public draw id the customer checks on /fairness (null for draws made before the scheme). */
  public_id: string | null;
  kind: DrawKind;
  record_id: number;
  amount: number;
  allocation_id: number | null;
  created_at: Date;
  /** true when this call made the draw; false when it returned the stored one. */
  fresh: boolean;
}

/**
 * The one draw for both kinds (docs/fairness.md, "3. The draw"). Runs inside the caller's transaction
 * (which should hold a lock on the record). Never re-draws: the draw row, unique per
 * (kind, record_id), is the idempotency key. Stock is claimed with a guarded UPDATE, so
 * it is never over-awarded whatever the concurrency; CHECK (remaining >= 0) is the backstop.
 */
@Injectable()
export class DrawService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly sms: SmsService,
    private readonly stock: AllocationService,
    private readonly settings: SettingService,
    private readonly fairness: FairnessService,
    private readonly clock: Clock,
  ) {}

  /**
   * Moves a record's draw (its prize and its audit row) to another record of the same kind:
   * the draw belongs to the person, and a record made again for them carries it instead of
   * a new roll. The caller holds the locks that make the move safe.
   */
  async move(em: EntityManager, kind: DrawKind, fromRecordId: number, toRecordId: number): Promise<DrawResult | undefined> {
    const [rows] = await em.query(
      `UPDATE draw SET record_id = $3 WHERE kind = $1 AND record_id = $2
       RETURNING id, public_id, kind, record_id, amount, allocation_id, created_at`,
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
      `SELECT id, public_id, kind, record_id, amount, allocation_id, created_at FROM draw WHERE kind = $1 AND record_id = $2`,
      [kind, recordId],
    );
    return row ? { ...row, fresh: false } : undefined;
  }

  async draw(em: EntityManager, req: DrawRequest): Promise<DrawResult> {
    const existing = await this.find(em, req.kind, req.recordId);
    if (existing) return existing;
    // After the campaign's last day nothing is drawn (a draw made before is still answered above).
    await this.settings.refuseAfterCampaign();

    // The provably fair draw (docs/fairness.md): the day's committed scheme and secret seed,
    // the customer's seed, and rolls anyone can recompute once the day's seed is revealed.
    const day = campaignDay(this.clock.now(), this.config.get('app').campaignTz);
    const commitment = await this.fairness.commitment(em, day);
    const committed = new Map(FairnessService.allocationsOf(commitment).map((a) => [a.id, a]));
    const stock = await this.stock.stockFor(em, day, req.type, req.branchId);
    // Only what was committed is drawn, at the committed amount and chance; the stock is live.
    const candidates = stock.flatMap((c) => {
      const a = committed.get(c.id);
      return a ? [{ id: a.id, amount: a.amount, threshold: a.threshold, remaining: c.remaining }] : [];
    });
    const clientSeed = req.clientSeed && CLIENT_SEED_PATTERN.test(req.clientSeed) ? req.clientSeed : newClientSeed();
    const baseKey = req.kind === 'preregistration' ? 'base_prize_preregistration' : 'base_prize_registration';
    const templateKey = smsTemplateKey(req.notify?.templateKey ?? 'sms_template_prize', req.notify?.lang ?? 'en');
    const s = await this.settings.readIn(em, [baseKey, templateKey, 'campaign_name', 'brand_name']);
    const configured = Number(s[baseKey]);
    const baseAmount = Number.isInteger(configured) && configured > 0 ? configured : SETTING_DEFAULTS[baseKey];
    const outcome = await runDraw(
      candidates,
      baseAmount,
      (allocationId) => fairRoll(commitment.seedHex, clientSeed, req.kind, req.recordId, allocationId),
      (id) => this.stock.claim(em, id),
    );
    const publicId = drawIdFrom(randomBytes(12));
    const audit = drawAudit({
      day,
      drawId: publicId,
      clientSeed,
      clientSeedFrom: req.clientSeed === clientSeed ? 'browser' : 'server',
      seedHash: commitment.seed_hash,
      type: req.type,
      branchId: req.branchId,
      baseAmount,
      outcome,
    });
    const [inserted] = await em.query(
      `INSERT INTO draw (kind, record_id, amount, allocation_id, audit, public_id, day, client_seed) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
       ON CONFLICT (kind, record_id) DO NOTHING
       RETURNING id, public_id, kind, record_id, amount, allocation_id, created_at`,
      [req.kind, req.recordId, outcome.amount, outcome.allocationId, JSON.stringify(audit), publicId, day, clientSeed],
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
        draw_id: formatDrawId(publicId),
        campaign: s.campaign_name,
        brand: s.brand_name,
        ...req.notify.values,
      });
      await this.sms.queue(em, [{ phone: req.notify.phone, text, kind: req.notify.smsKind ?? 'prize' }]);
    }
    return { ...inserted, fresh: true };
  }

  /** Every cash discount the enquiry draw has given so far: how many and how much in all, and how many of each amount. */
  async preregistrationPrizesGiven(): Promise<{ prizes: number; amount: number; by_amount: Array<{ amount: number; prizes: number }> }> {
    const rows: Array<{ amount: number; prizes: number }> = await this.dataSource.query(
      `SELECT amount, count(*)::int AS prizes FROM draw WHERE kind = 'preregistration' GROUP BY amount ORDER BY amount DESC`,
    );
    return {
      prizes: rows.reduce((n, r) => n + r.prizes, 0),
      amount: rows.reduce((n, r) => n + r.amount * r.prizes, 0),
      by_amount: rows.map((r) => ({ amount: Number(r.amount), prizes: r.prizes })),
    };
  }
}
