import { toDevanagariDigits } from '@campaign/domain';
import { Browser, BrowserContext } from 'playwright-core';
import { allocate, pendingPreregistration, uniqueDigits, uniquePhone } from '../factories/campaign';
import { FakeProvider } from '../harness/fake-provider';
import { TestApp } from '../harness/test-app';
import { codeIn, newContext, signIn, step, startSmsJourney, type SmsJourney } from './journey';

/**
 * Journey: branch staff pre-register a customer at the counter, confirm the phone, are told
 * a wrong code is wrong, type the code the customer's phone received and watch the draw.
 */
describe('staff pre-registration (browser)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let browser: Browser;
  let journey: SmsJourney;
  let context: BrowserContext;
  const PRIZE = 4500;

  beforeAll(async () => {
    journey = await startSmsJourney();
    ({ t, fake, browser } = journey);
    const [staff] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'staff@example.com'`);
    // Today's stock of the staff's branch: won for sure.
    await allocate(t.db, { type: 'preregistration_branch', branchId: staff.branch_id, count: 5, amount: PRIZE, probability: 100 });
  });
  beforeEach(async () => {
    // The wheel honours reduced motion: it shows where it lands without the 6 s spin.
    context = await newContext(browser, { reducedMotion: 'reduce' });
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('creates, confirms, rejects a wrong code, verifies the right one and shows the prize', async () => {
    const page = await context.newPage();
    const name = 'Gita Devi Shrestha';
    const phone = uniquePhone();
    await signIn(page, t.url, 'staff@example.com');

    await step(page, 'open the form', async () => {
      await page.goto(`${t.url}/admin/preregistration`);
      await page.getByRole('link', { name: 'Create' }).first().click();
      await page.waitForURL((u) => u.pathname === '/admin/preregistration/create');
    });

    await step(page, 'fill the form', async () => {
      await page.getByRole('textbox', { name: /^Full Name/ }).fill(name);
      // An address keeps its comma and hyphen (the older filter made it 'Lakeside6 Pokhara').
      const address = page.getByRole('textbox', { name: /^Address/ });
      await address.fill('Lakeside-6, Pokhara');
      expect(await address.inputValue()).toBe('Lakeside-6, Pokhara');
      // Pasted with the country code, as a customer's number often arrives: the field keeps its ten digits.
      const phoneField = page.getByRole('textbox', { name: /^Phone Number/ });
      await phoneField.fill(`+977 ${phone}`);
      expect(await phoneField.inputValue()).toBe(phone);
      // Typed on a Nepali keyboard: kept in Latin digits.
      const citizenship = uniqueDigits(11);
      const citizenshipField = page.getByRole('textbox', { name: /^Citizenship No\/PAN/ });
      await citizenshipField.fill(toDevanagariDigits(citizenship));
      expect(await citizenshipField.inputValue()).toBe(citizenship);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    });

    await step(page, 'confirm the phone', async () => {
      const confirm = page.getByRole('dialog', { name: 'Please Confirm Your Phone Number.' });
      await confirm.waitFor();
      expect(await confirm.getByText(phone, { exact: true }).isVisible()).toBe(true);
      await confirm.getByRole('button', { name: 'Save and Notify' }).click();
      await page.waitForURL(/\/admin\/preregistration\/[^/]+\/verify$/);
    });
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[3]);

    const [sms] = await fake.waitFor((r) => r.path === '/v2/sms/' && (r.body as Record<string, string>).to === phone, { timeoutMs: 30_000 });
    const code = codeIn(String((sms.body as Record<string, string>).text))!;
    expect(code).toMatch(/^\d{6}$/);

    const codeInput = page.getByRole('textbox', { name: /^Code/ });
    await step(page, 'verify screen', async () => {
      await page.getByRole('heading', { name: 'Enter the registration code the customer received' }).waitFor();
      expect(await page.getByText(`${name} · ${phone}`).isVisible()).toBe(true);
    });

    await step(page, 'wrong code', async () => {
      await codeInput.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'the code you have selected is incorrect' });
      await alert.waitFor();
      expect(await alert.innerText()).toBe('* the code you have selected is incorrect. Please try again or resend the code');
      // Branch Staff may not edit a pre-registration (no update-registration): Retry, but no Change Phone Number.
      expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
      expect(await codeInput.isDisabled()).toBe(true);
    });

    await step(page, 'retry with the right code', async () => {
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(codeInput.inputValue()).resolves.toBe('');
      await codeInput.fill(code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/admin/preregistration/${slug}/draw`);
    });

    await step(page, 'draw and prize', async () => {
      await page.getByRole('heading', { name: `Prize draw for ${name}` }).waitFor();
      expect(await page.getByRole('img', { name: /^Prize wheel with \d+ amounts$/ }).isVisible()).toBe(true);
      await page.getByRole('heading', { name: `Congratulations ${name}!` }).waitFor();
      expect(await page.getByText('You have won a cash discount of Rs. 4,500.').isVisible()).toBe(true);
      expect(await page.getByText(`An SMS will be sent to ${phone}.`).isVisible()).toBe(true);
    });

    const [row] = await t.db.query(`SELECT is_verified, prize FROM preregistration WHERE slug = $1`, [slug]);
    expect(row).toEqual({ is_verified: true, prize: PRIZE });

    await step(page, 'the draw id, as the public checks it', async () => {
      // The staff browser's seed went with the record; the draw shows its public id, checkable after the day.
      const [drawn] = await t.db.query(
        `SELECT d.public_id, d.audit->>'client_seed_from' AS seed_from FROM draw d JOIN preregistration p ON p.id = d.record_id AND d.kind = 'preregistration' WHERE p.slug = $1`,
        [slug],
      );
      expect(drawn.seed_from).toBe('browser');
      const shown = drawn.public_id.replace(/(.{4})(?=.)/g, '$1-');
      await page.getByText(shown).waitFor();
      await page.getByText('Recorded. Checkable once the day has ended (its seed is published then).').waitFor();
      expect(await page.getByRole('link', { name: 'public check' }).getAttribute('href')).toBe(`/fairness?draw=${drawn.public_id}`);
    });
    await page.close();
  });

  it('offers a branch manager Change Phone Number after a wrong code, which opens the edit form', async () => {
    const [manager] = await t.db.query(`SELECT branch_id FROM "user" WHERE email = 'manager@example.com'`);
    const pre = await pendingPreregistration(t.db, { branchId: manager.branch_id });
    const page = await context.newPage();
    await signIn(page, t.url, 'manager@example.com');
    await step(page, 'wrong code', async () => {
      await page.goto(`${t.url}/admin/preregistration/${pre.slug}/verify`);
      await page.getByRole('heading', { name: 'Enter the registration code the customer received' }).waitFor();
      await page.getByRole('textbox', { name: /^Code/ }).fill(pre.code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: '* the code you have selected is incorrect. Please try again or resend the code' }).waitFor();
    });
    await step(page, 'change phone number', async () => {
      await page.getByRole('link', { name: 'Change Phone Number' }).click();
      await page.waitForURL((u) => u.pathname === `/admin/preregistration/${pre.slug}/edit`);
      await expect(page.getByRole('textbox', { name: /^Phone Number/ }).inputValue()).resolves.toBe(pre.phone);
    });
    await page.close();
  });
});
