import type { TestApp } from '../harness/test-app';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bikeModelId, uniqueDigits, uniquePhone } from './campaign';

export { allocate, bikeModelId, branchIds, uniqueDigits, uniquePhone } from './campaign';

/**
 * Factories for the sales tests: verified pre-registrations written by SQL (as the
 * campaign flow leaves them after the OTP and the first draw) and the body of a
 * registration form. Phones, branches, bike models and allocations come from the campaign's.
 */

export interface PreregistrationRow {
  id: number;
  slug: string;
  phone: string;
  name: string;
  branch_id: number | null;
  nearest_branch_id: number | null;
  prize: number | null;
}

/**
 * A pre-registration as the campaign flow leaves it: verified with its prize by default.
 * `branchId: null` makes a public enquiry (its nearest showroom is `nearestBranchId`).
 */
export async function makePreregistration(
  db: DataSource,
  opts: {
    branchId: number | null;
    nearestBranchId?: number | null;
    verified?: boolean;
    purchased?: boolean;
    prize?: number | null;
    deleted?: boolean;
    name?: string;
    utmSource?: string | null;
    bikeModelId?: number;
  },
): Promise<PreregistrationRow> {
  const verified = opts.verified ?? true;
  const [row] = await db.query(
    `INSERT INTO preregistration
       (slug, name, address, phone, citizenship_no, bike_model_id, branch_id, nearest_branch_id, source,
        is_verified, verified_at, status, purchased, prize, utm_source, deleted_at)
     VALUES ($1, $2, 'Teku, Kathmandu', $3, $4, $5, $6, $7, 'NEWSPAPER',
        $8, CASE WHEN $8 THEN now() END, CASE WHEN $9 THEN 'purchased' WHEN $8 THEN 'verified' ELSE 'pending' END, $9, $10, $11,
        CASE WHEN $12 THEN now() END)
     RETURNING id, slug, phone, name, branch_id, nearest_branch_id, prize`,
    [
      randomBytes(12).toString('base64url'),
      opts.name ?? `Customer ${uniqueDigits(6)}`,
      uniquePhone(),
      uniqueDigits(10),
      opts.bikeModelId ?? (await bikeModelId(db)),
      opts.branchId,
      opts.nearestBranchId ?? opts.branchId,
      verified,
      opts.purchased ?? false,
      verified ? (opts.prize === undefined ? 3000 : opts.prize) : null,
      opts.utmSource ?? null,
      opts.deleted ?? false,
    ],
  );
  return row;
}

/** The registration form for a pre-registration; `over` replaces or adds fields. */
export function registrationBody(pre: Pick<PreregistrationRow, 'slug' | 'name'>, bikeModel: number, over: Record<string, unknown> = {}) {
  return {
    preregistration_id: pre.slug,
    bill_no: uniqueDigits(8),
    name: pre.name,
    address: 'Teku, Kathmandu',
    citizenship_no: uniqueDigits(10),
    bike_model_id: bikeModel,
    payment_mode: 'CASH',
    ...over,
  };
}

/**
 * A purchase at the branch staff's dealer, made through POST /registration as staff: the first
 * row of their dashboard's list. `t` is a running test app (its database, HTTP and tokens).
 */
export async function staffDashboardPurchase(
  t: Pick<TestApp, 'db' | 'http' | 'token'>,
  name: string,
): Promise<void> {
  const [{ branch_id: branchId }] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
  const [{ id: modelId }] = await t.db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
  const pre = await makePreregistration(t.db, { branchId, prize: 3000, name, bikeModelId: modelId });
  const res = await t.http().post('/api/v1/registration').set('Authorization', `Bearer ${await t.token('staff@example.com')}`).send(registrationBody(pre, modelId));
  if (res.status !== 200) throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
}
