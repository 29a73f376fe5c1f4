import { EntityManager } from 'typeorm';
import { PAYMENT_MODES, PRE_PRIZES, PRIZES } from '@campaign/domain';
import type { DemoStep } from './demo-step';

type Query = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface DemoSalesOptions {
  /** How many customers to make. */
  count: number;
  /** Their branches, in turn. */
  branchIds: number[];
  /** Spread their dates over this many days up to now. */
  days: number;
  /** true: each gets a purchase (registration) with its draw; false: verified, waiting for a purchase. */
  purchased: boolean;
  /** Upper-case letters marking this run's bill, engine and chassis numbers ('B1-D42', 'ENGD42'). */
  tag: string;
}

/**
 * Verified pre-registrations (with their pre-registration draw) and, when `purchased`, their
 * purchases (with the purchase draw and a coupon code), made by set-based SQL: one statement
 * per call whatever the count. Prizes are mostly the base ones, as the real draw gives them;
 * a few carry a traffic source so the referrer report has numbers. Used by the demo seed and
 * by `npm run seed:demo-volume -w backend`.
 */
export async function insertDemoSales(query: Query, o: DemoSalesOptions): Promise<{ preregistrations: number; registrations: number }> {
  if (!/^[A-Z]{1,8}$/.test(o.tag)) throw new Error('insertDemoSales: the tag must be 1-8 upper-case letters');
  const [row] = await query(
    `WITH
     src AS (
       SELECT g,
              ($2::int[])[1 + (g - 1) % array_length($2::int[], 1)] AS branch_id,
              now() - make_interval(secs => floor(random() * $3 * 86400)::int) AS at,
              random() AS luck,
              random() AS luck2,
              CASE WHEN g % 7 = 0 THEN (ARRAY['facebook','tiktok','google'])[1 + (g / 7) % 3] END AS utm
         FROM generate_series(1, $1::int) AS g
     ),
     models AS (SELECT array_agg(id ORDER BY id) AS ids FROM bike_model),
     sources AS (
       INSERT INTO referrer (title, utm_source) VALUES ('facebook', 'facebook'), ('tiktok', 'tiktok'), ('google', 'google')
       ON CONFLICT (utm_source) DO UPDATE SET utm_source = EXCLUDED.utm_source
       RETURNING id, utm_source
     ),
     pre AS (
       INSERT INTO preregistration
         (slug, name, address, phone, citizenship_no, bike_model_id, branch_id, nearest_branch_id, source, shared, utm_source, referrer_id,
          is_verified, verified_at, status, purchased, prize, created_at, updated_at)
       SELECT substr(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), 1, 16),
              (ARRAY['Ram','Sita','Hari','Gita','Bikash','Sabina','Suman','Anita','Prakash','Manisha','Rajesh','Pooja'])[1 + g % 12]
                || ' ' || (ARRAY['Thapa','Shrestha','Gurung','Tamang','Rai','Karki','Adhikari','Magar','Bhandari','Poudel','KC','Limbu'])[1 + (g / 12) % 12],
              (ARRAY['Teku','Baneshwor','Lakeside','Main Road','Chauraha','Traffic Chowk','Bhanu Chowk','Adarsha Nagar'])[1 + g % 8] || ', Nepal',
              -- One pre-registration per phone and per citizenship number: each call (tag) and second gets its own range.
              '9' || (ARRAY['7','8','6'])[1 + g % 3]
                || lpad((((hashtext($6) & 65535)::bigint * 1000003 + extract(epoch FROM now())::bigint * 7 + g) % 100000000)::text, 8, '0'),
              lpad((((hashtext($6) & 65535)::bigint * 1000003 + extract(epoch FROM now())::bigint * 13 + g) % 10000000000)::text, 10, '0'),
              (SELECT ids[1 + g % array_length(ids, 1)] FROM models),
              branch_id, branch_id,
              (ARRAY['NEWSPAPER','SOCIAL MEDIA','RADIO','TVC','EXISTING CUSTOMER','TEST RIDE'])[1 + g % 6],
              luck < 0.3,
              utm, (SELECT s.id FROM sources s WHERE s.utm_source = utm),
              true, at + interval '3 minutes', CASE WHEN $4 THEN 'purchased' ELSE 'verified' END, $4,
              CASE WHEN luck < 0.85 THEN ($5::int[])[1] ELSE ($5::int[])[1 + floor(luck2 * array_length($5::int[], 1))::int] END,
              at, at
         FROM src
       RETURNING id, branch_id, bike_model_id, name, address, phone, citizenship_no, utm_source, prize, created_at
     ),
     pre_draw AS (
       INSERT INTO draw (kind, record_id, amount, audit, created_at)
       SELECT 'preregistration', id, prize, '{"seed": "demo"}'::jsonb, created_at + interval '3 minutes' FROM pre
     ),
     reg AS (
       INSERT INTO registration
         (slug, bill_no, preregistration_id, name, address, citizenship_no, phone, shared, bike_model_id, engine_no, chasis_no,
          payment_mode, branch_id, referred_by, coupon_amount, coupon_code, coupon_code_expires_at, coupon_code_sent_at, created_at, updated_at)
       SELECT substr(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), 1, 16),
              'B' || pre.branch_id || '-' || $6 || pre.id,
              pre.id, pre.name, pre.address, pre.citizenship_no, pre.phone, random() < 0.4, pre.bike_model_id,
              'ENG' || $6 || pre.id, 'CHS' || $6 || pre.id,
              ($7::text[])[1 + floor(random() * array_length($7::text[], 1))::int],
              pre.branch_id,
              (SELECT s.id FROM sources s WHERE s.utm_source = pre.utm_source),
              CASE WHEN random() < 0.85 THEN ($8::int[])[1] ELSE ($8::int[])[1 + floor(random() * 6)::int] END,
              lpad(floor(random() * 1000000)::int::text, 6, '0'),
              now() + interval '30 days',
              NULL,
              least(now(), pre.created_at + make_interval(hours => 1 + floor(random() * 48)::int)),
              now()
         FROM pre
        WHERE $4
       RETURNING id, coupon_amount, created_at
     ),
     reg_draw AS (
       INSERT INTO draw (kind, record_id, amount, audit, created_at)
       SELECT 'registration', id, coupon_amount, '{"seed": "demo"}'::jsonb, created_at FROM reg
     )
     SELECT (SELECT count(*) FROM pre)::int AS preregistrations, (SELECT count(*) FROM reg)::int AS registrations`,
    [o.count, o.branchIds, o.days, o.purchased, [...PRE_PRIZES], o.tag, [...PAYMENT_MODES], [...PRIZES]],
  );
  return { preregistrations: Number(row.preregistrations), registrations: Number(row.registrations) };
}

/**
 * Demo sales: for the first three branches, a few purchases over the last days and a few
 * verified pre-registrations waiting for one ('Proceed with Registration'). Only for a real
 * boot (ctx.uploadDir set): the test templates start with no customers, so tests know
 * their tables exactly.
 */
export const seedSales: DemoStep = async (em: EntityManager, ctx) => {
  if (!ctx.uploadDir) return;
  const branches = ctx.branchIds.slice(0, 3);
  if (!branches.length) return;
  const query: Query = (sql, params) => em.query(sql, params);
  await insertDemoSales(query, { count: branches.length * 4, branchIds: branches, days: 5, purchased: true, tag: 'D' });
  await insertDemoSales(query, { count: branches.length * 2, branchIds: branches, days: 1, purchased: false, tag: 'W' });
};
