import { ConsideredRoll, ROLL_RANGE, thresholdOf } from '@campaign/domain';

export { ROLL_RANGE, thresholdOf };

/**
 * The prize rule (docs/fairness.md, "3. The draw"), without the database: walk the allocations with
 * stock, highest amount first; a roll below an allocation's threshold (its probability in
 * hundredths of a percent) wins it if its stock can still be claimed; otherwise the base
 * prize. Where the rolls come from is the caller's: the provably fair roll of
 * `@campaign/domain` (docs/fairness.md) in the app.
 */
export interface DrawCandidate {
  id: number;
  amount: number;
  /** Hundredths of a percent, 0..ROLL_RANGE. */
  threshold: number;
  /** Stock left when the draw read the scheme (recorded for the audit). */
  remaining?: number;
}

export interface RollOf {
  roll: number;
  attempt?: number;
  input?: string;
  value?: number;
}

export type DrawRoll = ConsideredRoll;

export interface DrawOutcome {
  amount: number;
  allocationId: number | null;
  rolls: DrawRoll[];
}

/** What a draw's audit row holds (docs/fairness.md): everything a verifier needs, nothing about the customer. */
export function drawAudit(o: {
  day: string;
  drawId: string;
  clientSeed: string;
  clientSeedFrom: 'browser' | 'server';
  seedHash: string;
  type: string;
  branchId: number | null;
  baseAmount: number;
  outcome: DrawOutcome;
}) {
  return {
    day: o.day,
    draw_id: o.drawId,
    client_seed: o.clientSeed,
    client_seed_from: o.clientSeedFrom,
    seed_hash: o.seedHash,
    type: o.type,
    branch_id: o.branchId,
    base_prize: o.baseAmount,
    considered: o.outcome.rolls,
    result: { amount: o.outcome.amount, allocation_id: o.outcome.allocationId, source: o.outcome.allocationId ? 'allocation' : 'base' },
  };
}

/**
 * @param roll   the roll for one allocation (an integer in [0, ROLL_RANGE) and how it was made).
 * @param claim  atomically takes one unit of the allocation's stock: the stock left after it, or null when none was left.
 */
export async function runDraw(
  candidates: DrawCandidate[],
  baseAmount: number,
  roll: (allocationId: number) => RollOf,
  claim: (allocationId: number) => Promise<number | null>,
): Promise<DrawOutcome> {
  const ordered = [...candidates].sort((a, b) => b.amount - a.amount || a.id - b.id);
  const rolls: DrawRoll[] = [];
  for (const c of ordered) {
    const entry: DrawRoll = { allocation_id: c.id, amount: c.amount, threshold: c.threshold, remaining_seen: c.remaining, roll: null, won: false, claimed: null };
    rolls.push(entry);
    if (c.threshold === 0) continue;
    const r = roll(c.id);
    Object.assign(entry, { roll: r.roll, attempt: r.attempt, input: r.input, value: r.value });
    if (r.roll >= c.threshold) continue;
    entry.won = true;
    const left = await claim(c.id);
    entry.claimed = left !== null;
    entry.remaining_after = left;
    if (entry.claimed) return { amount: c.amount, allocationId: c.id, rolls };
  }
  return { amount: baseAmount, allocationId: null, rolls };
}
