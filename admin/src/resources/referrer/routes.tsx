import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { ReferrerList } from './ReferrerList';

/** /admin/referrer (read-registration): the report only; referrers have no detail page. */
export const referrerRoutes = [
  <Route
    key="referrer"
    path="/referrer"
    element={
      <ResourcePage resource="referrer" action="list">
        <ReferrerList />
      </ResourcePage>
    }
  />,
];
