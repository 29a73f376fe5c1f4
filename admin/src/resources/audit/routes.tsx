import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

const AuditList = lazyPage(() => import('./AuditList'), (m) => m.AuditList);

/** /admin/audit: head office only (isAdmin and read-user; see permissions.ts). */
export const auditRoutes = [resourceRoute('/audit', 'audit', 'list', <AuditList />)];
