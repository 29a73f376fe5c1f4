import { toDevanagariDigits } from '@campaign/domain';
import { Browser, BrowserContext } from 'playwright-core';
import { allocate, branchIds, commitOnTime, uniquePhone } from '../factories/campaign';
import { PHONE } from '../harness/browser';
import { FakeProvider } from '../harness/fake-provider';
import { TestApp } from '../harness/test-app';
import { codeIn, latinWords, NEPALI_PAGE_ALLOWS, newContext, step, startSmsJourney, type SmsJourney } from './journey';

/**
 * Journey (#15): a visitor whose phone is set to Nepali goes from the landing page to the
 * prize reading Nepali, a mistake the server finds included; the header's switch changes the
 * language and the choice holds over a reload.
 */
describe('the public site in Nepali (browser, ne-NP)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let browser: Browser;
  let journey: SmsJourney;
  let context: BrowserContext;

  beforeAll(async () => {
    journey = await startSmsJourney();
    ({ t, fake, browser } = journey);
    await allocate(t.db, { type: 'preregistration_public', count: 5, amount: 5000, probability: 100 });
    await commitOnTime(t.app);
  });
  afterAll(async () => {
    await journey?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, { ...PHONE, locale: 'ne-NP' });
  });
  afterEach(async () => {
    await context?.close();
  });

  it('registers, verifies and shows the prize in Nepali, a plainly wrong number told at once', async () => {
    const page = await context.newPage();
    // The choices read the Nepali names head office gave the showroom and the model (the demo gives every one).
    const [branch] = await t.db.query(`SELECT title_ne AS title FROM branch WHERE id = $1`, [(await branchIds(t.db))[0]]);
    const [model] = await t.db.query(`SELECT title_ne AS title FROM bike_model ORDER BY id LIMIT 1`);
    expect([branch.title, model.title].join(' ')).toMatch(/^[\u0900-\u097F ]+$/);
    const name = 'सीता कुमारी राई';
    const phone = uniquePhone();

    await step(page, 'landing in Nepali', async () => {
      await page.goto(`${t.url}/`);
      await page.getByRole('heading', { name: 'नयाँ बाइकमा नगद छुट जित्नुहोस्' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ne');
      // The year is a name, not an amount: four Nepali digits, never '२,०२६'.
      expect(await page.locator('.copyright').innerText()).toMatch(/^© [०-९]{4} /);
      await page.getByRole('heading', { name: 'नजिकको शोरुम' }).waitFor();
      // The settings' panels in their Nepali version.
      await page.getByText('योजनाको विवरण').click();
      await page.getByRole('heading', { name: 'अभियान २०८२: हरेक राइडरले जित्छ' }).waitFor();
      await page.getByRole('link', { name: 'अहिले दर्ता गर्नुहोस्' }).click();
    });

    const dialog = page.getByRole('dialog', { name: 'अभियान २०८२ का लागि दर्ता' });
    const submit = async () => {
      await dialog.getByRole('button', { name: 'पेस गर्नुहोस्' }).click();
      const confirm = page.getByRole('dialog', { name: 'कृपया आफ्नो फोन नम्बर पुष्टि गर्नुहोस्।' });
      await confirm.getByRole('button', { name: 'सेभ गरी सूचना पठाउनुहोस्' }).click();
    };
    await step(page, 'a mistake, told in Nepali', async () => {
      await dialog.getByLabel('पूरा नाम*').fill(name);
      // Ten digits, but not a Nepal mobile: said at once under the field, in Nepali, never put to the confirm dialog.
      await dialog.getByLabel('फोन नम्बर*').fill('9512345678');
      await dialog.getByLabel('बाइकको मोडेल*').selectOption({ label: model.title });
      // The sources read in Nepali; the record keeps the code (checked after the draw).
      await dialog.getByLabel('हाम्रोबारे कहाँबाट थाहा पाउनुभयो*').selectOption({ label: 'सामाजिक सञ्जाल' });
      await dialog.getByLabel('तपाईंको नजिकको शोरुम*').selectOption({ label: branch.title });
      await dialog.getByRole('button', { name: 'पेस गर्नुहोस्' }).click();
      await dialog.getByText('फोन नम्बर ९६, ९७ वा ९८ बाट सुरु हुने १० अङ्कको नेपाली मोबाइल नम्बर हुनुपर्छ।').waitFor();
      expect(await page.getByRole('dialog', { name: 'कृपया आफ्नो फोन नम्बर पुष्टि गर्नुहोस्।' }).count()).toBe(0);
    });

    await step(page, 'the code, typed in Nepali digits', async () => {
      // As a Nepali keyboard types it, with the country code: the field keeps the ten Latin digits.
      const field = dialog.getByLabel('फोन नम्बर*');
      await field.fill('');
      await field.pressSequentially(`+९७७ ${toDevanagariDigits(phone)}`);
      expect(await field.inputValue()).toBe(phone);
      await submit();
      await page.waitForURL(/\/enquiry\/[^/]+\/verify$/);
      const verify = page.getByRole('dialog', { name: 'आफ्नो फोन नम्बर प्रमाणित गर्नुहोस्' });
      await verify.getByLabel('OTP कोड').waitFor();
      expect(await latinWords(page, NEPALI_PAGE_ALLOWS)).toEqual([]);
      const [sms] = await fake.waitFor((r) => r.path === '/v2/sms/' && (r.body as Record<string, string>).to === phone, { timeoutMs: 30_000 });
      await verify.getByLabel('OTP कोड').pressSequentially(toDevanagariDigits(codeIn(String((sms.body as Record<string, string>).text))!));
      await verify.getByRole('button', { name: 'OTP प्रमाणित गर्नुहोस्' }).click();
    });

    await step(page, 'the wheel and the prize', async () => {
      const draw = page.getByRole('dialog', { name: 'पुरस्कार चिठ्ठा' });
      await draw.getByRole('img', { name: /^[०-९]+ रकम भएको पुरस्कार चक्र$/ }).waitFor();
      await draw.getByRole('heading', { name: `बधाई छ ${name}! तपाईंले रु. ५,००० नगद छुट जित्नुभयो।` }).waitFor({ timeout: 15_000 });
      await draw.getByRole('region', { name: 'साथीहरूसँग सेयर गर्नुहोस्' }).waitFor();
      // Only Nepali: the English congratulation is not shown to a Nepali reader, nor any other English word.
      expect(await draw.getByText(/Congratulations|An SMS will be sent/).count()).toBe(0);
      expect(await latinWords(page, NEPALI_PAGE_ALLOWS)).toEqual([]);
      const [stored] = await t.db.query(`SELECT source FROM preregistration WHERE phone = $1`, [phone]);
      expect(stored.source).toBe('SOCIAL MEDIA');
      // The header names the campaign in Nepali (the admin gave its Nepali name).
      expect(await page.locator('.badge').innerText()).toBe('अभियान २०८२');
    });

    await step(page, 'the fairness page in Nepali', async () => {
      await page.getByRole('link', { name: 'तपाईंको पुरस्कार निष्पक्ष रूपमा निकालिएको जाँच्नुहोस्' }).click();
      await page.getByRole('heading', { name: 'पुरस्कार कसरी निकालिन्छ' }).waitFor();
      await page.getByRole('region', { name: 'मेरो पुरस्कार जाँच्नुहोस्' }).getByText(/^तपाईंको चिठ्ठा .+ अभिलेखमा छ:/).waitFor();
      // Times of the commitments in the BS calendar and Nepali digits, as every other Nepali date.
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/\d{4} M\d{1,2}/);
      expect(text).toMatch(/[०-९]{4}-[०-९]{2}-[०-९]{2} वि\.सं\. [०-९]{2}:[०-९]{2}/);
    });
    await page.close();
  });

  it('switches to English from the header, and keeps the choice over a reload (a ?lang=ne link included)', async () => {
    const page = await context.newPage();
    await page.goto(`${t.url}/?lang=ne`);
    await page.getByRole('heading', { name: 'नयाँ बाइकमा नगद छुट जित्नुहोस्' }).waitFor();
    await page.getByRole('link', { name: 'Read in English' }).click();
    await page.getByRole('heading', { name: 'Win a cash discount on your new bike' }).waitFor();
    await page.getByRole('heading', { name: 'Nearby Showroom' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Win a cash discount on your new bike' }).waitFor();
    expect(await page.getByRole('link', { name: 'नेपालीमा पढ्नुहोस्' }).textContent()).toBe('नेपाली');
    await page.close();
  });
});
