import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './dataProvider';
import { EARLY_READ_MS, readEarly } from './http';

/** The requests that reached the network, and the store the session lives in. */
let sent: { url: string; auth: string | null }[] = [];
let store: Map<string, string>;
let answer = 0;

beforeEach(() => {
  sent = [];
  answer = 0;
  store = new Map([['access_token', 'tok-1']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    sent.push({ url: input, auth: new Headers(init.headers).get('Authorization') });
    // Each answer numbered: a list's as its count, anything else's in its data.
    const n = ++answer;
    const body = input.includes('/registration') ? { data: [], recordsFiltered: n } : { data: { answer: n } };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reads asked early', () => {
  it('hands a read asked early to the same GET once, whatever its draw counter; the next GET goes to the server', async () => {
    readEarly(['/stats', '/registration?start=0&length=10']);
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/stats', '/api/v1/registration?start=0&length=10']);
    expect(sent[0].auth).toBe('Bearer tok-1');
    expect(await dataProvider.getObject('/stats')).toEqual({ answer: 1 });
    const list = await dataProvider.getList('registration', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    expect(sent).toHaveLength(2);
    expect(list.total).toBe(2);
    expect(await dataProvider.getObject('/stats')).toEqual({ answer: 3 });
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/stats', '/api/v1/registration?start=0&length=10', '/api/v1/stats']);
  });

  it('does not hand a read to another query, to another session, or after EARLY_READ_MS', async () => {
    readEarly(['/registration?start=0&length=10', '/stats', '/settings']);
    // Another page of the list: asked of the server.
    await dataProvider.getList('registration', { pagination: { page: 2, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: {} });
    expect(sent.at(-1)?.url).toMatch(/start=10&length=10/);
    // Another session: the read asked with the old token is not used.
    store.set('access_token', 'tok-2');
    await dataProvider.getObject('/stats');
    expect(sent.at(-1)).toEqual({ url: '/api/v1/stats', auth: 'Bearer tok-2' });
    // Too late: asked again.
    store.set('access_token', 'tok-1');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + EARLY_READ_MS + 1);
    await dataProvider.getObject('/settings');
    expect(sent.filter((s) => s.url === '/api/v1/settings')).toHaveLength(2);
  });

  it('lets go of a read nobody took within EARLY_READ_MS, and asks again when it is read later', async () => {
    vi.useFakeTimers();
    readEarly(['/settings']);
    vi.advanceTimersByTime(EARLY_READ_MS);
    readEarly(['/settings']);
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/settings', '/api/v1/settings']);
    vi.useRealTimers();
    expect(await dataProvider.getObject('/settings')).toEqual({ answer: 2 });
    expect(sent).toHaveLength(2);
  });

  it('asks nothing without a stored session, and nothing twice', () => {
    store.clear();
    readEarly(['/stats']);
    expect(sent).toEqual([]);
    store.set('access_token', 'tok-1');
    readEarly(['/branches']);
    readEarly(['/branches']);
    expect(sent).toHaveLength(1);
  });
});
