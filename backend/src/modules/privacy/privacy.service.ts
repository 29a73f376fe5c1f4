import { Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { ConfigService } from '../../config/config.module';
import { removeFiles } from '../file/file-store';
import { SettingService } from '../setting/setting.service';

/** The name an erased customer goes by: the record id, so the draw and the stock still add up per record. */
export const pseudonym = (preregistrationId: number) => `Erased customer ${preregistrationId}`;

/** How often the retention job looks (it is idempotent: a record already purged is skipped). */
const RETENTION_EVERY_MS = 6 * 3600 * 1000;

/**
 * What the app keeps about a person, and when it lets go (docs/security.md, "Privacy").
 *
 * Erasure is the one write that crosses every table holding a customer's data (the
 * pre-registration, its purchase, their test rides and the SMS sent to their phone), so it
 * lives here rather than in each module: one transaction, or nothing.
 *
 * - On request (a Super Admin, `POST /preregistration/{slug}/erase`): name becomes the
 *   pseudonym, phone, email, address, citizenship number, PAN, vehicle numbers and notes
 *   are blanked, the screenshot file is deleted, the SMS texts to the phone are replaced.
 *   The draw row, the prize and the coupon amounts stay, tied to the record id, so the
 *   allocation stock (remaining = count - awarded) and the audit trail still add up.
 * - By retention (`retention_days` after `campaign_ends_on`): citizenship numbers and
 *   screenshots of every record are purged the same way; the rest stays for the accounts.
 */
@Injectable()
export class PrivacyService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Privacy');
  private timer?: NodeJS.Timeout;

  private readonly uploadDir: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingService,
    config: ConfigService,
  ) {
    this.uploadDir = config.get('files').uploadDir;
  }

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.purgeExpired().catch((e) => this.logger.warn(`retention run failed: ${(e as Error).message}`));
    }, RETENTION_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Erases one customer (a pre-registration, with its purchase, test rides and SMS). 404 for an unknown slug. */
  async erase(actor: AuthUser, slug: string): Promise<{ already: boolean }> {
    const files: Array<{ filename: string; thumbnail_filename: string | null }> = [];
    const result = await this.dataSource.transaction(async (em) => {
      const [row] = await em.query(`SELECT id, phone, screenshot_id, erased_at FROM preregistration WHERE slug = $1 FOR UPDATE`, [slug]);
      if (!row) throw new NotFoundException('Pre-registration not found.');
      if (row.erased_at) return { already: true };
      const name = pseudonym(row.id);
      const regs: Array<{ phone: string }> = await em.query(`SELECT phone FROM registration WHERE preregistration_id = $1 FOR UPDATE`, [row.id]);
      await em.query(
        `UPDATE registration SET name = $2, address = '', citizenship_no = '', pan = NULL, email = NULL, phone = '',
                engine_no = NULL, chasis_no = NULL, registration_no = NULL, note = '', erased_at = now(), updated_at = now()
          WHERE preregistration_id = $1`,
        [row.id, name],
      );
      const phones = [row.phone, ...regs.map((r) => r.phone)].filter((p): p is string => !!p);
      await em.query(
        `UPDATE preregistration SET name = $2, address = NULL, phone = NULL, email = NULL, citizenship_no = NULL, note = NULL,
                roadie = NULL, screenshot_id = NULL, code = NULL, code_expires_at = NULL, erased_at = now(), updated_at = now()
          WHERE id = $1`,
        [row.id, name],
      );
      if (row.screenshot_id) files.push(...(await this.deleteFileRows(em, [row.screenshot_id])));
      if (phones.length) {
        await em.query(`UPDATE test_ride SET name = $2, email = NULL, phone = NULL, erased_at = now() WHERE phone = ANY($1)`, [phones, name]);
        // Messages not sent yet are not sent; sent ones keep their count and kind, not their text.
        await em.query(
          `UPDATE sms_outbox SET phone = '', text = '[erased]', status = CASE WHEN status IN ('queued', 'sending') THEN 'failed' ELSE status END
            WHERE phone = ANY($1)`,
          [phones],
        );
        // A branch's notice of a test ride names the customer and their phone.
        await em.query(`UPDATE sms_outbox SET text = '[erased]' WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) p WHERE position(p IN text) > 0)`, [phones]);
        await em.query(`DELETE FROM rate_limit WHERE ${phones.map((_, i) => `key LIKE '%' || $${i + 1}`).join(' OR ')}`, phones);
      }
      return { already: false };
    });
    await removeFiles(this.uploadDir, files);
    if (!result.already) this.logger.log(`customer erased by user ${actor.id}`);
    return result;
  }

  /**
   * The retention job: once `retention_days` have passed since `campaign_ends_on`, every
   * citizenship number and screenshot is purged (pre-registrations and purchases), and one
   * row says so in the audit trail. Returns what it purged; nothing before the date.
   */
  async purgeExpired(now = new Date()): Promise<{ records: number; files: number }> {
    const { campaign_ends_on: endsOn, retention_days: days } = await this.settings.getAll();
    if (!endsOn) return { records: 0, files: 0 };
    // The end day is a Nepal calendar day: it ends at midnight UTC+05:45.
    const until = Date.parse(`${endsOn}T00:00:00+05:45`) + (Number(days) + 1) * 24 * 3600 * 1000;
    if (!Number.isFinite(until) || now.getTime() < until) return { records: 0, files: 0 };
    const files: Array<{ filename: string; thumbnail_filename: string | null }> = [];
    const counts = await this.dataSource.transaction(async (em) => {
      const pre: Array<{ screenshot_id: number | null }> = returned(await em.query(
        `UPDATE preregistration p SET citizenship_no = NULL, screenshot_id = NULL, updated_at = now()
           FROM (SELECT id, screenshot_id FROM preregistration WHERE citizenship_no IS NOT NULL OR screenshot_id IS NOT NULL FOR UPDATE) old
          WHERE p.id = old.id RETURNING old.screenshot_id`,
      ));
      const reg: unknown[] = returned(await em.query(`UPDATE registration SET citizenship_no = '', updated_at = now() WHERE citizenship_no <> '' RETURNING id`));
      const ids = pre.map((r) => r.screenshot_id).filter((id): id is number => id !== null);
      files.push(...(await this.deleteFileRows(em, ids)));
      const records = pre.length + reg.length;
      if (records) {
        await em.query(
          `INSERT INTO audit_log (user_id, user_email, branch_id, action, resource, record_key, fields, status, ip)
           VALUES (NULL, 'system', NULL, 'RETENTION purge', 'privacy', NULL, $1, 200, NULL)`,
          [{ campaign_ends_on: endsOn, retention_days: days, records, files: ids.length }],
        );
      }
      return { records, files: ids.length };
    });
    await removeFiles(this.uploadDir, files);
    if (counts.records) this.logger.log(`retention: purged ${counts.records} records, ${counts.files} files`);
    return counts;
  }

  private async deleteFileRows(em: EntityManager, ids: number[]) {
    if (!ids.length) return [];
    return returned<{ filename: string; thumbnail_filename: string | null }>(
      await em.query(`DELETE FROM file WHERE id = ANY($1) RETURNING filename, thumbnail_filename`, [ids]),
    );
  }
}

/** TypeORM answers an UPDATE or DELETE ... RETURNING on PostgreSQL as [rows, affected count]. */
const returned = <T>(result: unknown): T[] => (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
