import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { maskPhone, parseNepalMobile } from '@campaign/domain';
import { ConfigService } from '../../config/config.module';
import { ClaimedSms, SmsOutboxRepository, SmsOutcomeRow } from '../../repositories/sms-outbox.repository';
import { SMS_PROVIDER, SmsMessage, SmsProvider, SmsResult } from './sms-provider';

/** Attempts before a message is marked failed. */
export const SMS_MAX_ATTEMPTS = 5;
/** Rows claimed per round. */
export const SMS_BATCH = 100;
/** How long a claim holds before another instance may take the row over. */
export const SMS_LOCK_SECONDS = 60;
/** Wait before retry n (1-based): 30 s, 60 s, 120 s, 240 s. */
export const smsBackoffSeconds = (attempt: number) => 30 * 2 ** Math.max(0, attempt - 1);

type ClaimedRow = ClaimedSms;

/** What a round decided for one claimed row. */
type Outcome = SmsOutcomeRow['outcome'];

/**
 * Delivers the outbox. Each round claims due rows with FOR UPDATE SKIP LOCKED (so any
 * number of instances share the work without sending a message twice), transactional
 * messages (codes, prizes) before bulk ones, takes over rows whose claim expired (a
 * crashed instance), sends them through the provider (which may put messages of the same
 * text in one gateway call), and records sent / queued-for-retry with backoff / failed,
 * with the gateway's answer, in one statement per round.
 *
 * Stopping (app shutdown) lets the gateway calls already made finish and be recorded, and
 * puts the claimed messages that were not handed to the gateway back in the queue at once.
 */
@Injectable()
export class SmsWorker implements OnModuleInit, OnModuleDestroy {
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('SmsWorker');
  private timer?: NodeJS.Timeout;
  private inFlight?: Promise<unknown>;
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly outbox: SmsOutboxRepository,
    private readonly config: ConfigService,
    @Inject(SMS_PROVIDER) private readonly provider: SmsProvider,
  ) {}

  onModuleInit() {
    if (this.config.get('sms').worker) this.schedule(0);
  }

  /** Stops polling and waits for the batch in flight to be recorded. */
  async onModuleDestroy() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopping.abort();
    await this.inFlight?.catch(() => undefined);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      const run = this.runOnce()
        .catch((e) => {
          this.logger.warn(`round failed: ${(e as Error).message}`);
          return 0;
        })
        .then((n) => {
          this.inFlight = undefined;
          const { workerIntervalMs, maxPerSecond } = this.config.get('sms');
          // SMS_MAX_PER_SECOND: a round of n messages lasts at least n / max seconds.
          const pace = maxPerSecond > 0 ? Math.max(0, (n * 1000) / maxPerSecond - (Date.now() - started)) : 0;
          // A full round means more may be waiting: go again at once (or when the pace allows).
          this.schedule(n >= this.roundSize() ? pace : Math.max(pace, workerIntervalMs));
        });
      this.inFlight = run;
    }, ms);
    this.timer.unref?.();
  }

  /** Rows claimed per round: SMS_BATCH, or fewer under a low SMS_MAX_PER_SECOND. */
  private roundSize(): number {
    const max = this.config.get('sms').maxPerSecond;
    return max > 0 ? Math.max(1, Math.min(SMS_BATCH, max)) : SMS_BATCH;
  }

  /** One round: claim, send, record. Returns how many messages it handled. */
  async runOnce(): Promise<number> {
    // A row whose claim expired after its last attempt is not sent again.
    await this.outbox.failExpiredClaims(SMS_MAX_ATTEMPTS);
    if (this.stopping.signal.aborted) return 0;
    // Rows of a crashed instance first (rare), then due ones: codes and prizes before bulk,
    // oldest first, read in that order from sms_outbox_claim_idx (no sort of the whole queue).
    const size = this.roundSize();
    const rows = await this.outbox.claimExpired(this.instanceId, SMS_LOCK_SECONDS, size);
    if (rows.length < size) rows.push(...(await this.outbox.claimDue(this.instanceId, SMS_LOCK_SECONDS, size - rows.length)));
    if (!rows.length) return 0;
    // RETURNING does not keep the subquery's order: send oldest first.
    rows.sort((a, b) => Number(a.id) - Number(b.id));

    const outcomes: Array<{ row: ClaimedRow; result: SmsResult; outcome: Outcome }> = [];
    const valid: ClaimedRow[] = [];
    for (const r of rows) {
      if (parseNepalMobile(r.phone) === r.phone) valid.push(r);
      else outcomes.push({ row: r, result: { ok: false, response: { error: 'not a Nepal mobile number: not sent' } }, outcome: 'failed' });
    }
    if (valid.length) {
      const messages: SmsMessage[] = valid.map((r) => ({ id: r.id, phone: r.phone, text: r.text, kind: r.kind }));
      let results: SmsResult[];
      try {
        results = await this.provider.send(messages, { signal: this.stopping.signal });
      } catch (e) {
        results = valid.map(() => ({ ok: false, response: { error: (e as Error).message } }));
      }
      valid.forEach((row, i) => {
        const result = results[i] ?? { ok: false, response: { error: 'no result from provider' } };
        const outcome: Outcome = result.ok
          ? 'sent'
          : result.notSent
            ? 'release'
            : result.permanent || row.attempts >= SMS_MAX_ATTEMPTS
              ? 'failed'
              : 'queued';
        outcomes.push({ row, result, outcome });
      });
    }
    await this.record(outcomes);
    return rows.length;
  }

  /** Records a round's outcomes in one statement (only rows this instance still holds). */
  private async record(outcomes: Array<{ row: ClaimedRow; result: SmsResult; outcome: Outcome }>) {
    await this.outbox.record(
      outcomes.map((o) => ({
        id: o.row.id,
        outcome: o.outcome,
        response: JSON.stringify(o.result.response ?? null),
        backoff: smsBackoffSeconds(o.row.attempts),
      })),
      this.provider.name,
      this.instanceId,
    );
    // Never the text: it may hold a code. A failed bulk call names its first messages and a count.
    const failures = outcomes.filter((o) => o.outcome === 'queued' || o.outcome === 'failed');
    for (const { row, outcome } of failures.slice(0, 5)) {
      this.logger.warn(
        `SMS #${row.id} (${row.kind}) to ${maskPhone(row.phone)} ${outcome === 'failed' ? 'failed' : `attempt ${row.attempts} failed, will retry`}`,
      );
    }
    if (failures.length > 5) this.logger.warn(`${failures.length - 5} more SMS failed in this round`);
  }
}
