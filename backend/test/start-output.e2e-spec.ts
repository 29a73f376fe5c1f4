import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_LOGINS } from '../src/database/seeds/demo-data';
import { ChildApp, startChildApp } from './harness/child-app';
import { createTestDatabase } from './harness/test-app';

jest.setTimeout(240_000);

/**
 * What a newcomer sees after `npm start`: the built app as a child process, everything it
 * writes kept. The start ends with the address and the demo logins; every log line before
 * them is the one JSON format; the route table is there only at debug level.
 */
describe('the output of a start', () => {
  let drop: () => Promise<void>;
  let url: string;
  const children: ChildApp[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase('demo');
    drop = database.drop;
    url = database.url;
  });
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) await c.stop('SIGKILL');
    await drop?.();
  });

  /** Starts the app and gives it a moment to write whatever comes after it is ready. */
  async function start(env: Record<string, string>): Promise<string[]> {
    const child = await startChildApp({ databaseUrl: url, env: { SEED_DEMO: 'true', ...env } });
    children.push(child);
    await new Promise((r) => setTimeout(r, 1500));
    // The harness polls /api/v1/health to know the app is up: those request lines are the test's, not the start's.
    const lines = child.lines.filter((l) => !(isJson(l) && JSON.parse(l).req?.url === '/api/v1/health'));
    await child.stop();
    return lines;
  }

  const isJson = (line: string) => {
    try {
      return typeof JSON.parse(line) === 'object';
    } catch {
      return false;
    }
  };

  it('ends with the address and the demo logins, after log lines of one format', async () => {
    const lines = await start({ LOG_LEVEL: 'info' });
    const banner = lines.findIndex((l) => l.startsWith('  Campaign is ready in'));
    expect(banner).toBeGreaterThan(-1);
    // Everything before the banner is a JSON log line; the banner is the end of the output.
    expect(lines.slice(0, banner).filter((l) => !isJson(l))).toEqual([]);
    const tail = lines.slice(banner);
    expect(tail.every((l) => l.startsWith('  '))).toBe(true);
    expect(tail.find((l) => l.startsWith('  Admin'))).toMatch(/^ {2}Admin +http:\/\/localhost:\d+\/admin/);
    expect(tail.slice(-DEMO_LOGINS.length - 1)).toEqual([
      '  Demo logins:',
      ...DEMO_LOGINS.map((d) => expect.stringMatching(new RegExp(`^ {4}${d.email.replace('.', '\\.')} +${d.password} +${d.role}$`))),
    ]);
    // No route table at info level.
    expect(lines.some((l) => l.includes('Mapped {'))).toBe(false);
  });

  it('shows the route table at debug level', async () => {
    const lines = await start({ LOG_LEVEL: 'debug' });
    const mapped = lines.filter((l) => l.includes('Mapped {/api/v1/branch, GET} route'));
    expect(mapped).toHaveLength(1);
    expect(JSON.parse(mapped[0])).toMatchObject({ level: 20, context: 'RouterExplorer' });
    expect(lines[lines.length - 1]).toMatch(/^ {4}staff2@example\.com/);
  });

  it('is ready when the app itself answers, not another server holding its port', async () => {
    // Under parallel test files a port found free can be taken before the child listens; the
    // harness then read the other app's pages as this one's (the brand test below, once in CI).
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok","database":"up"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      await expect(startChildApp({ databaseUrl: url, port, readyTimeoutMs: 30_000 })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("shows the demo's brand to the first visitor of a start that seeds it", async () => {
    // An empty database: this start seeds the demo, and its first page must be the demo's brand, not the defaults.
    const empty = await createTestDatabase('empty');
    try {
      const child = await startChildApp({ databaseUrl: empty.url, env: { SEED_DEMO: 'true' } });
      children.push(child);
      const page = await (await fetch(`${child.url}/`)).text();
      expect(page).toContain('<title>Campaign 2082</title>');
      expect(page).toContain('alt="Everest Moto"');
      expect(page).toMatch(/<img class="logo logo-uploaded" src="\/uploads\/\w+\.webp"/);
      const settings = (await (await fetch(`${child.url}/api/v1/settings`)).json()) as { data: { brand_name: string } };
      expect(settings.data.brand_name).toBe('Everest Moto');
      await child.stop();
    } finally {
      await empty.drop();
    }
  });
});
