import { resourceRoute } from '../../components/ResourcePage';
import { PreregistrationDraw } from './PreregistrationDraw';
import { PreregistrationVerify } from './PreregistrationVerify';

/** The pre-registration screens beyond list, detail, create and edit (read-registration). */
export const preregistrationRoutes = [
  resourceRoute('/preregistration/:id/verify', 'preregistration', 'show', <PreregistrationVerify />),
  resourceRoute('/preregistration/:id/draw', 'preregistration', 'show', <PreregistrationDraw />),
];
