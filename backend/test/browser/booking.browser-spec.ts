import { Browser, BrowserContext } from 'playwright-core';
import { uniquePhone } from '../factories/campaign';
import { launchBrowser, PHONE } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { newContext, signIn, step } from './journey';

/**
 * Journey: a visitor on a phone books a test ride through the State → District → City
 * cascade (the city's first showroom comes pre-selected), is thanked, and the booking
 * shows in the staff's test-ride list.
 */
describe('test-ride booking (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  let phoneContext: BrowserContext;
  let deskContext: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
    phoneContext = await newContext(browser, PHONE);
    deskContext = await newContext(browser);
  });
  afterAll(async () => {
    await phoneContext?.close();
    await deskContext?.close();
    await browser?.close();
    await t?.close();
  });

  it('books a test ride from the landing page and finds it in the admin list', async () => {
    // A showroom's place, and the showroom the city offers first (branches are in their order).
    const [place] = await t.db.query(`SELECT state, district, city FROM branch WHERE city <> '' ORDER BY "order", id LIMIT 1`);
    const [first] = await t.db.query(
      `SELECT id, title FROM branch WHERE state = $1 AND district = $2 AND city = $3 ORDER BY "order", id LIMIT 1`,
      [place.state, place.district, place.city],
    );
    const [model] = await t.db.query(`SELECT id, title FROM bike_model ORDER BY id LIMIT 1`);
    const name = 'Bikash Gurung';
    const phone = uniquePhone();

    const page = await phoneContext.newPage();
    const dialog = page.getByRole('dialog', { name: 'Book a Rides' });
    await step(page, 'open the booking dialog', async () => {
      await page.goto(`${t.url}/`);
      await page.getByRole('button', { name: 'Book a Test Ride', exact: true }).click();
      await dialog.waitFor();
      expect(await dialog.getByRole('radio', { name: 'Book a Testride' }).isChecked()).toBe(true);
    });

    await step(page, 'cascade', async () => {
      await dialog.getByLabel('Full Name').fill(name);
      await dialog.getByLabel('State').selectOption({ label: place.state });
      await dialog.getByLabel('District').selectOption({ label: place.district });
      // Before a city, no showroom is chosen for the visitor.
      expect(await dialog.getByLabel('Branch').inputValue()).toBe('');
      await dialog.getByLabel('City').selectOption({ label: place.city });
      await expect(dialog.getByLabel('Branch').inputValue()).resolves.toBe(String(first.id));
      const offered = await dialog.getByLabel('Branch').locator('option').allInnerTexts();
      const inCity: { title: string }[] = await t.db.query(
        `SELECT title FROM branch WHERE state = $1 AND district = $2 AND city = $3 ORDER BY "order", id`,
        [place.state, place.district, place.city],
      );
      expect(offered.slice(1)).toEqual(inCity.map((b) => b.title));
      await dialog.getByLabel('Model').selectOption({ label: model.title });
    });

    await step(page, 'a number that cannot be a Nepal mobile is said at once, nothing is sent', async () => {
      let sent = 0;
      page.on('request', (r) => void (r.url().includes('/api/v1/test-ride') && r.method() === 'POST' && sent++));
      await dialog.getByLabel('Phone').fill('1234567890');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).').waitFor();
      expect(await dialog.getByLabel('Phone').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(sent).toBe(0);
    });

    await step(page, 'submit', async () => {
      await dialog.getByLabel('Phone').fill(phone);
      await dialog.getByRole('button', { name: 'Submit' }).click();
    });

    await step(page, 'thank you', async () => {
      await page.waitForURL((u) => u.pathname === '/thankyou-for-test-ride-booking');
      const thanks = page.getByRole('dialog', { name: 'Thank You for Test Ride Booking.' });
      await thanks.waitFor();
      expect(await thanks.getByText('We will contact you with 3 working days.').isVisible()).toBe(true);
      await thanks.getByRole('button', { name: 'Go back to dashboard' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    });

    const [stored] = await t.db.query(`SELECT branch_id, bike_model_id, type, city FROM test_ride WHERE phone = $1`, [phone]);
    expect(stored).toEqual({ branch_id: first.id, bike_model_id: model.id, type: 'TESTRIDE', city: place.city });

    const admin = await deskContext.newPage();
    await signIn(admin, t.url, 'admin@example.com');
    await step(admin, 'admin test-ride list', async () => {
      await admin.goto(`${t.url}/admin/test-ride`);
      const row = admin.getByRole('row').filter({ hasText: name });
      await row.first().waitFor();
      const text = await row.first().innerText();
      for (const shown of [phone, model.title, place.state, place.district, place.city, first.title]) expect(text).toContain(shown);
      expect(text).toMatch(/TESTRIDE|Test ?ride/i);
    });
    await admin.close();
    await page.close();
  });
  it('books from a model’s card in the showcase: its line, its price and the dialog with the model chosen', async () => {
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    const [model] = await t.db.query(`SELECT id, slug, title FROM bike_model ORDER BY "order", id LIMIT 1 OFFSET 2`);
    await t.http().post(`/api/v1/bike-model/${model.slug}`).set('Authorization', admin).send({ tagline: 'Sharp looks, disc brakes at both ends.', price: 289900, price_from: true });
    const page = await phoneContext.newPage();
    await step(page, 'the showcase', async () => {
      await page.goto(`${t.url}/`);
      const bikes = page.getByRole('region', { name: 'Our bikes' });
      const card = bikes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: model.title }) });
      await card.waitFor();
      expect(await card.innerText()).toContain('Sharp looks, disc brakes at both ends.');
      expect(await card.innerText()).toContain('From Rs. 2,89,900');
      await card.getByRole('button', { name: `Book a test ride on the ${model.title}` }).click();
    });
    await step(page, 'the dialog, with the model chosen', async () => {
      const dialog = page.getByRole('dialog', { name: 'Book a Rides' });
      await dialog.waitFor();
      await expect(dialog.getByLabel('Model').inputValue()).resolves.toBe(String(model.id));
    });
    await page.close();
  });

  it('a city without a showroom offers none of another place: it says so and offers the cities nearby that have one', async () => {
    const geography: { name: string; districts: { name: string; cities: { name: string }[] }[] }[] = (
      await t.http().get('/api/v1/geography')
    ).body.data;
    const branches: { id: number; title: string; state: string; district: string; city: string }[] = await t.db.query(
      `SELECT id, title, state, district, city FROM branch ORDER BY "order", id`,
    );
    // A district with a showroom and a city without one.
    const citiesOf = (b: { state: string; district: string }) =>
      geography.find((p) => p.name === b.state)?.districts.find((d) => d.name === b.district)?.cities ?? [];
    const shown = branches.find((b) => b.city && citiesOf(b).length > 1)!;
    const district = geography.find((p) => p.name === shown.state)!.districts.find((d) => d.name === shown.district)!;
    const empty = district.cities.find(
      (c) => !branches.some((b) => b.state === shown.state && b.district === shown.district && b.city === c.name),
    )!;
    const withShowroom = [...new Set(branches.filter((b) => b.state === shown.state && b.district === shown.district).map((b) => b.city))];

    const page = await phoneContext.newPage();
    const dialog = page.getByRole('dialog', { name: 'Book a Rides' });
    await step(page, 'open the booking dialog', async () => {
      await page.goto(`${t.url}/`);
      await page.getByRole('button', { name: 'Book a Test Ride', exact: true }).click();
      await dialog.waitFor();
    });
    await step(page, 'required fields carry the asterisk', async () => {
      for (const label of ['Full Name*', 'State*', 'District*', 'City*', 'Phone*', 'Model*', 'Branch*'])
        expect(await dialog.getByLabel(label, { exact: true }).count()).toBe(1);
      expect(await dialog.getByLabel('Email', { exact: true }).count()).toBe(1);
    });
    const branch = dialog.getByLabel('Branch*', { exact: true });
    await step(page, 'a city without a showroom', async () => {
      await dialog.getByLabel('State*').selectOption({ label: shown.state });
      await dialog.getByLabel('District*').selectOption({ label: shown.district });
      await dialog.getByLabel('City*').selectOption({ label: empty.name });
      expect(await branch.inputValue()).toBe('');
      expect((await branch.locator('option').allInnerTexts()).slice(1)).toEqual([]);
      await dialog.getByText(`No showroom in ${empty.name} yet. Choose a city nearby that has one:`).waitFor();
      const nearby = dialog.getByRole('list', { name: 'Cities nearby with a showroom' }).getByRole('button');
      expect(await nearby.allInnerTexts()).toEqual(withShowroom);
    });
    await step(page, 'a click chooses the city nearby and its first showroom', async () => {
      await dialog.getByRole('button', { name: withShowroom[0], exact: true }).click();
      expect(await dialog.getByLabel('City*').inputValue()).toBe(withShowroom[0]);
      const first = branches.find((b) => b.state === shown.state && b.district === shown.district && b.city === withShowroom[0])!;
      expect(await branch.inputValue()).toBe(String(first.id));
      expect(await dialog.getByText('No showroom in', { exact: false }).count()).toBe(0);
    });
    await step(page, 'the close button closes it', async () => {
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');
    });
    await page.close();
  });
});
