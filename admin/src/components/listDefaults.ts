import type { SortPayload } from 'react-admin';

/** No column asked for: the server's own order (newest first, or branch order). */
export const SERVER_ORDER: SortPayload = { field: '', order: 'ASC' };
