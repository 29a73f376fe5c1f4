/**
 * A campaign-sized dataset for measuring the product at volume (docs/benchmarks.md):
 * 1,000,000 pre-registrations, 200,000 purchases (registrations), 100,000 test rides, their
 * draws and OTP messages, over ~50 showrooms and 90 days, made by set-based SQL
 * (generate_series) in batches, then VACUUM ANALYZE.
 *
 *   DATABASE_URL=postgres://... npm run seed:large                 # the full size
 *   DATABASE_URL=postgres://... npm run seed:large -- --scale 0.01 # 1 % of it, for a quick look
 *
 * Runs the migrations and the demo seed (roles, logins, branches, catalogue) first when the
 * database is empty. The bench (backend/bench) calls `seedLarge` on its throwaway cluster.
 *
 * The spread is meant to look like a campaign: a few big showrooms and a long tail, most
 * enquiries from the public site, evenings and the last weeks busier, most prizes the base
 * prize. Phones are unique by construction (98/97 prefixes; the bench's new enquiries use 96).
 */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PAYMENT_MODES, PRE_PRIZES, PRIZES, SOURCES } from '@campaign/domain';
import { loadConfig } from '../../config/configuration';
import { dataSourceOptions, runMigrations } from '../data-source';
import { SeedService } from './seed.service';

export interface LargeSeedOptions {
  preregistrations: number;
  registrations: number;
  testRides: number;
  /** Showrooms wanted in all (the demo's ten plus more from the geography). */
  branches: number;
  /** Length of the campaign so far, ending now. */
  days: number;
  /** Rows per INSERT statement. */
  batch: number;
  log?: (line: string) => void;
}

export const LARGE_SEED_DEFAULTS: LargeSeedOptions = {
  preregistrations: 1_000_000,
  registrations: 200_000,
  testRides: 100_000,
  branches: 50,
  days: 90,
  batch: 100_000,
};

/** Tables the seed fills; their plain (non-constraint) indexes are rebuilt after the load. */
const FILLED = ['preregistration', 'registration', 'test_ride', 'draw', 'sms_outbox'];

const FIRST = [
  'Ram', 'Sita', 'Hari', 'Gita', 'Bikash', 'Sabina', 'Suman', 'Anita', 'Prakash', 'Manisha', 'Rajesh', 'Pooja', 'Krishna', 'Laxmi',
  'Bishnu', 'Sarita', 'Dipak', 'Kamala', 'Sunil', 'Radha', 'Nabin', 'Asmita', 'Roshan', 'Srijana', 'Anil', 'Bimala', 'Santosh',
  'Puja', 'Ramesh', 'Sunita', 'Gopal', 'Rita', 'Kiran', 'Binita', 'Sagar', 'Nisha', 'Bibek', 'Sujata', 'Ashok', 'Mina',
];
const LAST = [
  'Thapa', 'Shrestha', 'Gurung', 'Tamang', 'Rai', 'Karki', 'Adhikari', 'Magar', 'Bhandari', 'Poudel', 'KC', 'Limbu', 'Sharma',
  'Khadka', 'Basnet', 'Maharjan', 'Yadav', 'Chaudhary', 'Bhattarai', 'Dahal', 'Pandey', 'Ghimire', 'Shahi', 'Bista', 'Subedi',
  'Koirala', 'Lama', 'Sherpa', 'Oli', 'Joshi',
];
const STREETS = ['Teku', 'Baneshwor', 'Lakeside', 'Main Road', 'Chauraha', 'Traffic Chowk', 'Bhanu Chowk', 'Adarsha Nagar', 'Newroad', 'Bus Park'];

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Weighted pick table: 1000 slots, each slot holding a value, as often as its weight says. */
function slots<T>(values: T[], weight: (i: number) => number): T[] {
  const w = values.map((_, i) => weight(i));
  const total = w.reduce((a, b) => a + b, 0);
  const out: T[] = [];
  values.forEach((v, i) => {
    const n = Math.max(1, Math.round((w[i] / total) * 1000));
    for (let k = 0; k < n; k++) out.push(v);
  });
  return out.slice(0, 1000);
}

/** `arr[1 + floor(random() * len)]`: a weighted pick from a slot array parameter. */
const pick = (param: string, cast: string) => `(${param}::${cast}[])[1 + floor(random() * array_length(${param}::${cast}[], 1))::int]`;

/**
 * A timestamp in the campaign: `d` days before today (Nepal days), at a daytime hour with an
 * evening peak; never in the future.
 */
const campaignTime = (daysExpr: string) => `least(now(), (((now() AT TIME ZONE 'Asia/Kathmandu')::date - (${daysExpr})::int)
      + make_interval(hours => 7 + floor(15 * power(random(), 0.7))::int, mins => floor(random() * 60)::int, secs => floor(random() * 60)::int))
      AT TIME ZONE 'Asia/Kathmandu')`;

export async function seedLarge(query: Query, options: Partial<LargeSeedOptions> = {}): Promise<Record<string, number>> {
  const o = { ...LARGE_SEED_DEFAULTS, ...options };
  const log = o.log ?? (() => undefined);
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  await query(`SET maintenance_work_mem = '256MB'`);
  await query(`SET synchronous_commit = off`);

  // ---- showrooms: the demo's, plus more in real places of the geography
  const [{ n: haveBranches }] = (await query(`SELECT count(*)::int AS n FROM branch`)).rows as Array<{ n: number }>;
  if (haveBranches < o.branches) {
    await query(
      `INSERT INTO branch (slug, title, state, district, city, location, email, phone, mobile, "order")
       SELECT substr(md5(random()::text || clock_timestamp()::text), 1, 16),
              split_part(l.name, ' ', 1) || ' ' || (ARRAY['Motors','Auto Hub','Wheels','Riders','Moto Centre','Two Wheelers'])[1 + (row_number() OVER ()) % 6],
              p.name, d.name, l.name, ($3::text[])[1 + (row_number() OVER ()) % 10],
              'showroom' || ($2 + row_number() OVER ()) || '@example.com',
              '0' || (10 + (row_number() OVER ()) % 89) || '-5' || lpad(((row_number() OVER ()) * 7919 % 100000)::text, 5, '0'),
              '985' || lpad(((row_number() OVER ()) * 104729 % 10000000)::text, 7, '0'),
              $2 + row_number() OVER ()
         FROM (SELECT * FROM geo_local_level WHERE kind ILIKE '%municipal%' ORDER BY md5(name) LIMIT $1) l
         JOIN geo_district d ON d.id = l.district_id
         JOIN geo_province p ON p.id = d.province_id`,
      [o.branches - haveBranches, haveBranches, STREETS],
    );
  }
  const branches = (await query(`SELECT id FROM branch ORDER BY "order", id`)).rows.map((r) => Number(r.id));
  const models = (await query(`SELECT id FROM bike_model ORDER BY "order", id`)).rows.map((r) => Number(r.id));
  if (!branches.length || !models.length) throw new Error('no branches or bike models: seed the demo first');
  // A few big showrooms and a long tail; the first (the demo's staff branch) is the biggest.
  const branchSlots = slots(branches, (i) => 1 / Math.pow(i + 1, 0.8));
  const modelSlots = slots(models, (i) => 1 / Math.pow(i + 1, 0.6));
  const prePrizeSlots = slots([...PRE_PRIZES], (i) => (i === 0 ? 85 : 15 / Math.pow(i, 1.2)));
  const prizeSlots = slots([...PRIZES], (i) => (i === 0 ? 85 : 15 / Math.pow(i, 1.3)));
  const paymentSlots = slots([...PAYMENT_MODES], (i) => [40, 10, 25, 8, 12, 5][i] ?? 1);
  step(`${branches.length} showrooms, ${models.length} bike models`);

  const [{ maxpre }] = (await query(`SELECT COALESCE(max(id), 0)::int AS maxpre FROM preregistration`)).rows as Array<{ maxpre: number }>;
  const [{ maxreg }] = (await query(`SELECT COALESCE(max(id), 0)::int AS maxreg FROM registration`)).rows as Array<{ maxreg: number }>;

  // ---- bulk load without the secondary indexes, then build them once (much faster than row by row)
  const indexes = (
    await query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`,
      [FILLED],
    )
  ).rows as Array<{ indexname: string; indexdef: string }>;
  for (const ix of indexes) await query(`DROP INDEX IF EXISTS "${ix.indexname}"`);
  step(`dropped ${indexes.length} secondary indexes for the load`);

  try {
    // ---- pre-registrations
    const N = o.preregistrations;
    const R = Math.min(o.registrations, N);
    for (let lo = 1; lo <= N; lo += o.batch) {
      const hi = Math.min(N, lo + o.batch - 1);
      await query(
        `INSERT INTO preregistration
           (slug, name, address, phone, email, citizenship_no, bike_model_id, branch_id, nearest_branch_id, source, roadie, shared, send_sms,
            utm_source, is_verified, verified_at, status, purchased, prize, created_at, updated_at, deleted_at)
         SELECT substr(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), 1, 16),
                ($1::text[])[1 + (hashint4(g) & 2147483647) % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + (hashint4(g * 7 + 3) & 2147483647) % array_length($2::text[], 1)],
                ($3::text[])[1 + g % array_length($3::text[], 1)] || ', Nepal',
                '9' || (CASE WHEN g % 2 = 0 THEN '8' ELSE '7' END) || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
                CASE WHEN g % 4 = 0 THEN 'customer' || g || '@example.com' END,
                CASE WHEN purchased OR g % 4 <> 1 THEN lpad(((g::bigint * 104729) % 10000000000)::text, 10, '0') END,
                ${pick('$4', 'int')},
                CASE WHEN at_branch THEN branch END, branch,
                ($5::text[])[1 + g % array_length($5::text[], 1)],
                NULL, random() < 0.3, true,
                CASE WHEN g % 10 = 0 THEN (ARRAY['facebook','tiktok','google'])[1 + (g / 10) % 3] END,
                verified, CASE WHEN verified THEN created + interval '4 minutes' END,
                CASE WHEN purchased THEN 'purchased' WHEN verified THEN 'verified' ELSE 'pending' END,
                purchased,
                CASE WHEN verified THEN ${pick('$6', 'int')} END,
                created, created,
                CASE WHEN NOT purchased AND g % 200 = 7 THEN created + interval '1 day' END
           FROM (
             SELECT g, ${pick('$7', 'int')} AS branch,
                    random() < 0.38 AS at_branch,
                    purchased, purchased OR random() < 0.62 AS verified,
                    ${campaignTime(`floor($8 * power(random(), 1.6))`)} AS created
               FROM (SELECT g, floor(g::bigint * $9 / $10) > floor((g - 1)::bigint * $9 / $10) AS purchased
                       FROM generate_series($11::int, $12::int) AS g) s
           ) src`,
        [FIRST, LAST, STREETS, modelSlots, [...SOURCES], prePrizeSlots, branchSlots, o.days, R, N, lo, hi],
      );
      step(`pre-registrations ${hi.toLocaleString('en')}/${N.toLocaleString('en')}`);
    }

    // ---- their draws and the OTP each one was sent
    await query(
      `INSERT INTO draw (kind, record_id, amount, audit, created_at)
       SELECT 'preregistration', id, prize, '{"seed": "large"}'::jsonb, verified_at FROM preregistration WHERE id > $1 AND prize IS NOT NULL`,
      [maxpre],
    );
    step('pre-registration draws');
    await query(
      `INSERT INTO sms_outbox (phone, text, kind, status, attempts, provider, sent_at, next_attempt_at, created_at)
       SELECT phone, 'Your Campaign 2082 code is ' || lpad((id % 1000000)::text, 6, '0') || '. It expires in 10 minutes.', 'otp', 'sent', 1, 'log',
              created_at + interval '2 seconds', created_at, created_at
         FROM preregistration WHERE id > $1`,
      [maxpre],
    );
    step('OTP messages');

    // ---- purchases of the purchased pre-registrations, at their branch (the nearest one for public enquiries)
    await query(
      `INSERT INTO registration
         (slug, bill_no, preregistration_id, name, address, citizenship_no, email, phone, shared, bike_model_id, engine_no, chasis_no,
          registration_no, payment_mode, branch_id, send_sms, coupon_amount, coupon_code, coupon_code_expires_at, coupon_verified_at,
          created_at, updated_at, deleted_at)
       SELECT substr(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), 1, 16),
              'B' || COALESCE(p.branch_id, p.nearest_branch_id) || '-L' || p.id,
              p.id, p.name, p.address, p.citizenship_no, p.email, p.phone, random() < 0.4, p.bike_model_id,
              'ENGL' || p.id, 'CHSL' || p.id,
              CASE WHEN p.id % 3 = 0 THEN 'BA ' || (1 + p.id % 99) || ' PA ' || (p.id % 10000) END,
              ${pick('$2', 'text')},
              COALESCE(p.branch_id, p.nearest_branch_id), true,
              ${pick('$3', 'int')},
              lpad((p.id % 1000000)::text, 6, '0'), now() + interval '30 days',
              CASE WHEN p.id % 2 = 0 THEN least(now(), p.verified_at + interval '2 days') END,
              at, at,
              CASE WHEN p.id % 331 = 5 THEN at + interval '1 day' END
         FROM (SELECT p.*, least(now(), p.verified_at + make_interval(hours => 1 + floor(random() * 240)::int)) AS at
                 FROM preregistration p WHERE p.id > $1 AND p.purchased) p`,
      [maxpre, paymentSlots, prizeSlots],
    );
    await query(
      `INSERT INTO draw (kind, record_id, amount, audit, created_at)
       SELECT 'registration', id, coupon_amount, '{"seed": "large"}'::jsonb, created_at FROM registration WHERE id > $1`,
      [maxreg],
    );
    step('registrations and their draws');

    // ---- test rides and bookings at the showrooms, some from campaign links
    const referrers = (
      await query(
        `INSERT INTO referrer (title, utm_source) VALUES ('facebook', 'facebook'), ('tiktok', 'tiktok'), ('google', 'google')
         ON CONFLICT (utm_source) DO UPDATE SET utm_source = EXCLUDED.utm_source RETURNING id, utm_source`,
      )
    ).rows as Array<{ id: number; utm_source: string }>;
    await query(
      `INSERT INTO test_ride (slug, name, email, phone, state, district, city, branch_id, bike_model_id, type, utm_source, referrer_id, created_at)
       SELECT substr(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), 1, 16),
              ($1::text[])[1 + (hashint4(g + 11) & 2147483647) % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + (hashint4(g * 5) & 2147483647) % array_length($2::text[], 1)],
              CASE WHEN g % 3 = 0 THEN 'rider' || g || '@example.com' END,
              '98' || lpad(((g::bigint * 15485863) % 100000000)::text, 8, '0'),
              b.state, b.district, b.city, b.id, src.model,
              CASE WHEN g % 3 = 0 THEN 'BOOKING' ELSE 'TESTRIDE' END,
              src.utm, (SELECT r.id FROM unnest($5::int[], $6::text[]) AS r(id, utm) WHERE r.utm = src.utm),
              src.created
         FROM (SELECT g, ${pick('$3', 'int')} AS branch, ${pick('$4', 'int')} AS model,
                      CASE WHEN g % 7 = 0 THEN (ARRAY['facebook','tiktok','google'])[1 + (g / 7) % 3] END AS utm,
                      ${campaignTime(`floor($7 * power(random(), 1.4))`)} AS created
                 FROM generate_series(1, $8::int) AS g) src
         JOIN branch b ON b.id = src.branch`,
      [FIRST, LAST, branchSlots, modelSlots, referrers.map((r) => r.id), referrers.map((r) => r.utm_source), o.days, o.testRides],
    );
    step('test rides');
  } finally {
    for (const ix of indexes) await query(ix.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, (m) => m.replace('INDEX ', 'INDEX IF NOT EXISTS ')));
    step(`rebuilt ${indexes.length} indexes`);
  }
  for (const t of [...FILLED, 'branch', 'referrer']) await query(`VACUUM (ANALYZE) ${t}`);
  step('VACUUM ANALYZE');

  const counts = (
    await query(
      `SELECT (SELECT count(*) FROM preregistration)::int AS preregistrations, (SELECT count(*) FROM registration)::int AS registrations,
              (SELECT count(*) FROM test_ride)::int AS test_rides, (SELECT count(*) FROM draw)::int AS draws,
              (SELECT count(*) FROM sms_outbox)::int AS sms, (SELECT count(*) FROM branch)::int AS branches`,
    )
  ).rows[0] as Record<string, number>;
  return counts;
}

function parseArgs(argv: string[]): Partial<LargeSeedOptions> {
  const out: Partial<LargeSeedOptions> = {};
  const num = (v: string | undefined, name: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    const value = () => inline ?? argv[++i];
    if (flag === '--scale') {
      const s = num(value(), 'scale');
      out.preregistrations = Math.max(10, Math.round(LARGE_SEED_DEFAULTS.preregistrations * s));
      out.registrations = Math.max(2, Math.round(LARGE_SEED_DEFAULTS.registrations * s));
      out.testRides = Math.max(1, Math.round(LARGE_SEED_DEFAULTS.testRides * s));
    } else if (flag === '--preregistrations') out.preregistrations = num(value(), 'preregistrations');
    else if (flag === '--registrations') out.registrations = num(value(), 'registrations');
    else if (flag === '--test-rides') out.testRides = num(value(), 'test-rides');
    else if (flag === '--branches') out.branches = num(value(), 'branches');
    else if (flag === '--days') out.days = num(value(), 'days');
    else throw new Error(`unknown option ${flag} (--scale, --preregistrations, --registrations, --test-rides, --branches, --days)`);
  }
  return out;
}

/** Migrations, roles and the demo (when the database is empty), then the large dataset. */
export async function seedLargeAt(url: string, options: Partial<LargeSeedOptions> = {}): Promise<Record<string, number>> {
  await runMigrations(url);
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  try {
    await new SeedService(ds).seedDemoIfEmpty();
  } finally {
    await ds.destroy();
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await seedLarge((sql, params) => client.query(sql, params), options);
  } finally {
    await client.end();
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { database } = loadConfig();
  if (!database.url) throw new Error('DATABASE_URL must name the database to fill (the embedded database is not used here)');
  const started = Date.now();
  const counts = await seedLargeAt(database.url, { ...options, log: (l) => process.stdout.write(`${l}\n`) });
  process.stdout.write(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}\n`);
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
