import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { maskPhone, parseNepalMobile } from '../../common/phone';
import { ConfigService } from '../../config/config.module';
import { SMS_PROVIDER, SmsMessage, SmsProvider, SmsResult } from './sms-provider';

/** Attempts before a message is marked failed. */
export const SMS_MAX_ATTEMPTS = 5;
/** Rows claimed per round. */
export const SMS_BATCH = 100;
/** How long a claim holds before another instance may take the row over. */
export const SMS_LOCK_SECONDS = 60;
/** Wait before retry n (1-based): 30 s, 60 s, 120 s, 240 s. */
export const smsBackoffSeconds = (attempt: number) => 30 * 2 ** Math.max(0, attempt - 1);

interface ClaimedRow {
  id: string;
  phone: string;
  text: string;
  kind: string;
  attempts: number;
}

/**
 * Delivers the outbox. Each round claims due rows with FOR UPDATE SKIP LOCKED (so any
 * number of instances share the work without sending a message twice), takes over rows
 * whose claim expired (a crashed instance), sends them through the provider, and records
 * sent / queued-for-retry with backoff / failed, with the gateway's answer.
 */
@Injectable()
export class SmsWorker implements OnModuleInit, OnModuleDestroy {
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('SmsWorker');
  private timer?: NodeJS.Timeout;
  private inFlight?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
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
    await this.inFlight?.catch(() => undefined);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const run = this.runOnce()
        .catch((e) => {
          this.logger.warn(`round failed: ${(e as Error).message}`);
          return 0;
        })
        .then((n) => {
          this.inFlight = undefined;
          // A full batch means more may be waiting: go again at once.
          this.schedule(n >= SMS_BATCH ? 0 : this.config.get('sms').workerIntervalMs);
        });
      this.inFlight = run;
    }, ms);
    this.timer.unref?.();
  }

  /** One round: claim, send, record. Returns how many messages it handled. */
  async runOnce(): Promise<number> {
    // A row whose claim expired after its last attempt is not sent again.
    await this.dataSource.query(
      `UPDATE sms_outbox SET status = 'failed', locked_by = NULL, locked_until = NULL,
              provider_response = jsonb_build_object('error', 'claim expired after the last attempt')
        WHERE status = 'sending' AND locked_until < now() AND attempts >= $1`,
      [SMS_MAX_ATTEMPTS],
    );
    const rows: ClaimedRow[] = (
      await this.dataSource.query(
        `UPDATE sms_outbox o
            SET status = 'sending', locked_by = $1, locked_until = now() + make_interval(secs => $2), attempts = o.attempts + 1
          WHERE o.id IN (
                SELECT id FROM sms_outbox
                 WHERE (status = 'queued' AND next_attempt_at <= now())
                    OR (status = 'sending' AND locked_until < now())
                 ORDER BY id
                 LIMIT $3
                   FOR UPDATE SKIP LOCKED)
        RETURNING o.id, o.phone, o.text, o.kind, o.attempts`,
        [this.instanceId, SMS_LOCK_SECONDS, SMS_BATCH],
      )
    )[0] as ClaimedRow[];
    if (!rows?.length) return 0;

    const valid: ClaimedRow[] = [];
    for (const r of rows) {
      if (parseNepalMobile(r.phone) === r.phone) valid.push(r);
      else await this.record(r, { ok: false, response: { error: 'not a Nepal mobile number: not sent' } }, true);
    }
    let results: SmsResult[] = [];
    if (valid.length) {
      const messages: SmsMessage[] = valid.map((r) => ({ id: r.id, phone: r.phone, text: r.text, kind: r.kind }));
      try {
        results = await this.provider.send(messages);
      } catch (e) {
        results = valid.map(() => ({ ok: false, response: { error: (e as Error).message } }));
      }
    }
    for (const [i, r] of valid.entries()) await this.record(r, results[i] ?? { ok: false, response: { error: 'no result from provider' } });
    return rows.length;
  }

  private async record(row: ClaimedRow, result: SmsResult, permanent = false) {
    const response = JSON.stringify(result.response ?? null);
    if (result.ok) {
      await this.dataSource.query(
        `UPDATE sms_outbox SET status = 'sent', sent_at = now(), provider = $2, provider_response = $3::jsonb, locked_by = NULL, locked_until = NULL
          WHERE id = $1 AND locked_by = $4`,
        [row.id, this.provider.name, response, this.instanceId],
      );
      return;
    }
    const final = permanent || row.attempts >= SMS_MAX_ATTEMPTS;
    await this.dataSource.query(
      `UPDATE sms_outbox
          SET status = $2, provider = $3, provider_response = $4::jsonb, locked_by = NULL, locked_until = NULL,
              next_attempt_at = now() + make_interval(secs => $5)
        WHERE id = $1 AND locked_by = $6`,
      [row.id, final ? 'failed' : 'queued', this.provider.name, response, smsBackoffSeconds(row.attempts), this.instanceId],
    );
    // Never the text: it may hold a code.
    this.logger.warn(`SMS #${row.id} (${row.kind}) to ${maskPhone(row.phone)} ${final ? 'failed' : `attempt ${row.attempts} failed, will retry`}`);
  }
}
