import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { campaignNameIn, CLIENT_SEED_PATTERN, drawIdFrom, fairRoll, formatDrawId, newClientSeed, formatNumber, type AllocationType, type Lang } from '@campaign/domain';
import { Clock } from '../../common/clock';
import { campaignDay } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { AllocationService } from '../allocation/allocation.service';
import { basePrizesOf, FairnessService } from '../fairness/fairness.service';
import { SettingKey } from '../setting/setting.defaults';
import { fillTemplate, smsTemplateKey, withProof } from '../sms/sms-templates';
import { SettingService } from '../setting/setting.service';
import { SmsService } from '../sms/sms.service';
import { DrawRepository, DrawRow } from '../../repositories/draw.repository';
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
    /** Settings key of the SMS text: sms_template_prize by default ({name}, {prize}, {campaign}, {brand}, {draw_id}, {proof}). */
    templateKey?: Extract<SettingKey, `sms_template_${string}`>;
    /** The visitor's language: the template's Nepali twin (`<key>_ne`) when there is one. */
    lang?: Lang;
    /** More placeholders for the template (e.g. the purchase's {bill_no}, {total}). */
    values?: Record<string, string | number>;
    smsKind?: string;
  };
}

/** A record's draw as the draw module answers it: the stored row, less its day, with the day's proof. */
export interface DrawResult extends Omit<DrawRow, 'day'> {
  /** The first 20 hex characters of the day's commitment hash (docs/fairness.md, "The chain"); null for draws made before the scheme. */
  fingerprint: string | null;
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
    private readonly config: ConfigService,
    private readonly sms: SmsService,
    private readonly stock: AllocationService,
    private readonly settings: SettingService,
    private readonly fairness: FairnessService,
    private readonly clock: Clock,
    private readonly draws: DrawRepository,
  ) {}

  /**
   * Moves a record's draw (its prize and its audit row) to another record of the same kind:
   * the draw belongs to the person, and a record made again for them carries it instead of
   * a new roll. The caller holds the locks that make the move safe.
   */
  async move(kind: DrawKind, fromRecordId: number, toRecordId: number): Promise<DrawResult | undefined> {
    const moved = await this.draws.moveRecord(kind, fromRecordId, toRecordId);
    return moved ? this.resultOf(moved, false) : undefined;
  }

  async find(kind: DrawKind, recordId: number): Promise<DrawResult | undefined> {
    const row = await this.draws.ofRecord(kind, recordId);
    return row ? this.resultOf(row, false) : undefined;
  }

  /** A draw row as a result, with its day's fingerprint (a commitment never changes, so FairnessService keeps it once read). */
  private async resultOf({ day, ...row }: DrawRow, fresh: boolean): Promise<DrawResult> {
    return { ...row, fingerprint: day ? await this.fairness.fingerprintOf(day) : null, fresh };
  }

  async draw(em: EntityManager, req: DrawRequest): Promise<DrawResult> {
    const existing = await this.find(req.kind, req.recordId);
    if (existing) return existing;
    // After the campaign's last day nothing is drawn (a draw made before is still answered above).
    await this.settings.refuseAfterCampaign();

    // The provably fair draw (docs/fairness.md): the day's committed scheme and secret seed,
    // the customer's seed, and rolls anyone can recompute once the day's seed is revealed.
    const day = campaignDay(this.clock.now(), this.config.get('app').campaignTz);
    const commitment = await this.fairness.commitment(em, day);
    const chained = commitment.format >= 2;
    const committed = new Map(FairnessService.allocationsOf(commitment).map((a) => [a.id, a]));
    const stock = await this.stock.stockFor(day, req.type, req.branchId);
    // Only what was committed is drawn, at the committed amount and chance; the stock is live.
    const candidates = stock.flatMap((c) => {
      const a = committed.get(c.id);
      return a ? [{ id: a.id, amount: a.amount, threshold: a.threshold, remaining: c.remaining }] : [];
    });
    const templateKey = smsTemplateKey(req.notify?.templateKey ?? 'sms_template_prize', req.notify?.lang ?? 'en');
    const s = await this.settings.readIn(['base_prize_preregistration', 'base_prize_registration', templateKey, 'campaign_name', 'campaign_name_ne', 'brand_name']);
    // From format 2 the base prize is the one committed with the day's scheme; before, the setting's.
    const baseAmount = (FairnessService.committedBasePrizes(commitment) ?? basePrizesOf(s))[req.kind];
    // A client seed rolls once a day (format 2, where the record id is not in the roll): a seed
    // used already, or none sent, gets one made here, and the draw says so.
    const offered = req.clientSeed && CLIENT_SEED_PATTERN.test(req.clientSeed) ? req.clientSeed : null;
    const usable = offered && !(chained && (await this.draws.seedUsed(day, offered))) ? offered : null;
    let inserted: DrawRow | undefined;
    let outcome!: Awaited<ReturnType<typeof runDraw>>;
    for (let clientSeed = usable ?? newClientSeed(); !inserted; clientSeed = newClientSeed()) {
      outcome = await runDraw(
        candidates,
        baseAmount,
        (allocationId) => fairRoll(commitment.seedHex, clientSeed, req.kind, chained ? day : req.recordId, allocationId),
        (id) => this.stock.claim(id),
      );
      const publicId = drawIdFrom(randomBytes(12));
      const audit = drawAudit({
        day,
        drawId: publicId,
        clientSeed,
        clientSeedFrom: clientSeed === usable ? 'browser' : 'server',
        seedHash: commitment.seed_hash,
        type: req.type,
        branchId: req.branchId,
        baseAmount,
        outcome,
      });
      inserted = await this.draws.insert({
        kind: req.kind,
        recordId: req.recordId,
        amount: outcome.amount,
        allocationId: outcome.allocationId,
        audit,
        publicId,
        day,
        clientSeed,
        rollFormat: commitment.format,
      });
      if (inserted) break;
      // Another transaction drew this record first (callers lock the record, so this is the
      // belt to their braces), or took the same seed a moment before: give the claimed unit
      // back, and return that draw or roll again on a seed made here.
      if (outcome.allocationId) await this.stock.giveBack(outcome.allocationId);
      const raced = await this.find(req.kind, req.recordId);
      if (raced) return raced;
    }
    const result = await this.resultOf(inserted, true);
    if (req.notify) {
      // A Nepali text writes its amounts in Nepali digits; identifiers (draw id, proof) stay Latin.
      const lang = req.notify.lang ?? 'en';
      const amount = formatNumber(outcome.amount, lang);
      const text = fillTemplate(withProof(String(s[templateKey])), {
        name: req.notify.name,
        prize: amount,
        coupon: amount,
        draw_id: formatDrawId(result.public_id!),
        proof: result.fingerprint ?? '',
        campaign: campaignNameIn(lang, s),
        brand: s.brand_name,
        ...req.notify.values,
      });
      await this.sms.queue([{ phone: req.notify.phone, text, kind: req.notify.smsKind ?? 'prize' }]);
    }
    return result;
  }

  /** Every cash discount the enquiry draw has given so far: how many and how much in all, and how many of each amount. */
  async preregistrationPrizesGiven(): Promise<{ prizes: number; amount: number; by_amount: Array<{ amount: number; prizes: number }> }> {
    const rows = await this.draws.preregistrationPrizesByAmount();
    return {
      prizes: rows.reduce((n, r) => n + r.prizes, 0),
      amount: rows.reduce((n, r) => n + r.amount * r.prizes, 0),
      by_amount: rows.map((r) => ({ amount: Number(r.amount), prizes: r.prizes })),
    };
  }
}
