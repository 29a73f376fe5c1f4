import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Permission } from '../../src/common/auth/permission.enum';
import { hashPassword } from '../../src/common/auth/password';
import { TestApp } from '../harness/test-app';
import { bikeModelId, makePreregistration, uniqueDigits } from './purchase';

export { branchIds, uniquePhone } from './campaign';

/**
 * Factories for the bulk SMS and analytics tests: customers (purchase registrations, with
 * their purchased pre-registration) written by SQL, and branch users whose role can send SMS
 * (no seeded branch role has send-sms).
 */
export interface CustomerRow {
  id: number;
  slug: string;
  phone: string;
  branch_id: number;
}

/**
 * A purchase at `branchId`; `phone` may repeat another customer's on the purchase (data from
 * before one pre-registration per customer: each pre-registration keeps its own phone).
 */
export async function makeCustomer(
  db: DataSource,
  opts: { branchId: number; phone?: string; deleted?: boolean; createdAt?: string },
): Promise<CustomerRow> {
  const pre = await makePreregistration(db, { branchId: opts.branchId, purchased: true });
  const phone = opts.phone ?? pre.phone;
  const [row] = await db.query(
    `INSERT INTO registration (slug, bill_no, preregistration_id, name, address, citizenship_no, phone, bike_model_id, branch_id, created_at, deleted_at)
     VALUES ($1, $2, $3, $4, 'Teku, Kathmandu', $5, $6, $7, $8, COALESCE($9::timestamptz, now()), CASE WHEN $10 THEN now() END)
     RETURNING id, slug, phone, branch_id`,
    [
      randomBytes(12).toString('base64url'),
      `B${opts.branchId}-${uniqueDigits(8)}`,
      pre.id,
      pre.name,
      uniqueDigits(10),
      phone,
      await bikeModelId(db),
      opts.branchId,
      opts.createdAt ?? null,
      opts.deleted ?? false,
    ],
  );
  return row;
}

let userSeq = 0;
/** A branch user of `branchId` whose role has `permissions` (send-sms by default); returns a bearer token. */
export async function branchUserToken(
  t: TestApp,
  branchId: number,
  permissions: Permission[] = [Permission.SendSms, Permission.ReadRegistration],
): Promise<string> {
  userSeq += 1;
  const title = `Branch SMS ${userSeq} ${randomBytes(3).toString('hex')}`;
  const [role] = await t.db.query(`INSERT INTO role (title, head_office, permissions) VALUES ($1, false, $2) RETURNING id`, [
    title,
    permissions,
  ]);
  const email = `branch-sms-${userSeq}-${randomBytes(3).toString('hex')}@example.com`;
  await t.db.query(
    `INSERT INTO "user" (slug, first_name, last_name, email, password, role_id, branch_id) VALUES ($1, 'Branch', 'Sender', $2, $3, $4, $5)`,
    [randomBytes(12).toString('base64url'), email, await hashPassword('Branch@2082'), role.id, branchId],
  );
  return t.token(email, 'Branch@2082');
}
