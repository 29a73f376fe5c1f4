import { resourceRoute } from '../../components/ResourcePage';
import { AuditList } from './AuditList';

/** /admin/audit: head office only (isAdmin and read-user; see permissions.ts). */
export const auditRoutes = [resourceRoute('/audit', 'audit', 'list', <AuditList />)];
