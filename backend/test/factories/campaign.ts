import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { INestApplication } from '@nestjs/common';
import { Clock } from '../../src/common/clock';
import { addDays, campaignDay, localToUtc } from '../../src/common/time';
import { FairnessService } from '../../src/modules/fairness/fairness.service';
import type { TestApp } from '../harness/test-app';

/**
 * Factories for the campaign tests (enquiry, OTP, draw, SMS). The app runs with
 * TRUST_PROXY=loopback, so each public call can come from its own address (X-Forwarded-For)
 * and the per-address limits only bite where a test means them to.
 */
export const CAMPAIGN_ENV = { TRUST_PROXY: 'loopback' };

let ipSeq = 0;
export function nextIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

let seq = 0;
/** A fresh valid Nepal mobile number per call (one open pre-registration per phone). */
export function uniquePhone(): string {
  seq += 1;
  const n = (Number.parseInt(randomBytes(3).toString('hex'), 16) * 1000 + seq) % 100_000_000;
  return `98${String(n).padStart(8, '0')}`;
}

export function uniqueDigits(length = 10): string {
  seq += 1;
  return `${Date.now()}${seq}${Number.parseInt(randomBytes(4).toString('hex'), 16)}`.slice(-length);
}

export async function branchIds(db: DataSource): Promise<number[]> {
  return (await db.query(`SELECT id FROM branch ORDER BY "order", id`)).map((r: { id: number }) => r.id);
}

/** A bike model's id (made when the catalogue has none). */
export async function bikeModelId(db: DataSource, title = 'Campaign Test Model'): Promise<number> {
  const [found] = await db.query(`SELECT id FROM bike_model WHERE lower(title) = lower($1)`, [title]);
  if (found) return found.id;
  const [row] = await db.query(`INSERT INTO bike_model (slug, title) VALUES ($1, $2) RETURNING id`, [randomBytes(12).toString('base64url'), title]);
  return row.id;
}

export const today = () => campaignDay();

/** The first day whose prize scheme may still change at any hour: today's is committed, and tomorrow's from 22:00 (docs/fairness.md). */
export const openDay = () => addDays(campaignDay(), 2);

/** The public form's fields (the required ones and a few more). */
export async function enquiryBody(db: DataSource, over: Record<string, unknown> = {}) {
  const [first] = await branchIds(db);
  return {
    name: 'Ram Bahadur Thapa',
    phone: uniquePhone(),
    bike_model_id: await bikeModelId(db),
    source: 'SOCIAL MEDIA',
    nearest_branch_id: first,
    citizenship_no: uniqueDigits(11),
    ...over,
  };
}

/** The staff form's fields for a new pre-registration (POST /preregistration as JSON). */
export function staffPreregistrationBody(bikeModel: number, branchId: number, over: Record<string, unknown> = {}) {
  return {
    name: 'Sita Sharma',
    address: 'Kupondole Lalitpur',
    phone: uniquePhone(),
    citizenship_no: uniqueDigits(11),
    bike_model_id: bikeModel,
    source: 'NEWSPAPER',
    nearest_branch_id: branchId,
    ...over,
  };
}

/** A staff pre-registration sent as the form sends one with a screenshot (multipart, no SMS). */
export function postStaffScreenshot(t: TestApp, auth: string, name: string, bytes: Buffer, file: { filename: string; contentType: string }) {
  return t
    .http()
    .post('/api/v1/preregistration')
    .set('Authorization', auth)
    .field('name', name)
    .field('address', 'Teku')
    .field('phone', uniquePhone())
    .field('citizenship_no', uniqueDigits(11))
    .field('send_sms', 'false')
    .attach('screenshot', bytes, file);
}

/** The current code of a pre-registration, read the way only the database can. */
export async function codeOf(db: DataSource, slug: string): Promise<string | null> {
  const [row] = await db.query(`SELECT code FROM preregistration WHERE slug = $1`, [slug]);
  return row?.code ?? null;
}

/** A code that is not the current one. */
export function wrongCode(code: string | null): string {
  return code === '000000' ? '111111' : '000000';
}

/** Removes every allocation (and draw, and day commitment) so a test knows the stock exactly. */
export async function clearScheme(db: DataSource) {
  await db.query(`DELETE FROM draw`);
  await db.query(`DELETE FROM allocation`);
  await db.query(`DELETE FROM draw_day`);
}

export async function allocate(
  db: DataSource,
  opts: { type: 'preregistration_public' | 'preregistration_branch' | 'registration_branch'; branchId?: number | null; count: number; amount: number; probability: number; date?: string },
): Promise<number> {
  const day = opts.date ?? today();
  return db.transaction(async (em) => {
    // Under the day's scheme lock, as the app's own commitment takes it (SchemeFreeze.lock): a
    // commitment an app was making meanwhile (at its start, or its timer's) either ends first and
    // is removed below, or starts after and reads this allocation. Without it, one that read the
    // scheme before this insert and wrote its row after the delete kept the allocation out of the
    // day: the fault suite's two instances, booted just before, once awarded none of it.
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('scheme:' || $1))`, [day]);
    const [row] = await em.query(
      `INSERT INTO allocation (type, branch_id, date, count, remaining, amount, probability) VALUES ($1, $2, $3, $4, $4, $5, $6) RETURNING id`,
      [opts.type, opts.branchId ?? null, day, opts.count, opts.amount, opts.probability],
    );
    // The scheme is set up as it stands before its day's commitment: the day's next draw commits
    // it again with this allocation in (docs/fairness.md; the real scheme freezes the evening before).
    await em.query(`DELETE FROM draw_day WHERE day = $1`, [day]);
    return row.id as number;
  });
}

/**
 * Commits a day's scheme as the real timer would have, at 22:00 the evening before (the app's
 * clock is taken there and back): a test that sets up today's scheme after today began can
 * still have an on-time commitment (docs/fairness.md).
 */
export async function commitOnTime(app: INestApplication, day = today()) {
  const clock = app.get(Clock);
  try {
    clock.travel(localToUtc(addDays(day, -1), '22:00'));
    await app.get(FairnessService).commitDue();
  } finally {
    clock.travel(new Date());
  }
}

/** An unverified pre-registration with a known, valid code (written by SQL, no SMS). */
export async function pendingPreregistration(db: DataSource, opts: { branchId?: number | null; code?: string; sendSms?: boolean } = {}) {
  const code = opts.code ?? String(100000 + (Number.parseInt(randomBytes(3).toString('hex'), 16) % 900000));
  const [row] = await db.query(
    `INSERT INTO preregistration (slug, name, address, phone, citizenship_no, bike_model_id, branch_id, nearest_branch_id, source,
                                  send_sms, code, code_expires_at, code_sent_at)
     VALUES ($1, $2, 'Teku', $3, $4, $5, $6, $6, 'NEWSPAPER', $7, $8, now() + interval '10 minutes', now())
     RETURNING id, slug, phone, name, branch_id`,
    [randomBytes(12).toString('base64url'), `Customer ${uniqueDigits(5)}`, uniquePhone(), uniqueDigits(11), await bikeModelId(db), opts.branchId ?? null, opts.sendSms ?? true, code],
  );
  return { ...row, code } as { id: number; slug: string; phone: string; name: string; branch_id: number | null; code: string };
}
