import { Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { newSlug } from '../../common/slug';
import { ConfigService } from '../../config/config.module';
import { hashPassword } from '../../common/auth/password';
import { SettingService } from '../../modules/setting/setting.service';
import { seedCatalogue } from './catalogue.seed';
import { seedCampaign } from './campaign.seed';
import { seedSales } from './sales.seed';
import { seedFairDay } from './fair-day.seed';
import { seedTestRides } from './test-ride.seed';
import { seedShares } from './shares.seed';
import { DEMO_BRANCHES, DEMO_LOGINS } from './demo-data';
import { DEMO_PASSWORD_HASHES } from './demo-password-hashes';
import { ROLES } from './roles';
import type { DemoContext, DemoStep } from './demo-step';

/** The demo seed's steps (demo-step.ts), in order: the catalogue first, later steps name its bike models. */
export const DEMO_STEPS: DemoStep[] = [seedCatalogue, seedCampaign, seedSales, seedFairDay, seedTestRides, seedShares];

/** Idempotent seeds: roles on every boot; the demo only into an empty database. */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly config?: ConfigService,
    @Optional() private readonly settings?: SettingService,
  ) {}

  async ensureRoles(): Promise<void> {
    for (const r of ROLES) {
      await this.dataSource.query(
        `INSERT INTO role (title, head_office, permissions) VALUES ($1, $2, $3)
         ON CONFLICT (title) DO UPDATE SET head_office = EXCLUDED.head_office, permissions = EXCLUDED.permissions`,
        [r.title, r.head_office, r.permissions],
      );
    }
  }

  /**
   * Creates the first Super Admin (ADMIN_EMAIL / ADMIN_PASSWORD) when no user has that email.
   * Two replicas booting at once both find none: the email's unique index decides, and the
   * one that loses does nothing (before, it stopped its replica with the unique violation).
   */
  async ensureAdmin(email: string, password: string): Promise<boolean> {
    const hash = await hashPassword(password);
    const rows = await this.dataSource.query(
      `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id)
       SELECT $1, 'Super', 'Admin', lower($2), $3, (SELECT id FROM role WHERE title = 'Super Admin')
       WHERE NOT EXISTS (SELECT 1 FROM "user" WHERE lower(email) = lower($2) AND deleted_at IS NULL)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [newSlug(), email, hash],
    );
    if (rows.length) this.logger.log(`Super Admin ${email} created`);
    return rows.length > 0;
  }

  /** Seeds the demo campaign when no staff user exists yet. Returns true when it seeded. */
  async seedDemoIfEmpty(): Promise<boolean> {
    await this.ensureRoles();
    const [{ count }] = await this.dataSource.query(`SELECT count(*)::int AS count FROM "user"`);
    if (count > 0) return false;
    const hashes = await Promise.all(DEMO_LOGINS.map((l) => DEMO_PASSWORD_HASHES[l.password] ?? hashPassword(l.password)));
    await this.dataSource.transaction(async (em) => {
      // A lock makes two instances booting at once seed only once.
      await em.query(`SELECT pg_advisory_xact_lock(20820001)`);
      const [{ count: again }] = await em.query(`SELECT count(*)::int AS count FROM "user"`);
      if (again > 0) return;
      const branchIds: number[] = [];
      for (const [i, b] of DEMO_BRANCHES.entries()) {
        const email = `${b.title.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
        const [row] = await em.query(
          `INSERT INTO branch (slug, title, title_ne, state, district, city, location, location_ne, email, phone, mobile, "order")
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
          [newSlug(), b.title, b.title_ne, b.state, b.district, b.city, b.location, b.location_ne, email, b.phone, b.mobile, i + 1],
        );
        branchIds.push(row.id);
      }
      for (const [i, l] of DEMO_LOGINS.entries()) {
        await em.query(
          `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id, branch_id, phone)
           VALUES ($1, $2, $3, $4, $5, (SELECT id FROM role WHERE title = $6), $7, $8)`,
          [newSlug(), l.first_name, l.last_name, l.email, hashes[i], l.role, l.branch === null ? null : branchIds[l.branch], `98410000${10 + i}`],
        );
      }
      const ctx: DemoContext = { branchIds, uploadDir: this.config?.get('files').uploadDir };
      for (const step of DEMO_STEPS) await step(em, ctx);
    });
    // The seed writes the settings behind SettingService: values it read before (an app started
    // before seeding makes the brand's pictures ahead) would stay the defaults for 30 s.
    this.settings?.invalidate();
    this.logger.log('demo campaign seeded');
    return true;
  }
}
