import { EntityManager } from 'typeorm';
import { addDays, campaignDay, DEFAULT_TZ } from '../../common/time';
import type { DemoContext } from './demo-step';

/** Days of prize scheme the demo gets, from the day it is seeded. */
export const DEMO_SCHEME_DAYS = 7;

/**
 * The demo's prize scheme: for today and the next days, a few public pre-registration
 * prizes, and per branch some branch pre-registration and purchase prizes. Only for a real
 * boot (ctx.uploadDir set): the test templates start with no scheme, so draw tests know
 * their stock exactly.
 */
export async function seedCampaign(em: EntityManager, ctx: DemoContext): Promise<void> {
  if (!ctx.uploadDir) return;
  const today = campaignDay(new Date(), DEFAULT_TZ);
  const rows: Array<[string, number | null, string, number, number, number]> = [];
  for (let d = 0; d < DEMO_SCHEME_DAYS; d++) {
    const day = addDays(today, d);
    rows.push(['preregistration_public', null, day, 1, 10000, 2], ['preregistration_public', null, day, 3, 5000, 10]);
    for (const [i, branchId] of ctx.branchIds.entries()) {
      rows.push(['preregistration_branch', branchId, day, 2, 4000, 10], ['registration_branch', branchId, day, 2, 5000, 10]);
      if (i === 0) rows.push(['registration_branch', branchId, day, 1, 100000, 0.5]);
    }
  }
  // One statement for the whole scheme: row by row it was ~160 round trips of a first start.
  await em.query(
    `INSERT INTO allocation (type, branch_id, date, count, remaining, amount, probability)
     SELECT t, b, d, c, c, a, p FROM unnest($1::text[], $2::int[], $3::date[], $4::int[], $5::int[], $6::numeric[]) AS s(t, b, d, c, a, p)`,
    [0, 1, 2, 3, 4, 5].map((k) => rows.map((r) => r[k])),
  );
}
