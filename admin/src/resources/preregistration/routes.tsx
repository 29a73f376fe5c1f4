import { resourceRoute } from '../../components/ResourcePage';
import { lazyPage } from '../../routing';

const PreregistrationVerify = lazyPage(() => import('./PreregistrationVerify'), (m) => m.PreregistrationVerify);
/** The draw page carries the wheel: its own chunk. */
const PreregistrationDraw = lazyPage(() => import('./PreregistrationDraw'), (m) => m.PreregistrationDraw);

/** The pre-registration screens beyond list, detail, create and edit (read-registration). */
export const preregistrationRoutes = [
  resourceRoute('/preregistration/:id/verify', 'preregistration', 'show', <PreregistrationVerify />),
  resourceRoute('/preregistration/:id/draw', 'preregistration', 'show', <PreregistrationDraw />),
];
