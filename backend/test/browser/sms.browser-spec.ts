import { Browser, BrowserContext, Page } from 'playwright-core';
import { makePreregistration, registrationBody } from '../factories/purchase';
import { launchBrowser } from '../harness/browser';
import { FakeProvider, SPARROW_OK, startFakeProvider } from '../harness/fake-provider';
import { startTestApp, TestApp } from '../harness/test-app';
import { eventually, newContext, signIn, step } from './journey';

/**
 * Journey: head office send an SMS to the customers of one branch from /admin/sms and follow
 * the batch in the list, queued while the gateway works, then sent.
 */
describe('bulk SMS (browser)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let browser: Browser;
  let context: BrowserContext;
  let branch: { id: number; title: string; city: string };
  const phones: string[] = [];
  const TEXT = 'Dashain offer: free first service for every customer of this showroom until Kartik 15.';

  beforeAll(async () => {
    // The gateway takes its time over the bulk text (within the 8 s call timeout), so the batch is seen queued first.
    fake = await startFakeProvider({
      'POST /v2/sms/': (r) => ({ body: SPARROW_OK, delayMs: (r.body as Record<string, string>).text === TEXT ? 6000 : 0 }),
    });
    t = await startTestApp({ listen: true, env: { SMS_PROVIDER: 'sparrow', SMS_BASE_URL: `${fake.url}/v2`, SMS_TOKEN: 'test-token', SMS_WORKER_INTERVAL_MS: '50' } });
    [branch] = await t.db.query(`SELECT b.id, b.title, b.city FROM "user" u JOIN branch b ON b.id = u.branch_id WHERE u.email = 'staff2@example.com'`);
    const [{ id: model }] = await t.db.query(`SELECT id FROM bike_model ORDER BY id LIMIT 1`);
    const token = await t.token('staff2@example.com');
    // Three customers of the branch (purchases made by its staff).
    for (let i = 1; i <= 3; i++) {
      const pre = await makePreregistration(t.db, { branchId: branch.id, name: `SMS Customer ${i}`, bikeModelId: model });
      const res = await t.http().post('/api/v1/registration').set('Authorization', `Bearer ${token}`).send(registrationBody(pre, model));
      if (res.status !== 200) throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
      phones.push(pre.phone);
    }
    browser = await launchBrowser();
    context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
    await fake?.close();
  });

  /** The batch row's cells by column header. */
  async function batchRow(page: Page): Promise<Record<string, string> | null> {
    return page.evaluate((text) => {
      const table = document.querySelector('table');
      if (!table) return null;
      const headers = Array.from(table.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim());
      const row = Array.from(table.querySelectorAll('tbody tr')).find((tr) => tr.querySelector(`[title="${text}"]`));
      if (!row) return null;
      const cells = Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim());
      return Object.fromEntries(headers.map((h, i) => [h, cells[i]]));
    }, TEXT);
  }

  it("sends to one branch's customers and shows the batch queued, then sent", async () => {
    const customers: { n: number }[] = await t.db.query(
      `SELECT count(DISTINCT phone)::int AS n FROM registration WHERE branch_id = $1 AND deleted_at IS NULL`,
      [branch.id],
    );
    const expected = customers[0].n;
    expect(expected).toBe(3);
    const page = await context.newPage();
    await signIn(page, t.url, 'admin@example.com');

    await step(page, 'compose', async () => {
      await page.goto(`${t.url}/admin/sms`);
      await page.getByRole('combobox', { name: /^Category/ }).click();
      await page.getByRole('option', { name: 'Branch', exact: true }).click();
      const branches = page.getByRole('combobox', { name: /^Branches/ });
      await branches.click();
      await branches.fill(branch.title);
      await page.getByRole('option', { name: `${branch.title} / ${branch.city}` }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: /^Message/ }).fill(TEXT);
      await page.getByRole('button', { name: 'Send' }).click();
    });

    await step(page, 'confirm with the recipients and parts', async () => {
      const confirm = page.getByRole('dialog', { name: 'Send this message?' });
      await confirm.waitFor();
      // Nothing is queued before the confirmation.
      expect((await t.db.query(`SELECT count(*)::int AS n FROM sms_outbox WHERE text = $1`, [TEXT]))[0].n).toBe(0);
      expect(await confirm.innerText()).toContain(`This message is 1 SMS part long and goes to ${expected} recipients: ${expected} SMS in all.`);
      await confirm.getByRole('button', { name: 'Send' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Success!' });
      await toast.waitFor();
      expect(await toast.innerText()).toContain(`${expected} messages queued.`);
    });

    await step(page, 'queued while the gateway works', async () => {
      const row = await eventually(
        () => batchRow(page),
        (r) => r !== null,
      );
      expect(row).toMatchObject({ Category: 'Branch', Message: TEXT, Recipients: String(expected), Failed: '0', By: 'Demo Admin' });
      expect(Number(row!.Queued) + Number(row!.Sent)).toBe(expected);
      expect(Number(row!.Queued)).toBeGreaterThan(0);
    });

    await step(page, 'sent', async () => {
      // The list reads again every 10 s while a batch has queued messages.
      const row = await eventually(
        () => batchRow(page),
        (r) => r?.Sent === String(expected),
        40_000,
      );
      expect(row).toMatchObject({ Recipients: String(expected), Queued: '0', Sent: String(expected), Failed: '0' });
    });

    // The gateway got the text for exactly the branch's customers.
    const bulk = fake.requestsTo('POST /v2/sms/').filter((r) => (r.body as Record<string, string>).text === TEXT);
    const to = bulk.flatMap((r) => (r.body as Record<string, string>).to.split(','));
    expect(to.sort()).toEqual([...phones].sort());
    await page.close();
  });
});
