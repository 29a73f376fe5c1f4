import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { changedFields, dataProvider, pagingQuery } from './dataProvider';
import { takeServerMessage } from './serverMessage';
import { session } from './session';

interface Call {
  url: URL;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

let calls: Call[] = [];
let reply: (call: Call) => { status?: number; body: unknown };

beforeEach(() => {
  calls = [];
  const store = new Map<string, string>([['access_token', 'tok-123']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { url: new URL(input, 'http://admin.test'), method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
    calls.push(call);
    const { status = 200, body } = reply(call);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('pagingQuery', () => {
  it('turns page, sort, search and filters into the paging protocol', () => {
    const q = pagingQuery({
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: ' ram ', amount: 100000, empty: '' },
    });
    expect(q.get('start')).toBe('20');
    expect(q.get('length')).toBe('10');
    expect(q.get('order[0][column]')).toBe('0');
    expect(q.get('order[0][dir]')).toBe('desc');
    expect(q.get('columns[0][data]')).toBe('name');
    expect(q.get('search[value]')).toBe('ram');
    expect(q.get('amount')).toBe('100000');
    expect(q.has('empty')).toBe(false);
    expect(Number(q.get('draw'))).toBeGreaterThan(0);
  });

  it('leaves the order to the server when no column is asked for, and counts draws up', () => {
    const a = pagingQuery({ pagination: { page: 1, perPage: 25 }, sort: { field: '', order: 'ASC' }, filter: {} });
    const b = pagingQuery({ pagination: { page: 1, perPage: 25 }, sort: { field: '', order: 'ASC' }, filter: {} });
    expect(a.has('order[0][column]')).toBe(false);
    expect(a.has('columns[0][data]')).toBe(false);
    expect(a.has('search[value]')).toBe(false);
    expect(a.get('start')).toBe('0');
    expect(Number(b.get('draw'))).toBe(Number(a.get('draw')) + 1);
  });
});

describe('dataProvider', () => {
  it('reads a table page with the bearer token and answers recordsFiltered as total', async () => {
    reply = () => ({
      body: {
        data: [{ id: 7, slug: 'abc123def456', name: 'Ram' }],
        input: { length: 10, start: 0, draw: 1 },
        recordsTotal: 40,
        recordsFiltered: 11,
      },
    });
    const res = await dataProvider.getList('user', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'email', order: 'ASC' },
      filter: { q: 'ram' },
    });
    expect(calls[0].url.pathname).toBe('/api/v1/user');
    expect(calls[0].url.searchParams.get('search[value]')).toBe('ram');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok-123');
    expect(res.total).toBe(11);
    // Slug resources: react-admin's id is the slug, the numeric id stays as pk.
    expect(res.data[0]).toMatchObject({ id: 'abc123def456', pk: 7, slug: 'abc123def456', name: 'Ram' });
  });

  it('keeps numeric ids for videos', async () => {
    reply = () => ({ body: { data: { id: 5, title: 'Winner' } } });
    const res = await dataProvider.getOne('video', { id: 5 });
    expect(calls[0].url.pathname).toBe('/api/v1/video/5');
    expect(res.data).toEqual({ id: 5, title: 'Winner' });
  });

  it('updates by POST to the slug with only the changed fields, and keeps the server message', async () => {
    reply = () => ({ body: { data: { id: 7, slug: 's1', first_name: 'Hari' }, message: 'User updated successfully.' } });
    const previous = { id: 's1', pk: 7, slug: 's1', first_name: 'Ram', role: { id: 1, title: 'Super Admin' }, role_id: 1 };
    const res = await dataProvider.update('user', {
      id: 's1',
      data: { ...previous, first_name: 'Hari', password: null },
      previousData: previous,
    });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url.pathname).toBe('/api/v1/user/s1');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0].body))).toEqual({ first_name: 'Hari' });
    expect(res.data).toMatchObject({ id: 's1', pk: 7, first_name: 'Hari' });
    expect(takeServerMessage('fallback')).toBe('User updated successfully.');
    expect(takeServerMessage('fallback')).toBe('fallback');
  });

  it('sends multipart when the payload holds a file', async () => {
    reply = () => ({ body: { data: { id: 1, slug: 'bm1', title: 'X' }, message: 'Created.' } });
    const file = new File(['png-bytes'], 'bike.png', { type: 'image/png' });
    await dataProvider.create('bike-model', { data: { title: 'X', thumbnail: { rawFile: file, src: 'blob:x' }, tags: ['a', 'b'], shared: true } });
    const body = calls[0].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(calls[0].headers.has('Content-Type')).toBe(false);
    expect(body.get('title')).toBe('X');
    expect((body.get('thumbnail') as File).name).toBe('bike.png');
    expect(body.getAll('tags[]')).toEqual(['a', 'b']);
    expect(body.get('shared')).toBe('1');
  });

  it('throws 422 field errors as HttpError with the first message under each field', async () => {
    reply = () => ({
      status: 422,
      body: {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.', 'second'], password: ['The password must be at least 8 characters.'] },
      },
    });
    const err = await dataProvider.create('user', { data: { email: 'a@b.c' } }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(422);
    expect(err.message).toBe('The email has already been taken.');
    expect(err.body.errors).toEqual({
      email: 'The email has already been taken.',
      password: 'The password must be at least 8 characters.',
      root: { serverError: 'The email has already been taken.' },
    });
    expect(err.body.messages.email).toEqual(['The email has already been taken.', 'second']);
  });

  it('reads another table of a resource when meta.path is given', async () => {
    reply = () => ({ body: { data: [{ id: 7, slug: 'r7', name: 'Gone' }], recordsFiltered: 1 } });
    const res = await dataProvider.getList('registration', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'ASC' },
      filter: {},
      meta: { path: '/registration/deleted' },
    });
    expect(calls[0].url.pathname).toBe('/api/v1/registration/deleted');
    expect(res.data[0].id).toBe('r7');
  });

  it("keeps the page of rows a list page asks, saved filters included, for that page's next visit", async () => {
    reply = () => ({ body: { data: [], recordsFiltered: 0 } });
    const list = { pagination: { page: 2, perPage: 10 }, sort: { field: '', order: 'ASC' as const }, filter: { prize: 'none' } };
    vi.stubGlobal('window', { location: { pathname: '/admin/preregistration/' } });
    await dataProvider.getList('preregistration', list);
    // Another table of the resource, and a list inside another page, are not the page's own rows.
    await dataProvider.getList('preregistration', { ...list, meta: { path: '/preregistration/deleted' } });
    await dataProvider.getList('registration', list);
    vi.stubGlobal('window', { location: { pathname: '/admin/registration/5/show' } });
    await dataProvider.getList('registration', list);
    expect(session.firstReads('/admin/preregistration')).toEqual(['/preregistration?start=10&length=10&prize=none']);
    expect(session.firstReads('/admin/registration')).toBeNull();
    expect(session.firstReads('/admin/registration/5/show')).toBeNull();
    // The request itself still counts its draws: only the kept read leaves the counter out.
    expect(calls[0].url.searchParams.get('draw')).toMatch(/^\d+$/);
  });

  it('throws other failures with the server message and status', async () => {
    reply = () => ({ status: 403, body: { message: 'You do not have permission to do this.' } });
    const err = await dataProvider.delete('user', { id: 's1', previousData: { id: 's1' } }).catch((e) => e);
    expect(calls[0].method).toBe('DELETE');
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(403);
    expect(err.message).toBe('You do not have permission to do this.');
    expect(err.body.errors).toBeUndefined();
  });

  it('reads plain lists answered as data or data.data', async () => {
    reply = (c) => ({ body: c.url.pathname.endsWith('/role') ? { data: [{ id: 1, title: 'Super Admin' }] } : { data: { data: [{ id: 2, title: 'Kathmandu' }] } } });
    expect(await dataProvider.getAll('/role')).toEqual([{ id: 1, title: 'Super Admin' }]);
    expect(await dataProvider.getAll('/branches')).toEqual([{ id: 2, title: 'Kathmandu' }]);
  });

  it('uploads files as type plus files[]', async () => {
    reply = () => ({ body: { data: [{ id: 9, filename: 'a.png', url: '/uploads/a.png', thumbnail: '/uploads/a_t.png' }] } });
    const res = await dataProvider.upload('image', [new File(['x'], 'a.png', { type: 'image/png' })]);
    const body = calls[0].body as FormData;
    expect(calls[0].url.pathname).toBe('/api/v1/upload');
    expect(body.get('type')).toBe('image');
    expect(body.getAll('files[]')).toHaveLength(1);
    expect(res[0].id).toBe(9);
  });
});

describe('changedFields', () => {
  it('drops read-only and unchanged fields, treats null and missing alike', () => {
    expect(
      changedFields(
        { id: 's', slug: 's', pk: 1, title: 'New', phone: null, branch: { id: 1 }, created_at: 'x' },
        { id: 's', slug: 's', pk: 1, title: 'Old', branch: { id: 1 } },
      ),
    ).toEqual({ title: 'New' });
  });

  it('sends every writable field when there is no previous record', () => {
    expect(changedFields({ id: 1, title: 'T', amount: 5 })).toEqual({ title: 'T', amount: 5 });
  });
});
