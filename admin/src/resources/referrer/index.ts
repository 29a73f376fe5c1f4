/**
 * The referrer report: /admin/referrer (read-registration), over GET /referrer (numeric
 * ids). A report with an in-place rename, not a record resource, so it is a custom route.
 */
export { referrerRoutes } from './routes';
