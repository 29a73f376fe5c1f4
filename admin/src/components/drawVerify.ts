import { checkCommitment, verifyDraw, type PublicDraw, type RevealedDay } from '@campaign/domain';

/** The public proof's answers (docs/fairness.md), as the public page reads them. */
export interface PublicDay extends RevealedDay {
  ends_at: string;
  revealed: boolean;
}

export interface DrawCheckResult {
  draw: PublicDraw;
  day: PublicDay;
  /** null before the day's seed is revealed. */
  problems: string[] | null;
  rolls: Array<{ allocation_id: number; roll: number | null }>;
}

const publicGet = async <T>(path: string): Promise<T> => {
  const res = await fetch(`/api/v1/fairness${path}`, { headers: { Accept: 'application/json' } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.message ?? `Request failed (${res.status})`);
  return body.data as T;
};

/**
 * One draw checked the way anyone can (the public API and the shared verifier), for staff:
 * loaded on demand, so the hashing code is fetched only when a record's draw is shown.
 */
export async function checkDraw(drawId: string): Promise<DrawCheckResult> {
  const { draw, day } = await publicGet<{ draw: PublicDraw; day: PublicDay }>(`/draws/${encodeURIComponent(drawId)}`);
  if (!day.revealed) return { draw, day, problems: null, rolls: [] };
  const full = await publicGet<PublicDay>(`/days/${encodeURIComponent(draw.day)}`);
  const commitment = checkCommitment(full);
  const verdict = verifyDraw(commitment.seed ?? '', commitment.allocations, draw);
  return { draw, day: full, problems: [...commitment.problems, ...verdict.problems], rolls: verdict.rolls };
}
