import { randomBytes } from 'node:crypto';
import { canonicalScheme, commitmentHash, CommittedAllocation, drawIdFrom, fairRoll, newClientSeed, schemeHash, sha256Hex, thresholdOf } from '@campaign/domain';
import { SETTING_DEFAULTS } from '../../modules/setting/setting.defaults';
import { addDays, localToUtc } from '../../common/time';
import { drawAudit, runDraw } from '../../modules/draw/draw.logic';

type Query = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface FairDayOptions {
  /** The Nepal day (YYYY-MM-DD), already ended. */
  day: string;
  tz: string;
  /** Its public scheme: amount, count (made into allocations of up to 5), probability (percent). */
  scheme: Array<{ amount: number; count: number; probability: number }>;
  /** The pre-registrations drawn that day (existing records without a draw), in order, and when: each is given its prize. */
  records: Array<{ id: number; at: Date }>;
  baseAmount: number;
}

/**
 * A past day of provably fair public draws made in one go (docs/fairness.md), by the same
 * rule, rolls and audit as DrawService: the scheme, its commitment at 22:00 the evening
 * before, each record's draw with its own client seed, the stock taken. For the demo (a
 * revealed day the verifier can check on a fresh start) and the bench (the verifier's
 * speed on a day of many draws). Returns each record's prize.
 */
export async function insertFairDay(query: Query, o: FairDayOptions): Promise<Map<number, number>> {
  // An allocation holds at most 5 prizes (the scheme's own rule): a larger tier is several.
  const parts = o.scheme.flatMap((t) => Array.from({ length: Math.ceil(t.count / 5) }, (_, i) => ({ ...t, count: Math.min(5, t.count - i * 5) })));
  const made = await query(
    `INSERT INTO allocation (type, branch_id, date, count, remaining, amount, probability)
     SELECT 'preregistration_public', NULL, $1, c, c, a, p FROM unnest($2::int[], $3::int[], $4::numeric[]) AS s(c, a, p)
     RETURNING id, amount, count, probability::float8 AS probability`,
    [o.day, parts.map((p) => p.count), parts.map((p) => p.amount), parts.map((p) => p.probability)],
  );
  const committed: CommittedAllocation[] = made.map((a) => ({
    id: Number(a.id),
    type: 'preregistration_public',
    branch_id: null,
    amount: Number(a.amount),
    count: Number(a.count),
    threshold: thresholdOf(Number(a.probability)),
  }));
  // A chained day (format 2): salted scheme hash with the base prizes, linked to the day before if any.
  const seed = randomBytes(32);
  const seedHex = seed.toString('hex');
  const salt = randomBytes(32);
  const set = canonicalScheme(committed, { preregistration: o.baseAmount, registration: SETTING_DEFAULTS.base_prize_registration });
  const [prev] = await query(`SELECT commitment_hash FROM draw_day WHERE day < $1 ORDER BY day DESC LIMIT 1`, [o.day]);
  const link = { day: o.day, format: 2, seed_hash: sha256Hex(seed), allocation_set_hash: schemeHash(set, salt.toString('hex')), prev_hash: (prev?.commitment_hash as string) ?? null, sealed: [] };
  await query(
    `INSERT INTO draw_day (day, seed, seed_hash, allocation_set, allocation_set_hash, committed_at, format, salt, prev_hash, sealed, commitment_hash)
     VALUES ($1, $2, $3, $4, $5, $6, 2, $7, $8, '[]', $9)`,
    [o.day, seed, link.seed_hash, set, link.allocation_set_hash, localToUtc(addDays(o.day, -1), '22:00', o.tz), salt, link.prev_hash, commitmentHash(link)],
  );
  const left = new Map(committed.map((a) => [a.id, a.count]));
  const prizes = new Map<number, number>();
  const rows: Array<[number, number, number | null, string, string, string, Date]> = [];
  for (const r of o.records) {
    const clientSeed = newClientSeed();
    const candidates = committed.filter((a) => left.get(a.id)! > 0).map((a) => ({ id: a.id, amount: a.amount, threshold: a.threshold, remaining: left.get(a.id) }));
    const outcome = await runDraw(
      candidates,
      o.baseAmount,
      (allocationId) => fairRoll(seedHex, clientSeed, 'preregistration', o.day, allocationId),
      async (allocationId) => {
        const n = left.get(allocationId)!;
        if (n <= 0) return null;
        left.set(allocationId, n - 1);
        return n - 1;
      },
    );
    const drawId = drawIdFrom(randomBytes(12));
    const audit = drawAudit({ day: o.day, drawId, clientSeed, clientSeedFrom: 'browser', seedHash: sha256Hex(seed), type: 'preregistration_public', branchId: null, baseAmount: o.baseAmount, outcome });
    rows.push([r.id, outcome.amount, outcome.allocationId, JSON.stringify(audit), drawId, clientSeed, r.at]);
    prizes.set(r.id, outcome.amount);
  }
  await query(
    `INSERT INTO draw (kind, record_id, amount, allocation_id, audit, public_id, day, client_seed, created_at, roll_format)
     SELECT 'preregistration', r, a, al, au::jsonb, p, $1, c, t, 2
       FROM unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[]) AS s(r, a, al, au, p, c, t)`,
    [o.day, ...[0, 1, 2, 3, 4, 5, 6].map((k) => rows.map((row) => row[k]))],
  );
  for (const a of committed) await query(`UPDATE allocation SET remaining = $2 WHERE id = $1`, [a.id, left.get(a.id)]);
  // Each record is verified and holds the prize its draw gave (what the public draw's `given` reads).
  const drawnAt = new Map(o.records.map((r) => [r.id, r.at]));
  await query(
    `UPDATE preregistration p SET prize = s.prize, is_verified = true, status = 'verified', verified_at = COALESCE(p.verified_at, s.at)
       FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS s(id, prize, at) WHERE p.id = s.id`,
    [[...prizes.keys()], [...prizes.values()], [...prizes.keys()].map((id) => drawnAt.get(id))],
  );
  // A day put into the past: every later link names the one before it again (docs/fairness.md, "The chain").
  let previous = commitmentHash(link);
  const later = await query(`SELECT day::text AS day, format, seed_hash, allocation_set_hash, sealed FROM draw_day WHERE day > $1 ORDER BY day`, [o.day]);
  for (const l of later as unknown as Array<{ day: string; format: number; seed_hash: string; allocation_set_hash: string; sealed: Array<{ day: string; root: string }> }>) {
    if (l.format < 2) continue;
    const hash = commitmentHash({ ...l, prev_hash: previous });
    await query(`UPDATE draw_day SET prev_hash = $2, commitment_hash = $3 WHERE day = $1`, [l.day, previous, hash]);
    previous = hash;
  }
  return prizes;
}
