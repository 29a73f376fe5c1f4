import { pageRoute } from '../../components/pageRoutes';

/** The pre-registration screens beyond list, detail, create and edit (read-registration); the draw page carries the wheel. */
export const preregistrationRoutes = [
  pageRoute('/preregistration/:id/verify', 'preregistration', 'show'),
  pageRoute('/preregistration/:id/draw', 'preregistration', 'show'),
];
