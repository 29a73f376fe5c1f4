import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { AnalyticsPage } from './AnalyticsPage';

/** /admin/analytics (send-sms, SPEC section 2). */
export const analyticsRoutes = [
  <Route
    key="analytics"
    path="/analytics"
    element={
      <ResourcePage resource="analytics" action="list">
        <AnalyticsPage />
      </ResourcePage>
    }
  />,
];
