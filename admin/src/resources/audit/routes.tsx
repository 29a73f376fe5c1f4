import { pageRoute } from '../../components/pageRoutes';

/** /admin/audit: head office only (isAdmin and read-user; see permissions.ts). */
export const auditRoutes = [pageRoute('/audit', 'audit', 'list')];
