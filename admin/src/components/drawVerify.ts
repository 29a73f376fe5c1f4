import { API_BASE, checkPublicDraw, type PublicDayAnswer, type PublicDraw, type PublicDrawCheck } from '@campaign/domain';

export type DrawCheckResult = PublicDrawCheck;

const publicGet = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${API_BASE}/fairness${path}`, { headers: { Accept: 'application/json' } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.message ?? `Request failed (${res.status})`);
  return body.data as T;
};

/**
 * One draw checked the way anyone can (the public API and the shared check of
 * `@campaign/domain`), for staff: loaded on demand, so the hashing code is fetched only when
 * a record's draw is shown.
 */
export const checkDraw = (drawId: string): Promise<DrawCheckResult> =>
  checkPublicDraw(drawId, {
    draw: (id) => publicGet<{ draw: PublicDraw; day: PublicDayAnswer }>(`/draws/${encodeURIComponent(id)}`),
    day: (day) => publicGet<PublicDayAnswer>(`/days/${encodeURIComponent(day)}`),
  });
