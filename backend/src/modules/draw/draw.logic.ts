/**
 * The prize rule of DESIGN section 4, without the database: walk the allocations with
 * stock, highest amount first; a roll below an allocation's probability wins it if its
 * stock can still be claimed; otherwise the base prize. Probabilities are percentages
 * with up to two decimals, rolled over 0..9999 against probability x 100.
 */
export const ROLL_RANGE = 10000;

export interface DrawCandidate {
  id: number;
  amount: number;
  /** Percent, 0-100, up to two decimals. */
  probability: number;
}

export interface DrawRoll {
  allocation_id: number;
  amount: number;
  probability: number;
  /** Rolls below this win (probability x 100). */
  threshold: number;
  /** 0..9999, or null when the probability is 0 (nothing to roll). */
  roll: number | null;
  won: boolean;
  /** The stock could be claimed (false: another draw took the last one first). */
  claimed: boolean | null;
}

export interface DrawOutcome {
  amount: number;
  allocationId: number | null;
  rolls: DrawRoll[];
}

export const thresholdOf = (probability: number) => Math.max(0, Math.min(ROLL_RANGE, Math.round(probability * 100)));

/**
 * @param roll   returns an integer in [0, max): crypto.randomInt in production; tests may pass their own.
 * @param claim  atomically takes one unit of the allocation's stock; false when none is left.
 */
export async function runDraw(
  candidates: DrawCandidate[],
  baseAmount: number,
  roll: (max: number) => number,
  claim: (allocationId: number) => Promise<boolean>,
): Promise<DrawOutcome> {
  const ordered = [...candidates].sort((a, b) => b.amount - a.amount || a.id - b.id);
  const rolls: DrawRoll[] = [];
  for (const c of ordered) {
    const threshold = thresholdOf(c.probability);
    const entry: DrawRoll = { allocation_id: c.id, amount: c.amount, probability: c.probability, threshold, roll: null, won: false, claimed: null };
    rolls.push(entry);
    if (threshold === 0) continue;
    entry.roll = roll(ROLL_RANGE);
    if (entry.roll >= threshold) continue;
    entry.won = true;
    entry.claimed = await claim(c.id);
    if (entry.claimed) return { amount: c.amount, allocationId: c.id, rolls };
  }
  return { amount: baseAmount, allocationId: null, rolls };
}
