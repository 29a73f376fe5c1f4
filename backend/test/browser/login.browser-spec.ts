import { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startTestApp, TestApp } from '../harness/test-app';
import { staffDashboardPurchase } from '../factories/purchase';

/** Journey: staff sign in to the admin; the menu shows what their permissions allow. */
describe('admin login (browser)', () => {
  let t: TestApp;
  let browser: Browser;
  /** A customer of the branch staff's dealer, on their dashboard's list. */
  const BUYER = 'Dashboard Buyer';
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    await staffDashboardPurchase(t, BUYER);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const ENTRY = /\/admin\/assets\/index-[\w-]+\.js$/;
  const SHELL = /\/admin\/assets\/AdminRouter-[\w-]+\.js$/;
  const DASHBOARD = /\/admin\/assets\/RegistrationDashboard-[\w-]+\.js$/;

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
    const coldContext = await browser.newContext({ storageState: await page.context().storageState(), serviceWorkers: 'block' });
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
    // While the shell is on its way: the admin's frame and 'Loading...', not a blank page, and
    // already the dashboard list's first rows, from the answer asked for early (FirstRows.tsx).
    await cold.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    expect(await cold.getByText('Campaign Admin').isVisible()).toBe(true);
    const token = `Bearer ${await t.token('admin@example.com')}`;
    const first: Array<{ name: string; phone: string }> = (await t.http().get('/api/v1/registration').query({ start: 0, length: 10 }).set('Authorization', token)).body.data;
    expect(first.length).toBeGreaterThan(0);
    const early = cold.getByRole('list', { name: 'Registrations' }).getByRole('listitem');
    await early.first().waitFor();
    expect((await early.allInnerTexts()).map((text) => text.split('\n')[0].replace(/,\s*$/, ''))).toEqual(first.map((r) => r.name));
    expect(await early.first().innerText()).toContain(first[0].phone);
    releaseShell();
    await cold.getByText('Demo Admin').first().waitFor();
    // react-admin's list has taken their place, with the same first row.
    await cold.getByRole('list', { name: 'Registrations' }).waitFor({ state: 'detached' });
    await cold.getByText(first[0].name).first().waitFor();
    await coldContext.close();
    await page.close();
  });

  /** The addresses the page's main frame moves to, from now on (each history entry the app adds is one). */
  const framesNavigated = (page: Page) => {
    const urls: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && urls.push(f.url()));
    return urls;
  };
  /** The API calls a page makes, as `METHOD /path?query` without the table protocol's `draw` counter. */
  const apiCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/')) return;
      url.searchParams.delete('draw');
      calls.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    return calls;
  };
  /** The dashboard's first row: the purchase made in beforeAll. */
  const firstRow = (page: Page) => page.locator('.RaDataTable-row', { hasText: BUYER }).first().waitFor();
  /** A page where branch staff have signed in and see their dashboard's list. */
  const staffOnDashboard = async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'staff@example.com', 'Staff@2082');
    await firstRow(page);
    return page;
  };
  const reads = (calls: string[]) => calls.filter((c) => c.startsWith('GET ')).sort();

  it('fetches the shell and the dashboard while the user types on /login, so signing in takes them from the cache; the dashboard reads each of its data once', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    // Where each script came from: the network, or the cache the page's prefetch filled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts: { url: string; cached: boolean }[] = [];
    cdp.on('Network.responseReceived', (e) => {
      scripts.push({ url: new URL(e.response.url).pathname, cached: !!(e.response.fromDiskCache || e.response.fromPrefetchCache) });
    });
    const fetchedBefore = Promise.all([SHELL, DASHBOARD].map((file) => page.waitForRequest(file, { timeout: 15_000 })));
    await page.goto(`${t.url}/login`);
    await fetchedBefore;
    await page.waitForLoadState('networkidle');
    // Fetched, not run: the page is still the login form alone.
    expect(await page.getByText('Campaign Admin').count()).toBe(0);
    expect(scripts.filter((s) => SHELL.test(s.url) || DASHBOARD.test(s.url)).map((s) => s.cached)).toEqual([false, false]);
    // The form's code, the shell and the dashboard come in a few files, not dozens: over HTTP/1.1
    // a phone fetches six at a time, each a round trip on a slow link (vite.config.ts).
    expect(scripts.filter((s) => /\.js$/.test(s.url)).length).toBeLessThanOrEqual(8);
    const calls = apiCalls(page);
    scripts.length = 0;
    await signIn(page, 'staff@example.com', 'Staff@2082');
    await firstRow(page);
    expect(scripts.filter((s) => SHELL.test(s.url) || DASHBOARD.test(s.url)).map((s) => s.cached)).toEqual([true, true]);
    expect(scripts.filter((s) => /\.js$/.test(s.url) && !s.cached)).toEqual([]);
    // Each read once: the one asked as the shell started is the one the screen used.
    const asked = reads(calls);
    expect(asked).toEqual([...new Set(asked)]);
    expect(asked).toContain('GET /api/v1/registration?start=0&length=10');
    await context.close();
  });

  it('opens a screen from the dashboard with its code in a few files: a new pre-registration, then a record', async () => {
    const page = await staffOnDashboard();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    // The app bar's shortcut to a new pre-registration's form.
    await page.getByRole('link', { name: 'Pre-Registration', exact: true }).click();
    await page.getByRole('textbox', { name: /^Full Name/ }).waitFor();
    // Over HTTP/1.1 a phone asks six files at a time, each a round trip on a slow link: the
    // form's code came in 19 files (vite.config.ts, COMMON_SHARE_COUNT).
    const form = scripts.splice(0);
    expect(form.length).toBeLessThanOrEqual(4);
    // A purchase's record after it (16 files before), the screens' common file already here.
    await page.goBack();
    await firstRow(page);
    await page.locator('.RaDataTable-row', { hasText: BUYER }).first().click();
    await page.locator('.RaShow-main').getByText(BUYER).first().waitFor();
    expect(scripts.length).toBeLessThanOrEqual(4);
    await page.close();
  });

  it("with data saving asked for, /login fetches nothing of the admin's", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() !== 'document' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${t.url}/login`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((p) => ENTRY.test(p))).toBe(true);
    expect(scripts.filter((p) => SHELL.test(p) || DASHBOARD.test(p))).toEqual([]);
    await page.close();
  });

  it('opened cold, the dashboard asks for its data while its code is still arriving, once each, and the screen on its own reads nothing else', async () => {
    const page = await staffOnDashboard();
    const coldContext = await browser.newContext({ storageState: await page.context().storageState(), serviceWorkers: 'block' });
    await page.close();
    const cold = await coldContext.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await cold.route(SHELL, async (route) => {
      await held;
      await route.continue();
    });
    const calls = apiCalls(cold);
    const listAsked = cold.waitForRequest((r) => r.url().includes('/api/v1/registration?'), { timeout: 15_000 });
    await cold.goto(`${t.url}/admin/`, { waitUntil: 'commit' });
    await listAsked;
    // The reads are asked together; the page cannot go quiet while the shell is held.
    await new Promise((r) => setTimeout(r, 500));
    // The shell has not arrived, and the session's check and the screen's reads are on their way.
    expect(await cold.locator('.RaLayout-appFrame').count()).toBe(0);
    const early = reads(calls);
    expect(calls).toContain('POST /api/v1/auth/me');
    release();
    await firstRow(cold);
    await cold.waitForLoadState('networkidle');
    // Nothing asked twice: the screen took what was asked early.
    expect(reads(calls)).toEqual(early);
    expect(calls.filter((c) => c === 'POST /api/v1/auth/me')).toHaveLength(1);
    // The screen on its own (another page, then the dashboard again in the app) asks nothing
    // that was not asked early (less what the app keeps for the page's life: the settings).
    await cold
      .getByRole('menuitem', { name: 'Pre-Registrations' })
      .or(cold.getByRole('link', { name: 'Pre-Registrations' }))
      .first()
      .click();
    await cold.waitForURL(/\/admin\/preregistration/);
    await cold.waitForLoadState('networkidle');
    calls.length = 0;
    await cold
      .getByRole('menuitem', { name: 'Dashboard' })
      .or(cold.getByRole('link', { name: 'Dashboard' }))
      .first()
      .click();
    await firstRow(cold);
    await cold.waitForLoadState('networkidle');
    // The pre-registration list's own read may still land after its page went quiet on a loaded
    // machine (seen once in CI, counted with the dashboard's): it is the page left, not the dashboard.
    const again = reads(calls).filter((c) => !c.startsWith('GET /api/v1/preregistration?'));
    expect(again.length).toBeGreaterThanOrEqual(3);
    expect(again.filter((c) => !early.includes(c))).toEqual([]);
    await coldContext.close();
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
    const pages = framesNavigated(page);
    await page.goto(`${t.url}/admin/user`);
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // Straight to the form: the page and its address replaced once, not a history entry per redirect.
    expect(pages.length).toBeLessThanOrEqual(2);
    await signIn(page, 'admin@example.com', 'Admin@2082');
    await page.waitForURL(/\/admin\/user/);
    await expect(page.getByText('admin@example.com').first().waitFor()).resolves.toBeUndefined();
    await page.close();
  });

  it('sends a user whose stored session the server refuses to /login once, and back to their page after signing in', async () => {
    const page = await staffOnDashboard();
    // The session ends on the server (signed out elsewhere); this page still holds its token.
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect((await t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const pages = framesNavigated(page);
    await page.goto(`${t.url}/admin/preregistration`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // A handful of moves, where react-admin's repeated sign-out redirects made about 4,400.
    expect(pages.length).toBeLessThanOrEqual(5);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await signIn(page, 'staff@example.com', 'Staff@2082');
    await page.waitForURL(/\/admin\/preregistration$/);
    await page.getByText('Branch Staff').first().waitFor();
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

  it('gives branch staff, who cannot save the settings, no Settings link, and its address sends them back to /admin', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'staff@example.com', 'Staff@2082');
    await page.waitForURL(/\/admin/);
    await page.getByText('Branch Staff').first().waitFor();
    expect(await page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    await page.goto(`${t.url}/admin/settings`);
    await page.getByRole('alert').filter({ hasText: 'You do not have permission to open that page.' }).waitFor();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await page.close();
  });
});
