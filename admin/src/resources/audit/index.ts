/** The audit trail: /admin/audit over GET /audit (head office only), a read-only list. */
export { auditRoutes } from './routes';
