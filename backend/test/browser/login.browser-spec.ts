import { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';

/** Journey: staff sign in to the admin; the menu shows what their permissions allow. */
describe('admin login (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    // A password input has no textbox role; its label reads 'Password *'.
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  it('signs the demo admin in and shows the sidebar', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'admin@example.com', 'Admin@2082');
    await page.waitForURL(/\/admin/);
    const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
    // Wait for the menu and the user's name: the machine may be slow to render.
    await menu
      .getByRole('menuitem', { name: /dealer users/i })
      .or(menu.getByRole('link', { name: /dealer users/i }))
      .first()
      .waitFor();
    await page.getByText('Demo Admin').first().waitFor();
    expect(await page.getByText('Demo Admin').first().isVisible()).toBe(true);
    await page.close();
  });

  it('answers an empty form with its own messages under both fields, not the browser’s bubbles', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByRole('button', { name: 'Login' }).click();
    // The form has noValidate: the browser lets it through and the page says what is missing, under each field.
    expect(await page.locator('#login-email-error').innerText()).toBe('The email field is required.');
    expect(await page.locator('#login-password-error').innerText()).toBe('The password field is required.');
    expect(await page.locator('form').getAttribute('novalidate')).not.toBeNull();
    await page.getByRole('textbox', { name: /email/i }).fill('admin@example.com');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.locator('#login-email-error').count()).toBe(0);
    expect(await page.locator('#login-password-error').innerText()).toBe('The password field is required.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it("asks for the shell and the dashboard as /admin opens, before the login bundle has arrived, and shows the admin's frame before any of it has come; /login asks for the form only", async () => {
    const ENTRY = /\/admin\/assets\/index-[\w-]+\.js$/;
    const SHELL = /\/admin\/assets\/AdminRouter-[\w-]+\.js$/;
    const DASHBOARD = /\/admin\/assets\/RegistrationDashboard-[\w-]+\.js$/;
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${t.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // /login loads the form's code, nothing of the admin's shell.
    expect(scripts.some((p) => ENTRY.test(p))).toBe(true);
    expect(scripts.filter((p) => SHELL.test(p) || DASHBOARD.test(p))).toEqual([]);
    await signIn(page, 'admin@example.com', 'Admin@2082');
    await page.getByText('Demo Admin').first().waitFor();
    // A fresh load of the dashboard on a slow link: the entry chunk is held back, and the page
    // must already be asking for the shell and the dashboard (the inline script the CSP allows).
    const coldContext = await browser.newContext({ storageState: await page.context().storageState() });
    const cold = await coldContext.newPage();
    // Holds back the files matching `file` until the returned function is called.
    const hold = async (file: RegExp) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await cold.route(file, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    const release = await hold(ENTRY);
    // The shell is held back too, to see what the page shows meanwhile.
    const releaseShell = await hold(SHELL);
    const shell = cold.waitForRequest(SHELL, { timeout: 15_000 });
    const dashboard = cold.waitForRequest(DASHBOARD, { timeout: 15_000 });
    const opened = cold.goto(`${t.url}/admin/`, { waitUntil: 'commit' });
    await expect(Promise.all([shell, dashboard])).resolves.toHaveLength(2);
    // No script file has arrived yet, and the admin's frame is already on the screen.
    await cold.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    expect(await cold.getByText('Campaign Admin').isVisible()).toBe(true);
    release();
    await opened;
    // While the shell is on its way: the admin's frame and 'Loading...', not a blank page.
    await cold.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    expect(await cold.getByText('Campaign Admin').isVisible()).toBe(true);
    releaseShell();
    await cold.getByText('Demo Admin').first().waitFor();
    await coldContext.close();
    await page.close();
  });

  it("shows 'Invalid Credentials' for a wrong password", async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'admin@example.com', 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid Credentials' }).waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('sends a visitor of /admin/user to /login and back there after signing in', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/admin/user`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'admin@example.com', 'Admin@2082');
    await page.waitForURL(/\/admin\/user/);
    await expect(page.getByText('admin@example.com').first().waitFor()).resolves.toBeUndefined();
    await page.close();
  });

  it('signs out through the user menu: back to /login, and the token it held is refused by the server', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'manager@example.com', 'Manager@2082');
    await page.waitForURL(/\/admin/);
    await page.getByText('Branch Manager').first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect((await t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await page.getByRole('button', { name: /profile/i }).click();
    await page.getByRole('menuitem', { name: /sign out/i }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    const after = await t.http().post('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Unauthenticated.' });
    await page.close();
  });

  it('does not show the dealer users link to branch staff', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'staff@example.com', 'Staff@2082');
    await page.waitForURL(/\/admin/);
    await page.getByText('Branch Staff').first().waitFor();
    expect(await page.getByRole('menuitem', { name: /dealer users/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /dealer users/i }).count()).toBe(0);
    await page.close();
  });
});
