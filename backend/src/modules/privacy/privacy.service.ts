import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ConfigService } from '../../config/config.module';
import { allowLongStatements } from '../../database/statement-timeout';
import { AuditLogRepository } from '../../repositories/audit-log.repository';
import { EnquiryClaimRepository } from '../../repositories/enquiry-claim.repository';
import { FileRepository } from '../../repositories/file.repository';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { TestRideRepository } from '../../repositories/test-ride.repository';
import { removeFiles, StoredNames } from '../file/file-store';
import { erasedIdentityKey } from '../preregistration/erased-identity';
import { PREREGISTRATION_FAILURES } from '../preregistration/preregistration-failures';
import { SettingService } from '../setting/setting.service';
import { SmsService } from '../sms/sms.service';

/** The name an erased customer goes by: the record id, so the draw and the stock still add up per record. */
export const pseudonym = (preregistrationId: number) => `Erased customer ${preregistrationId}`;

/** How often the retention job looks (it is idempotent: a record already purged is skipped). */
const RETENTION_EVERY_MS = 6 * 3600 * 1000;

/**
 * What the app keeps about a person, and when it lets go (docs/security.md, "Privacy").
 *
 * Erasure reaches every table holding a customer's data (the pre-registration, its purchase,
 * their test rides, the SMS sent to their phone, the counters keyed by it, the screenshot),
 * each through its repository or its owner's method, in one transaction: all of it, or nothing.
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
    private readonly preregistrations: PreregistrationRepository,
    private readonly registrations: RegistrationRepository,
    private readonly testRides: TestRideRepository,
    private readonly sms: SmsService,
    private readonly limits: RateLimitService,
    private readonly config: ConfigService,
    private readonly claims: EnquiryClaimRepository,
    private readonly trail: AuditLogRepository,
    private readonly fileRows: FileRepository,
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
    const files: StoredNames[] = [];
    const result = await this.dataSource.transaction(async (em) => {
      const row = await this.preregistrations.lockForErasure(slug);
      if (!row) throw PREREGISTRATION_FAILURES.fail('NotFound');
      if (row.erased) return { already: true };
      const name = pseudonym(row.id);
      const purchasePhones = await this.registrations.eraseForPreregistration(row.id, name);
      // Its draw, prize and status stay, so the stock and the audit trail still add up; a keyed hash of
      // the phone and the number stays too, so the person is still one person (erased-identity.ts).
      const identityKey = this.config.get('privacy').identityKey;
      await this.preregistrations.erase(row.id, name, {
        phone: row.phone ? erasedIdentityKey(identityKey, 'phone', row.phone) : null,
        citizenship_no: row.citizenship_no ? erasedIdentityKey(identityKey, 'citizenship_no', row.citizenship_no) : null,
      });
      // Pending claims of the phone (repositories/enquiry-claim.repository.ts) hold it and a typed name: they go too.
      if (row.phone) await this.claims.deleteOfPhone(row.phone);
      if (row.screenshot_id) files.push(...(await this.fileRows.deleteRows([row.screenshot_id])));
      const phones = [row.phone, ...purchasePhones].filter((p): p is string => !!p);
      if (phones.length) {
        await this.testRides.eraseByPhones(phones, name);
        await this.sms.eraseByPhones(phones);
        await this.limits.forgetPhones(em, phones);
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
    const files: StoredNames[] = [];
    const counts = await this.dataSource.transaction(async (em) => {
      // Every record of the campaign in one go: past the requests' statement timeout at campaign scale.
      await allowLongStatements(em);
      const pre = await this.preregistrations.purgeIdentityDocuments();
      const purchases = await this.registrations.purgeCitizenshipNumbers();
      files.push(...(await this.fileRows.deleteRows(pre.screenshotIds)));
      const records = pre.records + purchases;
      if (records) {
        await this.trail.append({
          user_id: null,
          user_email: 'system',
          branch_id: null,
          action: 'RETENTION purge',
          resource: 'privacy',
          record_key: null,
          fields: { campaign_ends_on: endsOn, retention_days: days, records, files: pre.screenshotIds.length },
          status: 200,
          ip: null,
        });
      }
      return { records, files: pre.screenshotIds.length };
    });
    await removeFiles(this.uploadDir, files);
    if (counts.records) this.logger.log(`retention: purged ${counts.records} records, ${counts.files} files`);
    return counts;
  }
}
