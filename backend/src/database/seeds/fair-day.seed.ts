import { EntityManager } from 'typeorm';
import { addDays, campaignDay, DEFAULT_TZ, localToUtc } from '../../common/time';
import { SETTING_DEFAULTS } from '../../modules/setting/setting.defaults';
import { newSlug } from '../../common/slug';
import { insertFairDay } from './fair-day';
import type { DemoStep } from './demo-step';

const NAMES = ['Asha Tamang', 'Bimal Shrestha', 'Chandra Rai', 'Deepa Gurung', 'Ganesh Thapa', 'Hira Magar', 'Indira Karki', 'Janak Poudel', 'Kamala Limbu', 'Laxman KC'];

/**
 * Yesterday, as a revealed day of the provably fair draw (docs/fairness.md): its public
 * scheme, committed at 22:00 the evening before, and 30 visitors who registered and drew
 * through the day. A fresh demo so has a day that `/fairness` and `npm run verify-draws`
 * can check at once; today's draws become checkable tomorrow. Only for a real boot.
 */
export const seedFairDay: DemoStep = async (em: EntityManager, ctx) => {
  if (!ctx.uploadDir) return;
  const yesterday = addDays(campaignDay(new Date(), DEFAULT_TZ), -1);
  const [model] = await em.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
  const records: Array<{ id: number; at: Date }> = [];
  for (let i = 0; i < 30; i++) {
    const at = new Date(localToUtc(yesterday, '09:00', DEFAULT_TZ).getTime() + i * 17 * 60_000);
    const [row] = await em.query(
      `INSERT INTO preregistration (slug, name, address, phone, citizenship_no, bike_model_id, branch_id, nearest_branch_id, source, shared,
                                    is_verified, verified_at, status, purchased, created_at, updated_at)
       VALUES ($1, $2, 'Baneshwor, Nepal', $3, $4, $5, NULL, $6, 'SOCIAL MEDIA', false, true, $7, 'verified', false, $7, $7) RETURNING id`,
      [newSlug(), NAMES[i % NAMES.length], `9850${String(100000 + i).slice(-6)}`, `2082${String(1000000 + i).slice(-7)}`, model?.id ?? null, ctx.branchIds[i % ctx.branchIds.length] ?? null, at],
    );
    records.push({ id: row.id, at });
  }
  const query = (sql: string, params?: unknown[]) => em.query(sql, params);
  await insertFairDay(query, {
    day: yesterday,
    tz: DEFAULT_TZ,
    scheme: [
      { amount: 10000, count: 1, probability: 5 },
      { amount: 5000, count: 2, probability: 15 },
      { amount: 4000, count: 3, probability: 25 },
    ],
    records,
    baseAmount: SETTING_DEFAULTS.base_prize_preregistration,
  });
};
