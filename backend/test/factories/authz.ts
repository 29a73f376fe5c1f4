import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../src/common/auth/password';
import type { Actor, Call, MatrixContext, Outcome, Side } from '../authz-matrix';
import type { TestApp } from '../harness/test-app';
import { DEMO_PASSWORDS } from '../harness/test-app';
import { addDays } from '../../src/common/time';
import { FairnessService } from '../../src/modules/fairness/fairness.service';
import { allocate, bikeModelId, nextIp, openDay, pendingPreregistration, today, uniqueDigits, uniquePhone } from './campaign';
import { pngBuffer } from './images';
import { makePreregistration } from './purchase';

/** The demo login of each caller of the matrix (anonymous has none). */
export const ACTOR_EMAILS: Record<Exclude<Actor, 'anon'>, string> = {
  staffA: 'staff@example.com',
  staffB: 'staff2@example.com',
  managerA: 'manager@example.com',
  office: 'office@example.com',
  admin: 'admin@example.com',
};

const slug = () => randomBytes(12).toString('base64url');

/** Sends one cell's call of the authorization matrix, signed in with `token` (none: anonymous), from a fresh address. */
export function sendCall(t: TestApp, call: Call, token?: string): import('supertest').Test {
  const http = t.http() as unknown as Record<string, (u: string) => import('supertest').Test>;
  let req = http[call.method.toLowerCase()](call.path).set('X-Forwarded-For', nextIp());
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  if (call.query) req = req.query(call.query);
  if (call.xlsx) req = req.buffer(true).parse(binaryParser as never);
  if (call.files) {
    for (const [k, v] of Object.entries(call.body ?? {})) req = req.field(k, String(v));
    for (const [field, bytes, name] of call.files) req = req.attach(field, bytes, name);
    return req;
  }
  return call.body ? req.send(call.body) : req;
}

/** An answer as the matrix writes it: 'ok' for any 2xx, else the status. */
export const classify = (status: number): Outcome | number => (status >= 200 && status < 300 ? 'ok' : status);

/** Signs a demo user in from a fresh address (the login limit is per address). */
export async function loginToken(t: TestApp, email: string, password = DEMO_PASSWORDS[email]): Promise<string> {
  const res = await t.http().post('/api/v1/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/**
 * Records of branch A (the first branch: staff@, manager@) and branch B (the second:
 * staff2@), made fresh for each cell of the authorization matrix. Purchases go through the
 * API as the branch's own staff, so they are exactly what the app makes.
 */
export async function matrixContext(t: TestApp, tokens: () => Record<Exclude<Actor, 'anon'>, string>): Promise<MatrixContext> {
  const db = t.db;
  const branches: Array<{ id: number; slug: string; title: string }> = await db.query(`SELECT id, slug, title FROM branch ORDER BY "order", id LIMIT 2`);
  const branch = { A: branches[0], B: branches[1] };
  const model = await bikeModelId(db);
  const staffOf = (side: Side): 'staffA' | 'staffB' => (side === 'A' ? 'staffA' : 'staffB');

  const registration = async (side: Side, opts: { deleted?: boolean } = {}) => {
    const pre = await makePreregistration(db, { branchId: branch[side].id });
    const res = await t
      .http()
      .post('/api/v1/registration')
      .set('Authorization', `Bearer ${tokens()[staffOf(side)]}`)
      .set('X-Forwarded-For', nextIp())
      .send({ preregistration_id: pre.slug, bill_no: uniqueDigits(8), name: pre.name, address: 'Teku, Kathmandu', citizenship_no: uniqueDigits(10), bike_model_id: model, payment_mode: 'CASH', send_sms: false });
    if (res.status !== 200) throw new Error(`registration factory: ${res.status} ${JSON.stringify(res.body)}`);
    const [row] = await db.query(`SELECT id, slug, coupon_code FROM registration WHERE slug = $1`, [res.body.data.slug]);
    if (opts.deleted) await db.query(`UPDATE registration SET deleted_at = now() WHERE id = $1`, [row.id]);
    return { slug: row.slug as string, couponCode: row.coupon_code as string };
  };

  return {
    branch,
    branchOf: (actor) => (actor === 'staffA' || actor === 'managerA' ? branch.A.id : actor === 'staffB' ? branch.B.id : null),
    passwordOf: (actor) => DEMO_PASSWORDS[ACTOR_EMAILS[actor as Exclude<Actor, 'anon'>]],
    make: {
      pendingPreregistration: async (side) => {
        const p = await pendingPreregistration(db, { branchId: branch[side].id });
        return { slug: p.slug, code: p.code };
      },
      verifiedPreregistration: async (side) => {
        const p = await makePreregistration(db, { branchId: branch[side].id });
        return { slug: p.slug, name: p.name };
      },
      publicEnquiry: async (side) => {
        const p = await pendingPreregistration(db, { branchId: null });
        await db.query(`UPDATE preregistration SET nearest_branch_id = $2 WHERE slug = $1`, [p.slug, branch[side].id]);
        return { slug: p.slug, code: p.code, phone: p.phone };
      },
      registration,
      testRide: async (side) => {
        const s = slug();
        await db.query(
          `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, type)
           VALUES ($1, 'Matrix Rider', $2, 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', $3, $4, 'TESTRIDE')`,
          [s, uniquePhone(), branch[side].id, model],
        );
        return { slug: s };
      },
      user: async (side) => {
        const s = slug();
        await db.query(
          `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id, branch_id)
           VALUES ($1, 'Matrix', 'Member', $2, 'not-a-hash', (SELECT id FROM role WHERE title = 'Branch Staff'), $3)`,
          [s, `member-${uniqueDigits(10)}@example.com`, branch[side].id],
        );
        return { slug: s };
      },
      spareBranch: async () => {
        const s = slug();
        await db.query(
          `INSERT INTO branch (slug, title, state, district, city, location, "order") VALUES ($1, $2, 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', '', 999)`,
          [s, `Spare ${uniqueDigits(8)}`],
        );
        return { slug: s };
      },
      bikeModel: async () => {
        const s = slug();
        const [row] = await db.query(`INSERT INTO bike_model (slug, title) VALUES ($1, $2) RETURNING id`, [s, `Matrix Model ${uniqueDigits(8)}`]);
        return { slug: s, id: row.id };
      },
      video: async () => {
        const [row] = await db.query(`INSERT INTO video (title, url, amount) VALUES ('Matrix video', 'https://example.com/v', 50000) RETURNING id`);
        return { id: row.id };
      },
      allocation: async (side) => ({ id: await allocate(db, { type: 'preregistration_branch', branchId: branch[side].id, count: 1, amount: 3500, probability: 0, date: openDay() }) }),
      drawId: async () => {
        const pending = await pendingPreregistration(db, { sendSms: false });
        const res = await t.http().post(`/api/v1/enquiry/${pending.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: pending.code });
        if (res.status !== 200) throw new Error(`draw factory: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.data.draw_id as string;
      },
      endedDay: async () => {
        const day = addDays(today(), -1);
        await t.app.get(FairnessService).commitment(db.manager, day);
        return day;
      },
      referrer: async () => {
        const [row] = await db.query(`INSERT INTO referrer (title, utm_source) VALUES ($1, $1) RETURNING id`, [`matrix-${uniqueDigits(10)}`]);
        return { id: row.id };
      },
      smsBatch: async () => {
        const res = await t
          .http()
          .post('/api/v1/sms')
          .set('Authorization', `Bearer ${tokens().admin}`)
          .send({ type: 'MOBILE', mobiles: uniquePhone(), text: 'Matrix batch' });
        if (res.status !== 200) throw new Error(`sms batch factory: ${res.status} ${JSON.stringify(res.body)}`);
        return { id: res.body.data.id };
      },
      png: () => pngBuffer(),
      uniqueDigits,
      phone: uniquePhone,
      bikeModelId: async () => model,
      roleId: async (title) => (await db.query(`SELECT id FROM role WHERE title = $1`, [title]))[0].id,
      today,
      openDay,
    },
  };
}

/** A demo-style user with a password, for tests that need another account of a branch. */
export async function makeUser(db: DataSource, opts: { role: string; branchId: number | null; password?: string }) {
  const email = `user-${uniqueDigits(10)}@example.com`;
  const password = opts.password ?? 'Member@2082';
  const [row] = await db.query(
    `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id, branch_id)
     VALUES ($1, 'Test', 'Member', $2, $3, (SELECT id FROM role WHERE title = $4), $5) RETURNING id, slug`,
    [slug(), email, await hashPassword(password), opts.role, opts.branchId],
  );
  return { id: row.id as number, slug: row.slug as string, email, password };
}

/** Reads an .xlsx answer's first sheet as objects keyed by the header row. */
export async function xlsxObjects(res: Response): Promise<Array<Record<string, string>>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as never);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries((header ?? []).map((h, i) => [h, r[i] ?? ''])));
}

/** supertest parser that keeps a binary answer as a Buffer. */
export function binaryParser(res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

export { uniqueDigits, uniquePhone };
