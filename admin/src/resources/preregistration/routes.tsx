import { Route } from 'react-router-dom';
import { ResourcePage } from '../../components/ResourcePage';
import { PreregistrationDraw } from './PreregistrationDraw';
import { PreregistrationVerify } from './PreregistrationVerify';

/** The pre-registration screens beyond list, detail, create and edit (read-registration). */
export const preregistrationRoutes = [
  <Route
    key="preregistration-verify"
    path="/preregistration/:id/verify"
    element={
      <ResourcePage resource="preregistration" action="show">
        <PreregistrationVerify />
      </ResourcePage>
    }
  />,
  <Route
    key="preregistration-draw"
    path="/preregistration/:id/draw"
    element={
      <ResourcePage resource="preregistration" action="show">
        <PreregistrationDraw />
      </ResourcePage>
    }
  />,
];
