import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { AllocationCreate } from './AllocationCreate';
import { AllocationList } from './AllocationList';

/** The prize scheme lives at /admin/scheme over the allocation API (manage-allocation). */
export const schemeRoutes = [
  <Route
    key="scheme"
    path="/scheme"
    element={
      <ResourcePage resource="allocation" action="list">
        <AllocationList />
      </ResourcePage>
    }
  />,
  <Route
    key="scheme-create"
    path="/scheme/create"
    element={
      <ResourcePage resource="allocation" action="create">
        <AllocationCreate />
      </ResourcePage>
    }
  />,
];
