/**
 * The bench's baseline: a minimal node:http + pg server with no framework, no cache, no
 * validation library and no auth, doing the same SQL as the product's endpoints for the
 * bench's scenarios. The product's figures are reported as ratios against it, measured in
 * the same run on the same machine (docs/benchmarks.md).
 *
 *   DATABASE_URL=postgres://... PORT=4001 node bench/register.js bench/baseline-server.ts
 *
 * Staff tables take the branch scope from the x-bench-branch header (no login here).
 */
import { randomInt } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import ExcelJS from 'exceljs';
import { Pool, PoolClient } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const TZ = 'Asia/Kathmandu';
const EXACT_UP_TO = 10_000;

type Row = Record<string, unknown>;
const q = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as Row[];

function json(res: ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const image = (f: Row | undefined) =>
  f && f.id ? { id: f.id, url: `/uploads/${f.filename}`, thumbnail_url: f.thumbnail_filename ? `/uploads/${f.thumbnail_filename}` : null, width: f.width, height: f.height } : null;

// ------------------------------------------------------------------ the landing page's reads

async function settings(res: ServerResponse) {
  const rows = await q(`SELECT key, value FROM setting WHERE key = ANY($1)`, [
    ['logo_id', 'notice_id', 'scheme', 'terms', 'policy', 'video', 'brand_name', 'campaign_name', 'social_links', 'support_phones', 'official_website', 'roadies'],
  ]);
  const v: Row = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const files = await q(`SELECT id, filename, thumbnail_filename, width, height FROM file WHERE id = ANY($1)`, [[v.logo_id ?? 0, v.notice_id ?? 0]]);
  const byId = new Map(files.map((f) => [f.id, f]));
  json(res, 200, {
    data: {
      logo: image(byId.get(v.logo_id)),
      scheme: v.scheme ?? '',
      terms: v.terms ?? '',
      policy: v.policy ?? '',
      video: v.video ?? null,
      notice: image(byId.get(v.notice_id)),
      captcha_site_key: null,
      brand_name: v.brand_name,
      campaign_name: v.campaign_name,
      social_links: v.social_links ?? [],
      support_phones: v.support_phones ?? [],
      official_website: v.official_website ?? null,
      options: { roadies: v.roadies ?? [] },
    },
  });
}

async function branches(res: ServerResponse) {
  const rows = await q(`SELECT id, title, state, district, city, location, "order" FROM branch ORDER BY "order", id`);
  json(res, 200, { data: { data: rows } });
}

async function bikeModels(res: ServerResponse) {
  const rows = await q(
    `SELECT m.id, m.title, f.id AS fid, f.filename, f.thumbnail_filename, f.width, f.height
       FROM bike_model m LEFT JOIN file f ON f.id = m.thumbnail_id ORDER BY m."order", m.id`,
  );
  json(res, 200, { data: rows.map((r) => ({ id: r.id, title: r.title, thumbnail: image(r.fid ? { ...r, id: r.fid } : undefined) })) });
}

async function videos(res: ServerResponse) {
  const rows = await q(
    `SELECT v.id, v.title, v.url, v.amount, f.id AS fid, f.filename, f.thumbnail_filename, f.width, f.height
       FROM video v LEFT JOIN file f ON f.id = v.thumbnail_id ORDER BY v.amount DESC, v.id DESC`,
  );
  json(res, 200, {
    data: rows.map((r) => ({ id: r.id, title: r.title, url: r.url, amount: r.amount, thumbnail: image(r.fid ? { ...r, id: r.fid } : undefined) })),
  });
}

// ------------------------------------------------------------------ POST /enquiry

async function readBody(req: IncomingMessage): Promise<Row> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

async function enquiry(req: IncomingMessage, res: ServerResponse) {
  const b = await readBody(req);
  const phone = String(b.phone ?? '');
  if (!/^9[678]\d{8}$/.test(phone) || !b.name) return json(res, 422, { message: 'invalid', errors: { phone: ['invalid'] } });
  // The same statements as the product: per-phone counter, reference and duplicate checks, then one transaction.
  await q(
    `INSERT INTO rate_limit (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET hits = CASE WHEN rate_limit.reset_at <= now() THEN 1 ELSE rate_limit.hits + 1 END,
       reset_at = CASE WHEN rate_limit.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit.reset_at END
     RETURNING hits, ceil(extract(epoch FROM reset_at - now()))::int AS ttl`,
    [`enquiry:phone:${phone}`, 3600],
  );
  const errors: Record<string, string[]> = {};
  if (!(await q(`SELECT 1 FROM bike_model WHERE id = $1`, [b.bike_model_id])).length) errors.bike_model_id = ['invalid'];
  if (!(await q(`SELECT 1 FROM branch WHERE id = $1`, [b.nearest_branch_id])).length) errors.nearest_branch_id = ['invalid'];
  if ((await q(`SELECT 1 FROM preregistration WHERE phone = $1 AND NOT purchased AND deleted_at IS NULL AND id <> $2`, [phone, 0])).length) errors.phone = ['taken'];
  if (Object.keys(errors).length) return json(res, 422, { message: 'invalid', errors });
  const c = await pool.connect();
  let row: Row;
  try {
    await c.query('BEGIN');
    [row] = (
      await c.query(
        `INSERT INTO preregistration (slug, name, address, phone, email, citizenship_no, bike_model_id, nearest_branch_id, source, roadie, shared,
                                      utm_source, send_sms, branch_id, created_by, screenshot_id, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, NULL, NULL, NULL, 'pending')
         RETURNING id, slug, name, phone, is_verified, prize, created_at, updated_at`,
        [slug(), b.name, b.address ?? null, phone, b.email ?? null, b.citizenship_no ?? null, b.bike_model_id, b.nearest_branch_id, b.source, b.roadie ?? null, b.shared ?? true, b.utm_source ?? null],
      )
    ).rows;
    await issueCode(c, row);
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK');
    throw e;
  } finally {
    c.release();
  }
  const masked = `${phone.slice(0, 2)}******${phone.slice(-2)}`;
  json(res, 200, {
    data: { slug: row.slug, name: row.name, phone: masked, is_verified: row.is_verified, prize: row.prize },
    message: `Thank you for registering. We have sent a 6-digit code to ${masked}.`,
  });
}

async function issueCode(c: PoolClient, row: Row) {
  await c.query(`SELECT pg_advisory_xact_lock(hashtext('otp:' || $1))`, [row.phone]);
  await c.query(
    `SELECT count(*) FILTER (WHERE created_at >= $2)::int AS today, extract(epoch FROM now() - max(created_at))::float8 AS since_last
       FROM sms_outbox WHERE phone = $1 AND kind = 'otp' AND created_at >= least($2::timestamptz, now() - make_interval(secs => $3))`,
    [row.phone, new Date(Date.now() - 6 * 3600_000), 60],
  );
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  await c.query(
    `UPDATE preregistration SET code = $2, code_expires_at = now() + make_interval(secs => $3), code_attempts = 0, code_sent_at = now() WHERE id = $1`,
    [row.id, code, 600],
  );
  await c.query(`INSERT INTO sms_outbox (phone, text, kind, batch_id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`, [
    [row.phone],
    [`Your Campaign 2082 code is ${code}. It expires in 10 minutes.`],
    ['otp'],
    [null],
  ]);
}

const slug = () => randomInt(2 ** 47).toString(36).padStart(10, '0') + randomInt(2 ** 30).toString(36).padStart(6, '0');

// ------------------------------------------------------------------ staff tables

/** The product's paging: a LIMITed count, the planner's estimate above it, ids first for deep pages. */
async function count(from: string, params: unknown[]): Promise<number> {
  const [plan] = await q(`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`, params);
  const estimate = Math.round((plan['QUERY PLAN'] as Array<{ Plan: { 'Plan Rows': number } }>)[0].Plan['Plan Rows']);
  if (estimate >= 5 * EXACT_UP_TO) return estimate;
  const [{ n }] = await q(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_UP_TO + 1}) c`, params);
  return (n as number) <= EXACT_UP_TO ? (n as number) : Math.max(n as number, estimate);
}

interface TableDef {
  alias: string;
  from: string;
  /** The table alone: the count and a deep page's ids need none of the joins (the product drops them too). */
  bare: string;
  /** The column a branch user's rows are scoped by. */
  owner: string;
  order: string;
  search: string[];
  columns: string;
  filters: (p: URLSearchParams, add: (sql: string, value: unknown) => void) => void;
}

const TABLES: Record<string, TableDef> = {
  preregistration: {
    alias: 'p',
    from: `FROM preregistration p LEFT JOIN branch branch ON branch.id = p.branch_id LEFT JOIN branch nearest_branch ON nearest_branch.id = p.nearest_branch_id
           LEFT JOIN bike_model bike_model ON bike_model.id = p.bike_model_id`,
    bare: 'FROM preregistration p',
    owner: 'p.owner_branch_id',
    order: 'p.created_at DESC, p.id DESC',
    search: ['p.name', 'p.phone'],
    columns: `p.id, p.slug, p.name, p.phone, p.email, p.address, p.citizenship_no, p.bike_model_id, p.branch_id, p.nearest_branch_id, p.source, p.roadie,
              p.shared, p.is_verified, p.purchased, p.prize, p.status, p.created_at, p.updated_at, branch.id AS b_id, branch.title AS b_title,
              nearest_branch.id AS nb_id, nearest_branch.title AS nb_title, bike_model.title AS bike_model`,
    filters: (p, add) => {
      if (p.get('phone')) add('p.phone = $', p.get('phone'));
      if (p.get('bike_model')) add('p.bike_model_id = $', Number(p.get('bike_model')));
      if (p.get('prize')) add('p.prize = $', Number(p.get('prize')));
    },
  },
  registration: {
    alias: 'r',
    from: `FROM registration r LEFT JOIN bike_model bike_model ON bike_model.id = r.bike_model_id LEFT JOIN branch branch ON branch.id = r.branch_id
           LEFT JOIN preregistration preregistration ON preregistration.id = r.preregistration_id`,
    bare: 'FROM registration r',
    owner: 'r.branch_id',
    order: 'r.created_at DESC, r.id DESC',
    search: ['r.name', 'r.phone', 'r.bill_no'],
    columns: `r.id, r.slug, r.bill_no, r.name, r.phone, r.address, r.citizenship_no, r.email, r.shared, r.payment_mode, r.coupon_amount, r.created_at,
              r.updated_at, r.branch_id, r.bike_model_id, bike_model.title AS bike_model, branch.title AS branch, branch.city AS city,
              preregistration.slug AS pre_slug, preregistration.prize AS pre_prize`,
    filters: (p, add) => {
      if (p.get('payment_mode')) add('r.payment_mode = $', p.get('payment_mode'));
      if (p.get('bike_model')) add('r.bike_model_id = $', Number(p.get('bike_model')));
      if (p.get('branch')) add('r.branch_id = $', Number(p.get('branch')));
      if (p.get('post_prize')) add('r.coupon_amount = $', Number(p.get('post_prize')));
      if (p.get('pre_prize')) add('r.pre_prize = $', Number(p.get('pre_prize')));
      if (p.get('prize')) add('r.total_prize = $', Number(p.get('prize')));
      if (p.get('shared')) add('r.shared = $', p.get('shared') === '1');
      if (p.get('from')) add(`r.created_at >= ($::date::timestamp AT TIME ZONE '${TZ}')`, p.get('from'));
      if (p.get('to')) add(`r.created_at < (($::date + 1)::timestamp AT TIME ZONE '${TZ}')`, p.get('to'));
    },
  },
};

async function table(def: TableDef, url: URL, req: IncomingMessage, res: ServerResponse) {
  const p = url.searchParams;
  const where = [`${def.alias}.deleted_at IS NULL`];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('$', `$${params.length}`));
  };
  const scope = req.headers['x-bench-branch'];
  if (scope) add(`${def.owner} = $`, Number(scope));
  def.filters(p, add);
  const totalWhere = [...where];
  const totalParams = [...params];
  const search = (p.get('search[value]') ?? '').trim();
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(${def.search.map((s) => `${s}::text ILIKE $${params.length}`).join(' OR ')})`);
  }
  const start = Number(p.get('start') ?? 0);
  const length = Number(p.get('length') ?? 10);
  const from = `${def.from} WHERE ${where.join(' AND ')}`;
  const bare = `${def.bare} WHERE ${where.join(' AND ')}`;
  const [recordsTotal, recordsFiltered, rows] = await Promise.all([
    count(`${def.bare} WHERE ${totalWhere.join(' AND ')}`, totalParams),
    search ? count(bare, params) : undefined,
    (async () => {
      if (start < 200) return q(`SELECT ${def.columns} ${from} ORDER BY ${def.order} OFFSET ${start} LIMIT ${length}`, params);
      const ids = (await q(`SELECT ${def.alias}.id ${bare} ORDER BY ${def.order} OFFSET ${start} LIMIT ${length}`, params)).map((r) => r.id);
      if (!ids.length) return [];
      return q(`SELECT ${def.columns} ${def.from} WHERE ${def.alias}.id = ANY($1) ORDER BY ${def.order}`, [ids]);
    })(),
  ]);
  json(res, 200, { data: rows, input: { length, start, draw: Number(p.get('draw') ?? 0) }, recordsTotal, recordsFiltered: recordsFiltered ?? recordsTotal });
}

// ------------------------------------------------------------------ the registration download

const EXPORT_COLUMNS = [
  'bill_no', 'name', 'bike_model', 'branch', 'city', 'registered', 'payment_mode', 'pre_prize', 'post_prize', 'total', 'phone', 'address',
  'citizenship_no', 'email', 'engine_no', 'chasis_no', 'registration_no', 'shared',
];

async function download(req: IncomingMessage, res: ServerResponse) {
  const c = await pool.connect();
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const scope = req.headers['x-bench-branch'];
    await c.query(
      `DECLARE export_cursor NO SCROLL CURSOR FOR
       SELECT r.bill_no, r.name, r.phone, r.address, r.citizenship_no, r.email, bike_model.title AS bike_model, branch.title AS branch, branch.city AS city,
              to_char(r.created_at AT TIME ZONE $1, 'YYYY-MM-DD HH24:MI') AS registered, r.payment_mode, r.engine_no, r.chasis_no, r.registration_no,
              preregistration.prize AS pre_prize, r.coupon_amount AS post_prize, r.shared
         ${TABLES.registration.from}
        WHERE r.deleted_at IS NULL ${scope ? 'AND r.branch_id = $2' : ''}
        ORDER BY r.created_at DESC, r.id DESC`,
      scope ? [TZ, Number(scope)] : [TZ],
    );
    res.writeHead(200, { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="Registrations.xlsx"' });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Registrations');
    sheet.columns = EXPORT_COLUMNS.map((h, i) => ({ header: h, key: String(i), width: 18 }));
    sheet.getRow(1).commit();
    for (;;) {
      const { rows } = await c.query(`FETCH FORWARD 1000 FROM export_cursor`);
      for (const r of rows) {
        const total = (r.pre_prize ?? 0) + (r.post_prize ?? 0);
        sheet.addRow([r.bill_no, r.name, r.bike_model, r.branch, r.city, r.registered, r.payment_mode, r.pre_prize, r.post_prize, total, r.phone, r.address,
          r.citizenship_no, r.email, r.engine_no, r.chasis_no, r.registration_no, r.shared ? 'Yes' : 'No'].map((v) => v ?? '')).commit();
      }
      if (rows.length < 1000) break;
    }
    await c.query('COMMIT');
    sheet.commit();
    await workbook.commit();
  } finally {
    c.release();
  }
}

// ------------------------------------------------------------------ routing

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const route = async () => {
    if (req.method === 'GET' && path === '/api/v1/settings') return settings(res);
    if (req.method === 'GET' && path === '/api/v1/branches') return branches(res);
    if (req.method === 'GET' && path === '/api/v1/bike-models') return bikeModels(res);
    if (req.method === 'GET' && path === '/api/v1/videos') return videos(res);
    if (req.method === 'POST' && path === '/api/v1/enquiry') return enquiry(req, res);
    if (req.method === 'GET' && path === '/api/v1/preregistration') return table(TABLES.preregistration, url, req, res);
    if (req.method === 'GET' && path === '/api/v1/registration') return table(TABLES.registration, url, req, res);
    if (req.method === 'GET' && path === '/api/v1/registration/download') return download(req, res);
    if (req.method === 'GET' && path === '/api/v1/health') return json(res, 200, { status: 'ok' });
    json(res, 404, { message: 'Not found' });
  };
  route().catch((e) => {
    if (!res.headersSent) json(res, 500, { message: String(e instanceof Error ? e.message : e) });
    else res.destroy();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 4001), '127.0.0.1', () => process.stdout.write(`baseline listening on ${process.env.PORT}\n`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => pool.end().then(() => process.exit(0))));
