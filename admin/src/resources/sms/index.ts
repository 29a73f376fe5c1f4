/**
 * Bulk SMS: /admin/sms (send-sms). One page (routes.tsx): the form that queues a batch
 * (POST /sms) and the batches sent (GET /sms) with their queued, sent and failed counts.
 */
export { smsRoutes } from './routes';
