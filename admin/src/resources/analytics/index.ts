/**
 * Analytics: /admin/analytics (send-sms), one page over GET /analytics with charts drawn by
 * @mui/x-charts (charts.tsx, loaded with the page only; tested arithmetic in chartMath.ts) and
 * a table for each.
 */
export { analyticsRoutes } from './routes';
