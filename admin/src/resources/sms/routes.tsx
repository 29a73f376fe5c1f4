import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { SmsPage } from './SmsPage';

/** /admin/sms (send-sms, SPEC section 2): a page over the sms API, not a record list. */
export const smsRoutes = [
  <Route
    key="sms"
    path="/sms"
    element={
      <ResourcePage resource="sms" action="list">
        <SmsPage />
      </ResourcePage>
    }
  />,
];
