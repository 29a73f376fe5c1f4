/**
 * Analytics: /admin/analytics (send-sms), one page over GET /analytics with SVG charts of
 * our own (charts.tsx, tested arithmetic in chartMath.ts) and a table for each.
 */
export { analyticsRoutes } from './routes';
