import { randomInt } from 'node:crypto';
import { newSlug } from '../../common/slug';
import { ensureReferrer } from '../../modules/referrer/referrer.service';
import type { DemoStep } from './demo-step';

const FIRST = ['Ram', 'Sita', 'Hari', 'Gita', 'Bikash', 'Sabina', 'Suman', 'Anita', 'Prakash', 'Manisha', 'Rajesh', 'Pooja'];
const LAST = ['Thapa', 'Shrestha', 'Gurung', 'Tamang', 'Rai', 'Karki', 'Adhikari', 'Magar'];
/** Most bookings carry no source; a few came from two campaign links. */
const SOURCES = [null, null, null, 'facebook', 'facebook', 'tiktok'];

/**
 * Demo test rides and bike bookings: three dozen over the last ten days, at the demo
 * branches (in each branch's own place), a third of them bike bookings, some with a
 * traffic source so the referrer report has numbers. No SMS: they are history.
 */
export const seedTestRides: DemoStep = async (em, ctx) => {
  const models: Array<{ id: number }> = await em.query(`SELECT id FROM bike_model ORDER BY id`);
  const branches: Array<{ id: number; state: string; district: string; city: string }> = await em.query(
    `SELECT id, state, district, city FROM branch WHERE id = ANY($1) ORDER BY "order", id`,
    [ctx.branchIds],
  );
  if (!models.length || !branches.length) return;
  const referrers = new Map<string, number | null>();
  for (const s of SOURCES) if (s && !referrers.has(s)) referrers.set(s, await ensureReferrer(em, s));
  for (let i = 0; i < 36; i++) {
    const branch = branches[i % branches.length];
    const source = SOURCES[i % SOURCES.length];
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]}`;
    await em.query(
      `INSERT INTO test_ride (slug, name, email, phone, state, district, city, branch_id, bike_model_id, type, utm_source, referrer_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() - make_interval(secs => $13))`,
      [
        newSlug(),
        name,
        i % 4 === 0 ? null : `${name.toLowerCase().replace(' ', '.')}${i}@example.com`,
        `98${['4', '6', '0'][i % 3]}${String(5_000_000 + i * 7919).padStart(7, '0')}`,
        branch.state,
        branch.district,
        branch.city,
        branch.id,
        models[(i * 7) % models.length].id,
        i % 3 === 0 ? 'BOOKING' : 'TESTRIDE',
        source,
        source ? referrers.get(source) : null,
        randomInt(10 * 86400),
      ],
    );
  }
};
