/**
 * The prize scheme (allocations, numeric ids). Its screens are at /admin/scheme and
 * /admin/scheme/create (SPEC section 2), not /admin/allocation, so they are custom routes
 * (routes.tsx) over the allocation resource rather than a <Resource>; there is no detail
 * or edit page.
 */
export { schemeRoutes } from './routes';
