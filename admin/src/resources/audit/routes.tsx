import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { AuditList } from './AuditList';

/** /admin/audit: head office only (isAdmin and read-user; see permissions.ts). */
export const auditRoutes = [
  <Route
    key="audit"
    path="/audit"
    element={
      <ResourcePage resource="audit" action="list">
        <AuditList />
      </ResourcePage>
    }
  />,
];
