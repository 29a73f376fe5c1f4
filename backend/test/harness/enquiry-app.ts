import { bikeModelId, branchIds, CAMPAIGN_ENV, clearScheme } from '../factories/campaign';
import { startTestApp, TestApp } from './test-app';

/**
 * The app the public-enquiry attack tests run on: no SMS worker (the outbox is the ledger of
 * what would be sent), an empty prize scheme, the first branch and the test bike model.
 */
export async function startEnquiryApp(): Promise<{ t: TestApp; A: number; model: number }> {
  const t = await startTestApp({ env: { ...CAMPAIGN_ENV, SMS_WORKER: 'false' } });
  await clearScheme(t.db);
  const [A] = await branchIds(t.db);
  return { t, A, model: await bikeModelId(t.db) };
}
