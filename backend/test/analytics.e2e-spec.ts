import { randomBytes } from 'node:crypto';
import { Permission } from '../src/common/auth/permission.enum';
import { addDays, campaignDay } from '../src/common/time';
import { NO_BRANCH_TITLE } from '../src/modules/analytics/analytics.service';
import { bikeModelId, uniquePhone } from './factories/campaign';
import { branchIds, branchUserToken, makeCustomer } from './factories/sms';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * GET /analytics over three Nepal days, 2025-10-01 to 2025-10-03, with records placed on
 * both sides of Nepal's midnight (18:15 UTC): 18:14 UTC belongs to that Nepal day, 18:15
 * and later to the next.
 */
describe('GET /analytics', () => {
  let t: TestApp;
  let admin: string;
  let A: number, B: number;
  let branches: Array<{ id: number; title: string }>;
  const slug = () => randomBytes(12).toString('base64url');

  async function pre(o: {
    branchId: number | null;
    createdAt: string;
    verifiedAt?: string;
    source?: string | null;
    deleted?: boolean;
  }): Promise<number> {
    const verified = !!o.verifiedAt;
    const [row] = await t.db.query(
      `INSERT INTO preregistration (slug, name, phone, branch_id, nearest_branch_id, source, is_verified, verified_at, status, created_at, deleted_at)
       VALUES ($1, 'Analytics Customer', $2, $3, $3, $4, $5, $6::timestamptz, CASE WHEN $5 THEN 'verified' ELSE 'pending' END, $7::timestamptz, CASE WHEN $8 THEN now() END)
       RETURNING id`,
      [
        slug(),
        uniquePhone(),
        o.branchId,
        o.source === undefined ? 'NEWSPAPER' : o.source,
        verified,
        o.verifiedAt ?? null,
        o.createdAt,
        o.deleted ?? false,
      ],
    );
    return row.id;
  }
  async function ride(branchId: number, createdAt: string, deleted = false) {
    await t.db.query(
      `INSERT INTO test_ride (slug, name, phone, state, district, city, branch_id, bike_model_id, created_at, deleted_at)
       VALUES ($1, 'Rider', $2, 'Bagmati', 'Kathmandu', 'Kathmandu Metropolitan City', $3, $4, $5, CASE WHEN $6 THEN now() END)`,
      [slug(), uniquePhone(), branchId, await bikeModelId(t.db), createdAt, deleted],
    );
  }
  async function allocation(type: string, branchId: number | null, date: string, count: number, amount: number) {
    const [row] = await t.db.query(
      `INSERT INTO allocation (type, branch_id, date, count, remaining, amount) VALUES ($1, $2, $3, $4, $4, $5) RETURNING id`,
      [type, branchId, date, count, amount],
    );
    return row.id as number;
  }
  async function draw(
    kind: 'preregistration' | 'registration',
    recordId: number,
    amount: number,
    createdAt: string,
    allocationId: number | null = null,
  ) {
    await t.db.query(
      `INSERT INTO draw (kind, record_id, amount, allocation_id, audit, created_at) VALUES ($1, $2, $3, $4, '{}'::jsonb, $5)`,
      [kind, recordId, amount, allocationId, createdAt],
    );
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    [A, B] = await branchIds(t.db);
    branches = await t.db.query(`SELECT id, title FROM branch ORDER BY "order", id`);

    // Pre-registrations and their verifications.
    const pA1 = await pre({ branchId: A, createdAt: '2025-10-01T18:14:00Z', verifiedAt: '2025-10-01T18:16:00Z' }); // made 10-01, verified 10-02
    await pre({ branchId: A, createdAt: '2025-10-01T18:16:00Z' }); // 10-02
    const pB1 = await pre({ branchId: B, createdAt: '2025-10-02T18:14:59Z', verifiedAt: '2025-10-02T18:15:00Z', source: 'RADIO' }); // made 10-02, verified 10-03
    const pPub = await pre({
      branchId: null,
      createdAt: '2025-10-02T06:00:00Z',
      verifiedAt: '2025-10-02T07:00:00Z',
      source: 'SOCIAL MEDIA',
    }); // public, 10-02
    await pre({ branchId: A, createdAt: '2025-10-02T06:00:00Z', verifiedAt: '2025-10-02T06:30:00Z', deleted: true }); // deleted: never counted
    await pre({ branchId: A, createdAt: '2025-09-30T18:14:00Z', verifiedAt: '2025-09-30T18:14:30Z' }); // 09-30: before the period
    await pre({ branchId: A, createdAt: '2025-10-03T18:15:00Z' }); // 10-04: after it

    // Sales (their purchased pre-registrations are made today, outside the period).
    const sA = await makeCustomer(t.db, { branchId: A, createdAt: '2025-10-02T18:14:00Z' }); // 10-02
    await makeCustomer(t.db, { branchId: B, createdAt: '2025-10-02T18:15:00Z' }); // 10-03
    const sDel = await makeCustomer(t.db, { branchId: A, createdAt: '2025-10-02T10:00:00Z', deleted: true });

    // Test rides.
    await ride(A, '2025-10-02T18:14:59Z'); // 10-02
    await ride(A, '2025-10-02T18:15:00Z'); // 10-03
    await ride(B, '2025-10-01T12:00:00Z'); // 10-01
    await ride(B, '2025-10-01T12:00:00Z', true); // deleted

    // The prize scheme and the draws.
    const alloc = await allocation('preregistration_branch', A, '2025-10-02', 3, 5000);
    await allocation('preregistration_public', null, '2025-10-02', 2, 10000);
    await allocation('registration_branch', B, '2025-10-03', 1, 5000);
    await allocation('registration_branch', B, '2025-10-04', 1, 5000); // after the period
    await draw('preregistration', pA1, 5000, '2025-10-01T18:16:30Z', alloc); // 10-02
    await draw('preregistration', pPub, 3000, '2025-10-02T07:00:00Z'); // 10-02
    await draw('preregistration', pB1, 3000, '2025-10-02T18:15:00Z'); // 10-03
    await draw('registration', sA.id, 1500, '2025-10-02T18:14:00Z'); // 10-02
    await draw('registration', sDel.id, 1500, '2025-10-02T10:00:00Z'); // a deleted sale's draw: left out
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string>, auth = admin) => t.http().get('/api/v1/analytics').query(query).set('Authorization', auth);
  const zero = { preregistrations: 0, verifications: 0, sales: 0, test_rides: 0 };

  it('head office: counts per Nepal day, per branch, per source and prizes, split at 18:15 UTC', async () => {
    const res = await get({ from: '2025-10-01', to: '2025-10-03' });
    expect(res.status).toBe(200);
    expect(res.body.data.from).toBe('2025-10-01');
    expect(res.body.data.to).toBe('2025-10-03');
    expect(res.body.data.days).toEqual([
      { day: '2025-10-01', preregistrations: 1, verifications: 0, sales: 0, test_rides: 1 },
      { day: '2025-10-02', preregistrations: 3, verifications: 2, sales: 1, test_rides: 1 },
      { day: '2025-10-03', preregistrations: 0, verifications: 1, sales: 1, test_rides: 1 },
    ]);
    expect(res.body.data.branches).toEqual([
      ...branches.map((b) => ({
        branch_id: b.id,
        title: b.title,
        ...(b.id === A
          ? { preregistrations: 2, verifications: 1, sales: 1, test_rides: 2 }
          : b.id === B
            ? { preregistrations: 1, verifications: 1, sales: 1, test_rides: 1 }
            : zero),
      })),
      { branch_id: null, title: NO_BRANCH_TITLE, preregistrations: 1, verifications: 1, sales: 0, test_rides: 0 },
    ]);
    expect(res.body.data.sources).toEqual([
      { source: 'NEWSPAPER', preregistrations: 2 },
      { source: 'RADIO', preregistrations: 1 },
      { source: 'SOCIAL MEDIA', preregistrations: 1 },
    ]);
    expect(res.body.data.prizes).toEqual([
      { day: '2025-10-02', amount: 1500, allocated: 0, awarded: 1 },
      { day: '2025-10-02', amount: 3000, allocated: 0, awarded: 1 },
      { day: '2025-10-02', amount: 5000, allocated: 3, awarded: 1 },
      { day: '2025-10-02', amount: 10000, allocated: 2, awarded: 0 },
      { day: '2025-10-03', amount: 3000, allocated: 0, awarded: 1 },
      { day: '2025-10-03', amount: 5000, allocated: 1, awarded: 0 },
    ]);
  });

  it('a day of its own: a record at 18:14 UTC is that Nepal day, at 18:15 the next', async () => {
    const day1 = await get({ from: '2025-10-01', to: '2025-10-01' });
    expect(day1.body.data.days).toEqual([{ day: '2025-10-01', preregistrations: 1, verifications: 0, sales: 0, test_rides: 1 }]);
    const day3 = await get({ from: '2025-10-03', to: '2025-10-03' });
    expect(day3.body.data.days).toEqual([{ day: '2025-10-03', preregistrations: 0, verifications: 1, sales: 1, test_rides: 1 }]);
    expect(day3.body.data.sources).toEqual([]);
    expect(day3.body.data.branches.find((b: { branch_id: number | null }) => b.branch_id === null)).toBeUndefined();
  });

  it('branch staff with send-sms see their branch only', async () => {
    const staff = `Bearer ${await branchUserToken(t, A)}`;
    const res = await get({ from: '2025-10-01', to: '2025-10-03' }, staff);
    expect(res.status).toBe(200);
    expect(res.body.data.days).toEqual([
      { day: '2025-10-01', preregistrations: 1, verifications: 0, sales: 0, test_rides: 0 },
      { day: '2025-10-02', preregistrations: 1, verifications: 1, sales: 1, test_rides: 1 },
      { day: '2025-10-03', preregistrations: 0, verifications: 0, sales: 0, test_rides: 1 },
    ]);
    expect(res.body.data.branches).toEqual([
      { branch_id: A, title: branches.find((b) => b.id === A)!.title, preregistrations: 2, verifications: 1, sales: 1, test_rides: 2 },
    ]);
    expect(res.body.data.sources).toEqual([{ source: 'NEWSPAPER', preregistrations: 2 }]);
    expect(res.body.data.prizes).toEqual([
      { day: '2025-10-02', amount: 1500, allocated: 0, awarded: 1 },
      { day: '2025-10-02', amount: 5000, allocated: 3, awarded: 1 },
    ]);
  });

  it('defaults to the last 30 Nepal days up to today; one end given makes a 30-day period from it', async () => {
    const today = campaignDay();
    const res = await get({});
    expect(res.status).toBe(200);
    expect(res.body.data.days).toHaveLength(30);
    expect(res.body.data.days[29].day).toBe(today);
    expect(res.body.data.days[0].day).toBe(addDays(today, -29));
    expect((await get({ from: '2025-10-01' })).body.data).toMatchObject({ from: '2025-10-01', to: '2025-10-30' });
    expect((await get({ to: '2025-10-03' })).body.data).toMatchObject({ from: '2025-09-04', to: '2025-10-03' });
  });

  it.each([
    [{ from: '2025-13-01' }, { from: ['The from must be a date (YYYY-MM-DD).'] }],
    [{ to: '03/10/2025' }, { to: ['The to must be a date (YYYY-MM-DD).'] }],
    [{ from: '2025-10-03', to: '2025-10-01' }, { to: ['The to must be a date after or equal to from.'] }],
    [{ from: '2024-01-01', to: '2025-10-01' }, { to: ['The period may be at most 366 days.'] }],
  ])('refuses %j with 422 under the field', async (query, errors) => {
    const res = await get(query);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
  });

  it('needs send-sms: head office has it, branch staff without it do not', async () => {
    expect((await get({}, `Bearer ${await t.token('office@example.com')}`)).status).toBe(200);
    expect((await get({}, `Bearer ${await t.token('staff@example.com')}`)).status).toBe(403);
    expect((await get({}, `Bearer ${await branchUserToken(t, B, [Permission.ReadRegistration])}`)).status).toBe(403);
  });
});
