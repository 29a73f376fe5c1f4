import { Browser, BrowserContext, Page } from 'playwright-core';
import { allocate, branchIds, commitOnTime, uniquePhone } from '../factories/campaign';
import { PHONE } from '../harness/browser';
import { FakeProvider } from '../harness/fake-provider';
import { TestApp } from '../harness/test-app';
import { Clock } from '../../src/common/clock';
import { addDays, campaignDay, localToUtc } from '../../src/common/time';
import { codeIn, newContext, signIn, step, startSmsJourney, type SmsJourney } from './journey';
import { passResendWait } from '../harness/nepal-day';

/**
 * Journey: a visitor on a phone pre-registers from the landing page, verifies the code the
 * SMS gateway received and sees the prize the server drew on the wheel's page.
 */
describe('public enquiry (browser)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let browser: Browser;
  let journey: SmsJourney;
  let context: BrowserContext;
  const PRIZE = 5000;

  beforeAll(async () => {
    journey = await startSmsJourney();
    ({ t, fake, browser } = journey);
    // The whole public stock of today: one prize, won for sure.
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: PRIZE, probability: 100 });
    await commitOnTime(t.app);
  });
  afterAll(async () => {
    await journey?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, PHONE);
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Landing page → enquiry form → confirm → verify page; answers the slug and the code the gateway got. */
  async function register(page: Page, name: string, phone: string): Promise<{ slug: string; code: string }> {
    const [branch] = await t.db.query(`SELECT title FROM branch WHERE id = $1`, [(await branchIds(t.db))[0]]);
    const [model] = await t.db.query(`SELECT title FROM bike_model ORDER BY id LIMIT 1`);

    await step(page, 'landing', async () => {
      await page.goto(`${t.url}/`);
      await page.getByRole('heading', { name: 'Win a cash discount on your new bike' }).waitFor();
      await page.getByRole('link', { name: 'Register now' }).click();
      await page.waitForURL((u) => u.pathname === '/enquiry');
    });

    const dialog = page.getByRole('dialog', { name: 'Registration for the campaign 2082' });
    await step(page, 'form', async () => {
      await dialog.waitFor();
      // What the server would refuse after Submit is not kept as it is typed: no digits or underscores in a name.
      const nameField = dialog.getByLabel('Full Name*');
      await nameField.fill(name);
      await nameField.pressSequentially('_2');
      expect(await nameField.inputValue()).toBe(name);
      await dialog.getByLabel('Phone Number*').fill(phone);
      await dialog.getByLabel('Bike Model*').selectOption({ label: model.title });
      await dialog.getByLabel('Where did you hear about us*').selectOption({ label: 'SOCIAL MEDIA' });
      await dialog.getByLabel('Your nearest showroom*').selectOption({ label: branch.title });
      // Not shared unless the visitor says so: the box starts unticked and is left so here.
      expect(await dialog.getByLabel('Shared in social media').isChecked()).toBe(false);
      // Under Submit: the one line that makes submitting the consent, linking what is agreed to.
      expect(await dialog.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/#terms');
      expect(await dialog.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/#privacy-policy');
      await dialog.getByRole('button', { name: 'Submit' }).click();
    });

    const fakeBefore = fake.requestsTo('POST /v2/sms/').length;
    await step(page, 'confirm phone', async () => {
      const confirm = page.getByRole('dialog', { name: 'Please Confirm Your Phone Number.' });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(phone);
      await confirm.getByRole('button', { name: 'Save and Notify' }).click();
      await page.waitForURL(/\/enquiry\/[^/]+\/verify$/);
    });
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
    const [row] = await t.db.query(`SELECT shared, consent_at IS NOT NULL AS consented FROM preregistration WHERE slug = $1`, [slug]);
    expect(row).toEqual({ shared: false, consented: true });

    // The code as the visitor's phone got it: the gateway's request for this number.
    const [sms] = await fake.waitFor((r) => r.path === '/v2/sms/' && (r.body as Record<string, string>).to === phone, {
      timeoutMs: 30_000,
    });
    expect(fake.requestsTo('POST /v2/sms/').length).toBeGreaterThan(fakeBefore);
    const code = codeIn(String((sms.body as Record<string, string>).text));
    expect(code).toMatch(/^\d{6}$/);
    return { slug, code: code! };
  }

  it('shows a visitor over the per-address limit why, beside Submit, in view on a phone', async () => {
    // Many visitors share one address (a showroom's Wi-Fi, a carrier's): this one's minute is spent.
    const key = 'ip:EnquiryController.create:short:127.0.0.1';
    await t.db.query(`INSERT INTO rate_limit (key, hits, reset_at) VALUES ($1, 1000, now() + interval '1 minute') ON CONFLICT (key) DO UPDATE SET hits = 1000, reset_at = EXCLUDED.reset_at`, [key]);
    const page = await context.newPage();
    try {
      const [branch] = await t.db.query(`SELECT title FROM branch WHERE id = $1`, [(await branchIds(t.db))[0]]);
      const [model] = await t.db.query(`SELECT title FROM bike_model ORDER BY id LIMIT 1`);
      await page.goto(`${t.url}/enquiry`);
      const dialog = page.getByRole('dialog', { name: 'Registration for the campaign 2082' });
      await dialog.getByLabel('Full Name*').fill('Limited Visitor');
      await dialog.getByLabel('Phone Number*').fill(uniquePhone());
      await dialog.getByLabel('Bike Model*').selectOption({ label: model.title });
      await dialog.getByLabel('Where did you hear about us*').selectOption({ label: 'SOCIAL MEDIA' });
      await dialog.getByLabel('Your nearest showroom*').selectOption({ label: branch.title });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('dialog', { name: 'Please Confirm Your Phone Number.' }).getByRole('button', { name: 'Save and Notify' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toBe('Too many requests. Please try again later.');
      // Seen without scrolling: inside the screen, and just above the buttons.
      const box = (await alert.boundingBox())!;
      const screen = page.viewportSize()!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
      const submit = (await dialog.getByRole('button', { name: 'Submit' }).boundingBox())!;
      expect(submit.y).toBeGreaterThan(box.y);
    } finally {
      await t.db.query(`DELETE FROM rate_limit WHERE key = $1`, [key]);
      await page.close();
    }
  });

  it('takes a visitor from the landing page through the code to the prize of today', async () => {
    const page = await context.newPage();
    const phone = uniquePhone();
    const name = 'Sita Kumari Rai';
    const { slug, code } = await register(page, name, phone);

    const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
    const otp = verify.getByLabel('OTP');
    await step(page, 'verify page', async () => {
      await otp.waitFor();
      // The phone is shown masked (first two and last two digits).
      expect(await verify.innerText()).toContain(`${phone.slice(0, 2)}******${phone.slice(-2)}`);
    });

    await step(page, 'wrong code', async () => {
      await otp.fill(code === '000000' ? '111111' : '000000');
      await verify.getByRole('button', { name: 'Verify OTP' }).click();
      const error = verify.locator('.error');
      await error.waitFor();
      expect(await error.innerText()).toBe('Invalid OTP. The code is incorrect.');
      expect(await otp.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe(`/enquiry/${slug}/verify`);
    });

    await step(page, 'right code', async () => {
      await otp.fill(code);
      await verify.getByRole('button', { name: 'Verify OTP' }).click();
      await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/draw`);
    });

    const draw = page.getByRole('dialog', { name: 'Prize Draw' });
    await step(page, 'wheel then prize', async () => {
      const wheel = draw.getByRole('img', { name: /^Prize wheel with \d+ amounts$/ });
      await wheel.waitFor();
      // The wheel waits 1 s and turns for 5 s: the prize is not told before it stops.
      expect(await draw.getByText('Rs. 5,000').count()).toBe(0);
      // The Nepali line writes the amount the Nepali way: रु. and Devanagari digits, lakh grouping.
      const nepali = draw.getByRole('heading', { name: `बधाई छ ${name}! तपाईंले रु. ५,००० नगद छुट जित्नुभयो।` });
      await nepali.waitFor();
      expect(await draw.getByText(`Congratulations ${name}! You have won a cash discount of Rs. 5,000.`).isVisible()).toBe(true);
      expect(await draw.getByText(`An SMS will be sent to your phone ${phone.slice(0, 2)}******${phone.slice(-2)}.`).isVisible()).toBe(
        true,
      );
      // The SMS line in the reader's language only (the congratulation keeps its Nepali original).
      expect(await draw.getByText(/SMS पठाइनेछ/).count()).toBe(0);
    });

    await step(page, 'close', async () => {
      await draw.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await draw.waitFor({ state: 'detached' });
    });

    const [row] = await t.db.query(`SELECT is_verified, prize FROM preregistration WHERE slug = $1`, [slug]);
    expect(row).toEqual({ is_verified: true, prize: PRIZE });
    await page.close();
  });

  it('shows /fairness whole on a 360 px phone: no sideways scroll, whole fingerprints, and a command naming a day of the table', async () => {
    const page = await context.newPage();
    await page.goto(`${t.url}/fairness`);
    const days = page.getByRole('region', { name: 'Daily commitments' });
    const first = days.locator('table.commitments tbody').first();
    await first.waitFor();
    const { body } = await t.http().get('/api/v1/fairness');
    await step(page, 'the command names a day the table shows, and this site', async () => {
      const command = await days.locator('p code').first().innerText();
      const day = /--day (\S+)/.exec(command)?.[1] ?? '';
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await days.locator('table.commitments').innerText()).toContain(day);
      expect(command).toContain(`--url ${t.url}`);
    });
    await step(page, 'nothing scrolls sideways, and the newest fingerprint reads whole', async () => {
      const overflow = await page.evaluate(() => {
        const box = document.querySelector<HTMLElement>('.fairness .table-scroll')!;
        return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, table: box.scrollWidth - box.clientWidth };
      });
      expect(overflow).toEqual({ page: 0, table: 0 });
      expect(await first.locator('td code').first().innerText()).toBe(body.data[0].fingerprint);
    });
    await page.close();
  });

  it("brings a friend through the visitor's share link: the friend's verified pre-registration counts for the sharer in the referrer report and on the sharer's record", async () => {
    const page = await context.newPage();
    const { slug, code } = await register(page, 'Bishnu Shrestha', uniquePhone());
    const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
    await verify.getByLabel('OTP').fill(code);
    await verify.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/draw`);
    const [{ share_code: shareCode }] = await t.db.query(`SELECT share_code FROM preregistration WHERE slug = $1`, [slug]);
    const link = `${t.url}/?utm_source=ref-${shareCode}`;

    const share = page.getByRole('region', { name: 'Share with friends' });
    await step(page, 'share after the prize', async () => {
      await share.waitFor({ timeout: 15_000 });
      // Over plain HTTP there is no share sheet: a link per network, and the personal link to copy.
      for (const network of ['Facebook', 'WhatsApp', 'Viber']) expect(await share.getByRole('link', { name: network }).isVisible()).toBe(true);
      expect(await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(encodeURIComponent(link));
      expect(await share.getByLabel('Your link').inputValue()).toBe(link);
    });
    await step(page, "TikTok takes no link: its button copies the words and the link to paste in TikTok's app", async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      // Never TikTok's home page, which shared nothing.
      expect(await share.getByRole('link', { name: 'TikTok' }).count()).toBe(0);
      await share.getByRole('button', { name: 'TikTok' }).click();
      await share.getByRole('status').filter({ hasText: 'Link copied: paste it in TikTok' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('Pre-register, verify your phone and spin the wheel for a cash discount.');
      expect(copied.endsWith(` ${link}`)).toBe(true);
      expect(page.context().pages()).toHaveLength(1);
    });
    await page.close();

    // The friend, on their own phone, opens the link, pre-registers from the landing page and
    // verifies their phone: only then do they count for the sharer (issue #32).
    const friendContext = await newContext(browser, PHONE);
    const friend = await friendContext.newPage();
    await friend.goto(link);
    const registered = await register(friend, 'Hari Prasad Koirala', uniquePhone());
    const friendVerify = friend.getByRole('dialog', { name: 'Verify Your Phone Number' });
    await friendVerify.getByLabel('OTP').fill(registered.code);
    await friendVerify.getByRole('button', { name: 'Verify OTP' }).click();
    await friend.waitForURL((u) => u.pathname === `/enquiry/${registered.slug}/draw`);
    await friendContext.close();

    const staff = await newContext(browser);
    const admin = await staff.newPage();
    await signIn(admin, t.url, 'admin@example.com');
    await step(admin, 'the referrer report', async () => {
      await admin.goto(`${t.url}/admin/referrer?filter=${encodeURIComponent(JSON.stringify({ q: shareCode }))}`);
      const row = admin.getByRole('row').filter({ hasText: `ref-${shareCode}` });
      await row.first().waitFor();
      const header = await admin.getByRole('columnheader').allInnerTexts();
      const cells = await row.first().getByRole('cell').allInnerTexts();
      const column = (name: string) => cells[header.findIndex((h) => h.trim() === name)]?.trim();
      expect([column('Pre-registrations'), column('Test Rides'), column('Referrals')]).toEqual(['1', '0', '0']);
    });
    await step(admin, "the sharer's record", async () => {
      await admin.goto(`${t.url}/admin/preregistration/${encodeURIComponent(slug)}`);
      await admin.getByText('1 verified pre-registration, 0 test rides, 0 purchases').waitFor();
    });
    await staff.close();
  });

  it('lets the visitor check their prize on /fairness: recorded on the day, recomputed in the browser after it', async () => {
    const page = await context.newPage();
    const { slug, code } = await register(page, 'Maya Gurung', uniquePhone());
    const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
    await verify.getByLabel('OTP').fill(code);
    await verify.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/draw`);
    // The seed the browser sent with the enquiry is the one the draw used.
    const [drawn] = await t.db.query(
      `SELECT d.public_id, d.client_seed = p.client_seed AS same_seed, d.audit->>'client_seed_from' AS seed_from
         FROM draw d JOIN preregistration p ON p.id = d.record_id AND d.kind = 'preregistration' WHERE p.slug = $1`,
      [slug],
    );
    expect(drawn).toMatchObject({ same_seed: true, seed_from: 'browser' });
    const shown = `${drawn.public_id.slice(0, 4)}-${drawn.public_id.slice(4, 8)}-${drawn.public_id.slice(8)}`;
    const draw = page.getByRole('dialog', { name: 'Prize Draw' });
    await step(page, 'the draw id with the prize', async () => {
      await draw.getByText(`Your draw id: ${shown}.`).waitFor({ timeout: 15_000 });
      // The day's fingerprint beside it: the start of the day's commitment in the public chain.
      const fingerprint = await draw.locator('code.fingerprint').innerText();
      const { body } = await t.http().get('/api/v1/fairness/chain');
      const today = body.data.find((l: { day: string }) => l.day === campaignDay());
      expect({ fingerprint, text: await draw.getByText("Fingerprint of the day's commitment:").isVisible() }).toEqual({ fingerprint: today.commitment_hash.slice(0, 20), text: true });
      await draw.getByRole('link', { name: 'Check that your prize was drawn fairly' }).click();
      await page.waitForURL((u) => u.pathname === '/fairness');
    });
    const fairness = page.getByRole('region', { name: 'Check my prize' });
    await step(page, 'recorded, not yet checkable', async () => {
      await fairness.getByText(`Your draw ${shown} is recorded:`).waitFor();
      expect(await fairness.innerText()).toContain('Rs. 5,000');
      expect(await page.getByRole('heading', { name: 'Daily commitments' }).isVisible()).toBe(true);
    });
    const clock = t.app.get(Clock);
    try {
      clock.travel(localToUtc(addDays(campaignDay(), 1), '00:05'));
      await step(page, 'after the day: recomputed here', async () => {
        await page.reload();
        await fairness.getByText('Your prize was drawn fairly.').waitFor();
        const rolls = fairness.getByRole('table', { name: /Your rolls/ });
        expect(await rolls.getByRole('row').count()).toBeGreaterThan(1);
        expect(await rolls.innerText()).toContain('(won)');
      });
      await step(page, 'a changed audit row is caught', async () => {
        await t.db.query(`UPDATE draw SET audit = jsonb_set(audit, '{result,amount}', '100000') WHERE public_id = $1`, [drawn.public_id]);
        // Another visitor (a browser without this one's cached answers) types the id as read aloud.
        const other = await newContext(browser, PHONE);
        const second = await other.newPage();
        await second.goto(`${t.url}/fairness`);
        const check = second.getByRole('region', { name: 'Check my prize' });
        await check.getByLabel('Draw id (from your prize page or SMS)').fill(shown.toLowerCase());
        await check.getByRole('button', { name: 'Check my prize' }).click();
        await check.getByText('Your draw does not check out.').waitFor();
        expect(await check.innerText()).toContain('The prize is recorded as Rs. 100000 but the rolls give Rs. 5000.');
        await other.close();
      });
    } finally {
      clock.travel(new Date());
    }
    await page.close();
  });

  it("says 'OTP is required' when the code is left empty", async () => {
    const page = await context.newPage();
    const { slug } = await register(page, 'Hari Prasad Sharma', uniquePhone());
    const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
    await step(page, 'empty code', async () => {
      await verify.getByLabel('OTP').waitFor();
      await verify.getByRole('button', { name: 'Verify OTP' }).click();
      const error = verify.locator('.error');
      await error.waitFor();
      expect(await error.innerText()).toBe('OTP is required');
      expect(new URL(page.url()).pathname).toBe(`/enquiry/${slug}/verify`);
    });
    const [row] = await t.db.query(`SELECT is_verified FROM preregistration WHERE slug = $1`, [slug]);
    expect(row.is_verified).toBe(false);
    await page.close();
  });
  /** The newest code the gateway carried to a phone after `since` requests (the visitor's SMS). */
  async function nextCodeTo(phone: string, since: number): Promise<{ code: string; text: string }> {
    const sent = await fake.waitFor(
      (r) =>
        r.path === '/v2/sms/' &&
        (r.body as Record<string, string>).to === phone &&
        /verification code/.test((r.body as Record<string, string>).text),
      { timeoutMs: 30_000, count: since + 1 },
    );
    const text = String((sent[sent.length - 1].body as Record<string, string>).text);
    return { code: codeIn(text)!, text };
  }
  /** A minute has passed since the phone's last code (instead of sleeping through the wait). */
  async function aMinuteLater(phone: string) {
    await passResendWait(t.db, phone, 'otp');
    await t.db.query(`UPDATE rate_limit SET reset_at = now() WHERE key = $1`, [`return-send:60:${phone}`]);
  }
  const codesTo = (phone: string) =>
    fake
      .requestsTo('POST /v2/sms/')
      .filter((r) => (r.body as Record<string, string>).to === phone && /verification code/.test((r.body as Record<string, string>).text))
      .length;

  it('takes a visitor who closed the code dialog back through "Enter your code" to the prize, and again once verified', async () => {
    const page = await context.newPage();
    const phone = uniquePhone();
    const name = 'Maya Tamang';
    const { slug } = await register(page, name, phone);
    const masked = `${phone.slice(0, 2)}******${phone.slice(-2)}`;

    await step(page, 'close the code dialog', async () => {
      const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
      await verify.getByLabel('OTP').waitFor();
      await verify.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    });

    const enquiry = page.getByRole('dialog', { name: 'Registration for the campaign 2082' });
    await aMinuteLater(phone);
    await step(page, 'registering again answers as a first registration does: a new pending slug and a code, never the record (issue #32)', async () => {
      await page.getByRole('link', { name: 'Register now' }).click();
      const [branch] = await t.db.query(`SELECT title FROM branch WHERE id = $1`, [(await branchIds(t.db))[0]]);
      const [model] = await t.db.query(`SELECT title FROM bike_model ORDER BY id LIMIT 1`);
      await enquiry.getByLabel('Full Name*').fill(name);
      await enquiry.getByLabel('Phone Number*').fill(phone);
      await enquiry.getByLabel('Bike Model*').selectOption({ label: model.title });
      await enquiry.getByLabel('Where did you hear about us*').selectOption({ label: 'SOCIAL MEDIA' });
      await enquiry.getByLabel('Your nearest showroom*').selectOption({ label: branch.title });
      await enquiry.getByRole('button', { name: 'Submit' }).click();
      await page
        .getByRole('dialog', { name: 'Please Confirm Your Phone Number.' })
        .getByRole('button', { name: 'Save and Notify' })
        .click();
      const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
      await verify.getByLabel('OTP').waitFor();
      const pending = new URL(page.url()).pathname;
      expect(pending).toMatch(/^\/enquiry\/[\w-]{16}\/verify$/);
      expect(pending).not.toContain(slug);
      expect(await verify.innerText()).toContain(masked);
      expect(await page.content()).not.toContain(slug);
      await verify.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    });

    const back = page.getByRole('dialog', { name: 'Enter your code' });
    await step(page, '"Already registered? Enter your code" on the landing page', async () => {
      expect(await page.getByText('Already registered?').first().isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Enter your code' }).click();
      await page.waitForURL((u) => u.pathname === '/enquiry/return');
      await back.waitFor();
    });

    await aMinuteLater(phone);
    const before = codesTo(phone);
    await step(page, 'phone: the same answer for everyone, a fresh code by SMS', async () => {
      await back.getByLabel('Phone Number*').fill(phone);
      await back.getByRole('button', { name: 'Send me a code' }).click();
      await back.getByText('If this number is registered, a code is on its way.').waitFor();
      const text = await back.innerText();
      expect(text).not.toContain(name);
      expect(text).not.toContain(masked);
    });
    const fresh = await nextCodeTo(phone, before);
    expect(fresh.text).toContain(`/enquiry/${slug}/verify`);

    await step(page, 'a wrong code', async () => {
      await back.getByLabel('OTP*').fill(fresh.code === '000000' ? '111111' : '000000');
      await back.getByRole('button', { name: 'Verify OTP' }).click();
      await back.getByText('The code is incorrect.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/enquiry/return');
    });

    const draw = page.getByRole('dialog', { name: 'Prize Draw' });
    const prizeHeading = draw.getByRole('heading', { name: `बधाई छ ${name}! तपाईंले रु. ५,००० नगद छुट जित्नुभयो।` });
    await step(page, 'the right code: verify, then the wheel and the prize', async () => {
      await back.getByLabel('OTP*').fill(fresh.code);
      await back.getByRole('button', { name: 'Verify OTP' }).click();
      await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/draw`);
      await draw.getByRole('img', { name: /^Prize wheel with \d+ amounts$/ }).waitFor();
      await prizeHeading.waitFor();
      await draw.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    });
    const [row] = await t.db.query(`SELECT is_verified, prize FROM preregistration WHERE slug = $1`, [slug]);
    expect(row).toEqual({ is_verified: true, prize: PRIZE });

    await aMinuteLater(phone);
    const later = codesTo(phone);
    await step(page, 'verified, the visitor comes back: the wheel turns to the same prize', async () => {
      await page.getByRole('link', { name: 'Enter your code' }).click();
      await back.getByLabel('Phone Number*').fill(phone);
      await back.getByRole('button', { name: 'Send me a code' }).click();
      await back.getByText('If this number is registered, a code is on its way.').waitFor();
      const again = await nextCodeTo(phone, later);
      await back.getByLabel('OTP*').fill(again.code);
      await back.getByRole('button', { name: 'Verify OTP' }).click();
      await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/draw`);
      await prizeHeading.waitFor();
    });
    await step(page, 'Back from the prize: the landing page, not an empty "Enter your code"', async () => {
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('heading', { name: 'Win a cash discount on your new bike' }).waitFor();
      await page.waitForTimeout(500);
      expect(await back.count()).toBe(0);
      expect(await draw.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
    });
    const draws = await t.db.query(
      `SELECT count(*)::int AS n FROM draw WHERE kind = 'preregistration' AND record_id = (SELECT id FROM preregistration WHERE slug = $1)`,
      [slug],
    );
    expect(draws[0].n).toBe(1);
    await page.close();
  });

  // Last: its draw may find the day's five prizes gone (the tests above take them) and give the base prize, which it does not look at.
  it('Back from the code dialog finds the form as it was typed; Back from the prize leaves for the landing page, never a second spin', async () => {
    const page = await context.newPage();
    const phone = uniquePhone();
    const name = 'Gita Adhikari';
    const { slug, code } = await register(page, name, phone);
    const form = page.getByRole('dialog', { name: 'Registration for the campaign 2082' });
    const verify = page.getByRole('dialog', { name: 'Verify Your Phone Number' });
    const draw = page.getByRole('dialog', { name: 'Prize Draw' });

    await step(page, 'Back from the code dialog: the form, as it was typed', async () => {
      await verify.getByLabel('OTP').waitFor();
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/enquiry');
      await form.waitFor();
      expect(await form.getByLabel('Full Name*').inputValue()).toBe(name);
      expect(await form.getByLabel('Phone Number*').inputValue()).toBe(phone);
      expect(await form.getByLabel('Bike Model*').inputValue()).not.toBe('');
      expect(await form.getByLabel('Where did you hear about us*').inputValue()).toBe('SOCIAL MEDIA');
      expect(await form.getByLabel('Your nearest showroom*').inputValue()).not.toBe('');
    });

    await step(page, 'Forward to the code, then the prize', async () => {
      await page.goForward();
      await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/verify`);
      await verify.getByLabel('OTP').fill(code);
      await verify.getByRole('button', { name: 'Verify OTP' }).click();
      await page.waitForURL((u) => u.pathname === `/enquiry/${slug}/draw`);
      await draw.getByRole('heading', { name: new RegExp(`^बधाई छ ${name}!`) }).waitFor({ timeout: 15_000 });
      // What the visitor typed leaves the tab once the registration is done.
      const kept = await page.evaluate(() => Object.values(sessionStorage).join('\n'));
      expect(kept).not.toContain(phone);
      expect(kept).not.toContain(name);
    });

    await step(page, 'Back from the prize: the landing page, no form, no wheel turning again', async () => {
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('heading', { name: 'Win a cash discount on your new bike' }).waitFor();
      await page.waitForTimeout(500);
      expect(await draw.count()).toBe(0);
      expect(await verify.count()).toBe(0);
      expect(await form.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
    });
    const draws = await t.db.query(
      `SELECT count(*)::int AS n FROM draw WHERE kind = 'preregistration' AND record_id = (SELECT id FROM preregistration WHERE slug = $1)`,
      [slug],
    );
    expect(draws[0].n).toBe(1);
    await page.close();
  });
});
