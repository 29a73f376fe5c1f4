import { rupees } from '@campaign/domain';

/** The video list's prize filter; empty means All. */
export const VIDEO_PRIZE_FILTER = [100000, 1000000].map((id) => ({ id, name: rupees(id) }));
