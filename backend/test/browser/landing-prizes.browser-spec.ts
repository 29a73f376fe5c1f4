import { Browser, BrowserContext } from 'playwright-core';
import { PrizesToWin } from '../../src/modules/draw/prizes-to-win';
import { addDays } from '../../src/common/time';
import { allocate, clearScheme, nextIp, pendingPreregistration, today } from '../factories/campaign';
import { launchBrowser, PHONE } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { newContext, step } from './journey';

/**
 * The landing page's "Prizes still to win today" (#19): today's prizes across every showroom,
 * what was given so far and the campaign's end, as the visitor reads them; the figure drops
 * once a prize is drawn and the 30 s cached answer has been renewed.
 */
describe('landing page: prizes still to win (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp({ listen: true, env: { TRUST_PROXY: 'loopback' } });
    await clearScheme(t.db);
    await allocate(t.db, { type: 'preregistration_public', count: 2, amount: 10000, probability: 100 });
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_ends_on: '2099-12-31' });
    t.app.get(PrizesToWin).answer.invalidate();
    browser = await launchBrowser();
    context = await newContext(browser, PHONE);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  it('shows what is left today and the campaign’s end, and drops after a prize is drawn', async () => {
    const page = await context.newPage();
    const section = page.getByRole('region', { name: 'Prizes still to win today' });
    await step(page, 'before any draw', async () => {
      await page.goto(`${t.url}/`);
      await section.getByText('2 of 2 left').waitFor();
      expect(await section.innerText()).toContain('Rs. 10,000');
      expect(await section.innerText()).toMatch(/The campaign ends in [\d,]+ days and \d+ hours? \(last day 2099-12-31\)\./);
      expect(await section.getByRole('link', { name: 'How prizes are drawn' }).getAttribute('href')).toBe('/fairness');
    });
    const pending = await pendingPreregistration(t.db, { sendSms: false });
    const verified = await t.http().post(`/api/v1/enquiry/${pending.slug}/verify`).set('X-Forwarded-For', nextIp()).send({ code: pending.code });
    expect(verified.body.data.prize).toBe(10000);
    await step(page, 'after a prize and the cache’s 30 s', async () => {
      t.app.get(PrizesToWin).answer.invalidate();
      await page.reload();
      await section.getByText('1 of 2 left').waitFor();
      expect(await section.innerText()).toContain('Rs. 10,000 in cash discounts given to 1 customer so far.');
    });
    await page.close();
  });

  it('after the last day: the landing page shows the results and the enquiry is closed with a clear message', async () => {
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    const yesterday = addDays(today(), -1);
    await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_ends_on: yesterday });
    t.app.get(PrizesToWin).answer.invalidate();
    const page = await context.newPage();
    await step(page, 'the results', async () => {
      await page.goto(`${t.url}/`);
      const results = page.getByRole('region', { name: 'The campaign has ended: thank you' });
      await results.waitFor();
      expect(await results.innerText()).toContain(`Rs. 10,000 in cash discounts went to 1 customer (last day ${yesterday}).`);
      expect(await results.getByRole('link', { name: 'Check how every prize was drawn' }).getAttribute('href')).toBe('/fairness');
      expect(await page.getByRole('region', { name: 'Prizes still to win today' }).count()).toBe(0);
    });
    await step(page, 'the enquiry, closed', async () => {
      await page.goto(`${t.url}/enquiry`);
      await page
        .getByRole('status')
        .filter({ hasText: `The campaign ended on ${yesterday}: registrations and prize draws are closed. Test rides can still be booked.` })
        .waitFor();
      expect(await page.getByLabel('Full Name').count()).toBe(0);
    });
    await page.close();
  });
});
